import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Draggable, makeMoveable, Resizable, Rotatable, Snappable, type DraggableProps, type OnDrag, type OnResize, type OnResizeStart, type OnRotate, type OnRotateStart, type ResizableProps, type RotatableProps, type SnappableProps } from 'react-moveable';
import Selecto from 'react-selecto';
import { useSnapshot } from 'valtio';
import { patchElements } from '../../core/actions';
import { findElement } from '../../core/ops';
import { editorState, select } from '../../core/store';
import { editorUi } from '../editor-ui';
import { boxTransform } from './element-style';
import { Gesture, type Frame } from './gesture';

/**
 * Direct manipulation of the editing page's elements: react-selecto picks (click, shift-click,
 * marquee; locked types are not picked on the canvas), react-moveable drags, resizes and rotates
 * the picked ones (a group when several), snapping to the canvas edges and centre, to the other
 * elements and to the guide lines. During a gesture only the DOM moves (transform, size); the
 * document changes once, when the gesture ends (one history step).
 *
 * Moveable lives inside the scaled page frame (its coordinates are the page's), drawn at screen
 * size with `zoom`; the viewport is its untransformed root container.
 */

const EL = '.h5-el';
/** The selector of an element's box on the canvas. */
export const elementSelector = (uuid: string) => `${EL}[data-uuid="${uuid.replace(/["\\]/g, '\\$&')}"]`;
const byUuid = (frame: HTMLElement, uuid: string) => frame.querySelector<HTMLElement>(elementSelector(uuid));
const uuidOf = (el: Element) => (el as HTMLElement).dataset.uuid ?? '';

