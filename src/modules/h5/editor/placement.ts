import { PAGE_MODE, WORK_DEFAULT_HEIGHT, WORK_DEFAULT_WIDTH, type CommonStyle } from '@/contracts/h5';
import { addNewElement } from '../core/actions';
import { defaultCommonStyle } from '../core/model';
import { isLocked } from '../core/ops';
import { elementSpec } from '../core/registry';
import { editorState } from '../core/store';

/**
 * Where a new element goes: at a free spot of the page when picked from the palette with a click,
 * centred on the pointer when dropped on the canvas. Plain geometry over the page's boxes.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The size a new element of type `name` gets (spec 3 defaults, then the type's own). */
export function defaultSize(name: string): Size {
  const style: CommonStyle = { ...defaultCommonStyle(), ...(elementSpec(name)?.defaultStyle ?? {}) };
  return { width: style.width, height: style.height };
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), Math.max(min, max));

/** The top-left corner for an element of `size` centred on `point` (page coordinates), kept on the canvas. */
export function dropPosition(point: { x: number; y: number }, size: Size, canvas: Size): { left: number; top: number } {
  return {
    left: Math.round(clamp(point.x - size.width / 2, 0, canvas.width - size.width)),
    top: Math.round(clamp(point.y - size.height / 2, 0, canvas.height - size.height)),
  };
}

const overlaps = (a: Box, b: Box, gap: number) =>
  a.left < b.left + b.width + gap && b.left < a.left + a.width + gap && a.top < b.top + b.height + gap && b.top < a.top + a.height + gap;

/**
 * The first spot, row by row from the top (centred first, then left to right), where a box of
 * `size` overlaps none of `boxes` (with a small gap). None free: in a long page, below the lowest
 * element; otherwise cascaded from the top-left (20 px per element already there).
 */
export function freeSpot(boxes: readonly Box[], size: Size, canvas: Size & { longPage: boolean }, step = 10, gap = 4): { left: number; top: number } {
  const maxLeft = Math.max(0, canvas.width - size.width);
  const maxTop = canvas.height - size.height;
  const centre = Math.round(maxLeft / 2);
  const lefts = [centre];
  for (let x = 0; x <= maxLeft; x += step) if (x !== centre) lefts.push(x);
  for (let top = 0; top <= maxTop; top += step) {
    for (const left of lefts) {
      const box = { left, top, ...size };
      if (!boxes.some((b) => overlaps(box, b, gap))) return { left, top };
    }
  }
  if (canvas.longPage) {
    const bottom = boxes.reduce((m, b) => Math.max(m, b.top + b.height), 0);
    return { left: centre, top: Math.ceil(bottom + step) };
  }
  const n = boxes.length % 10;
  return { left: Math.min(maxLeft, 20 * n), top: Math.max(0, Math.min(maxTop, 20 * n)) };
}

/**
 * Where a type fixed to the page goes in a work of another size than the default (320 × 568): one
 * that covers the default page (background) covers this one; one on the right half (the music
 * button) keeps its distance to the right edge.
 */
export function fixedPlace(defaultStyle: Partial<CommonStyle>, work: Size): Partial<CommonStyle> {
  const d = { ...defaultCommonStyle(), ...defaultStyle };
  if (d.width >= WORK_DEFAULT_WIDTH && d.height >= WORK_DEFAULT_HEIGHT) return { left: 0, top: 0, width: work.width, height: work.height };
  if (d.left + d.width / 2 > WORK_DEFAULT_WIDTH / 2) return { left: d.left + work.width - WORK_DEFAULT_WIDTH };
  return {};
}

/**
 * Adds an element of type `name` to the editing page and selects it: centred on `at` (page
 * coordinates: dropped on the canvas) or at a free spot (clicked in the palette). Types fixed to
 * the page (background, music) keep their own place (fixedPlace). Returns the new element's uuid.
 */
export function addFromPalette(name: string, at?: { x: number; y: number }): string | undefined {
  const work = editorState.work;
  const page = editorState.editingPage;
  if (!work || !page) return undefined;
  const spec = elementSpec(name);
  if (spec?.locked) return addNewElement(name, { commonStyle: fixedPlace(spec.defaultStyle ?? {}, work) });
  const size = defaultSize(name);
  const boxes = page.elements.filter((e) => !isLocked(e)).map((e) => e.commonStyle);
  const longPage = work.page_mode === PAGE_MODE.longPage;
  const height = longPage ? boxes.reduce((h, b) => Math.max(h, b.top + b.height), work.height) : work.height;
  const pos = at ? dropPosition(at, size, { width: work.width, height }) : freeSpot(boxes, size, { width: work.width, height: work.height, longPage });
  return addNewElement(name, { commonStyle: pos });
}