/** Scrolls the canvas so the element shows in the middle (after it was added, or picked in the layers) unless it shows already; once it has rendered. */
export function revealElement(uuid: string) {
  requestAnimationFrame(() => {
    const el = document.querySelector(elementSelector(uuid));
    const viewport = el?.closest('[data-testid="canvas-viewport"]');
    if (!el || !viewport) return;
    const r = el.getBoundingClientRect();
    const v = viewport.getBoundingClientRect();
    const inside = r.top >= v.top && r.bottom <= v.bottom && r.left >= v.left && r.right <= v.right;
    if (!inside) el.scrollIntoView({ block: 'center', inline: 'center' });
  });
}
const sameList = (a: readonly Element[], b: readonly Element[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const ALL_DIRECTIONS = { top: true, left: true, bottom: true, right: true, center: true, middle: true } as const;
/**
 * Other elements snap only within this distance (screen px) of the moving box: a page of 200
 * elements would otherwise check and draw guidelines to all of them on every frame.
 */
const SNAP_NEAR_PX = 80;

/** At most this many other elements are snap targets of a gesture (moveable measures each when it starts). */
const SNAP_MAX_ELEMENTS = 40;

/**
 * The other elements a gesture may snap to: those within `reach` page px of the picked ones (about
 * a screen), the nearest first, at most SNAP_MAX_ELEMENTS — read from the document, not measured.
 */
function nearElements(frame: HTMLElement, targets: readonly HTMLElement[], reach: number): HTMLElement[] {
  const page = editorState.editingPage;
  const picked = new Set(targets.map(uuidOf));
  const boxes = page ? page.elements.filter((e) => picked.has(e.uuid)).map((e) => e.commonStyle) : [];
  if (!page || boxes.length === 0) return [];
  const top = Math.min(...boxes.map((b) => b.top));
  const left = Math.min(...boxes.map((b) => b.left));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const gap = (s: { top: number; left: number; width: number; height: number }) =>
    Math.max(0, s.top - bottom, top - (s.top + s.height)) + Math.max(0, s.left - right, left - (s.left + s.width));
  const near = page.elements
    .filter((e) => !picked.has(e.uuid))
    .map((e) => ({ uuid: e.uuid, d: gap(e.commonStyle) }))
    .filter((e) => e.d <= reach)
    .sort((a, b) => a.d - b.d)
    .slice(0, SNAP_MAX_ELEMENTS);
  const nodes = new Map([...frame.querySelectorAll<HTMLElement>(`${EL}:not([data-locked])`)].map((n) => [uuidOf(n), n]));
  return near.map((e) => nodes.get(e.uuid)).filter((n): n is HTMLElement => n !== undefined);
}

/** Writes a frame to the element's DOM (position through the transform, so nothing re-lays out the page). */
function paint(target: HTMLElement | SVGElement, f: Frame) {
  const style = (target as HTMLElement).style;
  style.width = `${f.width}px`;
  style.height = `${f.height}px`;
  style.transform = boxTransform(f.rotate, f.translate);
}

/** Puts the element's DOM back to what the document says (after a gesture is committed or dropped). */
function rest(target: HTMLElement) {
  const page = editorState.editingPage;
  const el = page && findElement(page, uuidOf(target));
  if (!el) return;
  const s = el.commonStyle;
  Object.assign(target.style, { left: `${s.left}px`, top: `${s.top}px`, width: `${s.width}px`, height: `${s.height}px`, transform: boxTransform(s.rotate ?? 0) });
}

/**
 * Moveable with the abilities the canvas uses (drag, resize, rotate, snap; groups come with every
 * moveable), so the others (warp, clip, round, pinch, scale…) stay out of the bundle.
 */
// (The ables' own declarations type dragRelation as string, which makeMoveable's parameter does not accept.)
const Moveable = makeMoveable<DraggableProps & ResizableProps & RotatableProps & SnappableProps>([Draggable, Resizable, Rotatable, Snappable] as never[]);
type MoveableInstance = InstanceType<typeof Moveable>;

export interface CanvasMoveableProps {
  /** The scaled page frame holding the elements. */
  frame: HTMLElement;
  /** The scrolling viewport around it (marquee area, moveable's root container). */
  viewport: HTMLElement;
  width: number;
  height: number;
}

export function CanvasMoveable({ frame, viewport, width, height }: CanvasMoveableProps) {
  const snap = useSnapshot(editorState);
  const ui = useSnapshot(editorUi);
  const selection = snap.selection;
  const revision = snap.revision;
  const scale = snap.scaleRate;
  const pageUuid = snap.editingPageUuid;
  const moveableRef = useRef<MoveableInstance>(null);
  const selectoRef = useRef<Selecto>(null);
  /** What the press that started a group drag was on (the group's area, or the element when selecto started it). */
  const groupPress = useRef<Element | null>(null);
  const gesture = useRef(new Gesture());
  const [targets, setTargets] = useState<HTMLElement[]>([]);

  // The selection's DOM nodes (after the elements have rendered); selecto is told so shift-click toggles from here.
  useLayoutEffect(() => {
    let found = selection.map((u) => byUuid(frame, u)).filter((e): e is HTMLElement => e !== null);
    if (found.length > 1) found = found.filter((e) => !e.hasAttribute('data-locked'));
    setTargets((prev) => (sameList(prev, found) ? prev : found));
    selectoRef.current?.setSelectedTargets(found);
  }, [frame, selection, pageUuid, revision]);

  // The document changed (props panel, undo, a committed gesture), or the zoom did: the box follows.
  useEffect(() => {
    moveableRef.current?.updateRect();
  }, [revision, scale, targets, width, height]);

  const locked = targets.length > 0 && targets.every((e) => e.hasAttribute('data-locked'));
  const others = useMemo(
    () => (ui.prefs.snapping ? nearElements(frame, targets, viewport.clientHeight / scale) : []),
    // revision: elements added or removed since.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [frame, viewport, scale, targets, ui.prefs.snapping, revision, pageUuid],
  );

  const begin = useCallback((target: HTMLElement | SVGElement): Frame | undefined => {
    const page = editorState.editingPage;
    const el = page && findElement(page, uuidOf(target));
    return el ? gesture.current.begin(el.uuid, el.commonStyle) : undefined;
  }, []);
  const frameOf = (target: HTMLElement | SVGElement) => gesture.current.frame(uuidOf(target));

  /** The gesture ends: one change of the document, then the DOM shows the document again. */
  const commit = useCallback(() => {
    const patches = gesture.current.finish();
    if (patches.length > 0) patchElements(patches, 'step');
    for (const t of targets) rest(t);
    moveableRef.current?.updateRect();
  }, [targets]);

  const onDrag = (e: OnDrag) => {
    const f = frameOf(e.target);
    if (!f) return;
    f.translate = [e.beforeTranslate[0]!, e.beforeTranslate[1]!];
    paint(e.target, f);
  };
  const onResizeStart = (e: OnResizeStart) => {
    const f = begin(e.target);
    e.setOrigin(['%', '%']);
    if (f && e.dragStart) e.dragStart.set(f.translate);
  };
  const onResize = (e: OnResize) => {
    const f = frameOf(e.target);
    if (!f) return;
    f.width = e.width;
    f.height = e.height;
    f.translate = [e.drag.beforeTranslate[0]!, e.drag.beforeTranslate[1]!];
    paint(e.target, f);
  };
  const onRotateStart = (e: OnRotateStart) => {
    const f = begin(e.target);
    if (!f) return;
    e.set(f.rotate);
    if (e.dragStart) e.dragStart.set(f.translate);
  };
  const onRotate = (e: OnRotate) => {
    const f = frameOf(e.target);
    if (!f) return;
    f.rotate = e.rotation;
    f.translate = [e.drag.beforeTranslate[0]!, e.drag.beforeTranslate[1]!];
    paint(e.target, f);
  };

  const movable = targets.length > 0 && !locked;
  return (
    <>
      <Moveable
        ref={moveableRef}
        target={targets.length === 1 ? targets[0] : targets}
        rootContainer={viewport}
        zoom={1 / scale}
        origin={false}
        draggable={movable}
        resizable={movable}
        rotatable={movable}
        throttleDrag={0}
        throttleResize={0}
        throttleRotate={0}
        keepRatio={false}
        snappable={ui.prefs.snapping}
        snapDirections={ALL_DIRECTIONS}
        elementSnapDirections={ALL_DIRECTIONS}
        snapThreshold={5}
        isDisplaySnapDigit={false}
        snapGap={false}
        maxSnapElementGuidelineDistance={SNAP_NEAR_PX}
        verticalGuidelines={[0, width / 2, width]}
        horizontalGuidelines={[0, height / 2, height]}
        elementGuidelines={others}
        snapRotationDegrees={[0, 90, 180, 270]}
        onDragStart={(e) => void begin(e.target)}
        onDrag={onDrag}
        onDragEnd={commit}
        onDragGroupStart={(e) => {
          groupPress.current = (e.inputEvent?.target as Element | null) ?? null;
          e.events.forEach((ev) => begin(ev.target));
        }}
        onDragGroup={(e) => e.events.forEach(onDrag)}
        onDragGroupEnd={(e) => {
          commit();
          // A click (no drag) inside the group's area: selecto picks or toggles (shift) the element
          // under it, as on a single element. Not when selecto itself started the drag (the press that
          // formed the group, on the element).
          const pressed = groupPress.current;
          groupPress.current = null;
          const input = e.inputEvent as MouseEvent | undefined;
          if (e.isDrag || !input || !pressed || !moveableRef.current?.isMoveableElement(pressed)) return;
          const under = document.elementsFromPoint(input.clientX, input.clientY).find((n) => n.matches(`${EL}:not([data-locked])`) && frame.contains(n));
          if (under) selectoRef.current?.clickTarget(input, under);
        }}
        onResizeStart={onResizeStart}
        onResize={onResize}
        onResizeEnd={commit}
        onResizeGroupStart={(e) => e.events.forEach(onResizeStart)}
        onResizeGroup={(e) => e.events.forEach(onResize)}
        onResizeGroupEnd={commit}
        onRotateStart={onRotateStart}
        onRotate={onRotate}
        onRotateEnd={commit}
        onRotateGroupStart={(e) => e.events.forEach(onRotateStart)}
        onRotateGroup={(e) => e.events.forEach(onRotate)}
        onRotateGroupEnd={commit}
      />
      <Selecto
        ref={selectoRef}
        container={viewport}
        dragContainer={viewport}
        rootContainer={viewport}
        selectableTargets={[() => [...frame.querySelectorAll<HTMLElement>(`${EL}:not([data-locked])`)]]}
        hitRate={0}
        ratio={0}
        selectByClick
        selectFromInside={false}
        toggleContinueSelect={['shift']}
        onDragStart={(e) => {
          const input = e.inputEvent as MouseEvent;
          const target = input.target as Element;
          if (input.button === 2) return e.stop();
          // On the moveable box or an element already picked: moveable drags it (shift-click still toggles).
          if (moveableRef.current?.isMoveableElement(target) || (!input.shiftKey && targets.some((t) => t === target || t.contains(target)))) e.stop();
        }}
        onSelectEnd={(e) => {
          // Those already selected stay first (the first is the element the panels edit), then the new ones.
          const picked = e.selected.map(uuidOf);
          const before = editorState.selection.filter((u) => picked.includes(u));
          select([...before, ...picked.filter((u) => !before.includes(u))]);
          if (e.isDragStart && e.selected.length > 0) {
            e.inputEvent.preventDefault();
            void moveableRef.current?.waitToChangeTarget().then(() => moveableRef.current?.dragStart(e.inputEvent));
          }
        }}
      />
    </>
  );
}
