import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { snapshot } from 'valtio';
import { MAX_SCALE, MIN_SCALE } from '@/contracts/h5';
import { storage } from '@/lib/storage';
import { newWork } from './model';
import {
  CONFIRM_DELETE_KEY,
  change,
  closeWork,
  editorState,
  loadWork,
  redo,
  select,
  setConfirmDelete,
  setEditingPage,
  setPreferenceStorage,
  setScale,
  undo,
  wheelZoom,
  zoomIn,
  zoomOut,
  zoomReset,
} from './store';
import * as ops from './ops';
import { memoryPrefs, openWork, pageWith, registerFakeSpecs } from './test-support';

beforeAll(registerFakeSpecs);

const id = (i: number) => `fake-text_el${String(i).padStart(5, '0')}`;
const page = () => editorState.editingPage!;
const tops = () => page().elements.map((e) => e.commonStyle.top);
const move = (i: number, top: number, capture?: Parameters<typeof change>[1]) =>
  change((w) => {
    w.pages[0]!.elements[i]!.commonStyle.top = top;
  }, capture);

beforeEach(() => {
  openWork();
  zoomReset();
});

describe('loadWork', () => {
  it('repairs the work, selects the first page and clears selection and history', () => {
    select([id(0)]);
    move(0, 5);
    setScale(1.4);
    loadWork({ title: '活动', pages: [{ uuid: 'page_one1', elements: [{ name: 'fake-text', commonStyle: { top: 'bad' } }] }, { uuid: 'page_two2', elements: [] }] });
    expect(editorState.work!.title).toBe('活动');
    expect(editorState.editingPageUuid).toBe('page_one1');
    expect(page().elements[0]!.commonStyle.top).toBe(100);
    expect(editorState.selection).toEqual([]);
    expect(editorState.canUndo).toBe(false);
    expect(editorState.canRedo).toBe(false);
    expect(editorState.scaleRate).toBe(1.4);
    undo();
    expect(editorState.work!.title).toBe('活动');
  });

  it('closes a work', () => {
    closeWork();
    expect(editorState.work).toBeNull();
    expect(editorState.editingPage).toBeNull();
    expect(editorState.canUndo).toBe(false);
    change(() => {
      throw new Error('never called without a work');
    });
  });
});

describe('change, undo, redo', () => {
  it('applies a change in place, bumps the revision and enters history', () => {
    const before = editorState.revision;
    const el = page().elements[0];
    move(0, 5);
    expect(page().elements[0]).toBe(el);
    expect(tops()).toEqual([5, 100, 100]);
    expect(editorState.revision).toBe(before + 1);
    expect(editorState.canUndo).toBe(true);
    undo();
    expect(tops()).toEqual([100, 100, 100]);
    expect(editorState.revision).toBe(before + 2);
    expect(editorState.canUndo).toBe(false);
    expect(editorState.canRedo).toBe(true);
    redo();
    expect(tops()).toEqual([5, 100, 100]);
    expect(editorState.canRedo).toBe(false);
  });

  it('makes no step and no revision for a change that changes nothing', () => {
    const before = editorState.revision;
    move(0, 100);
    change((w) => ops.moveUp(w.pages[0]!, [id(2)]));
    expect(editorState.revision).toBe(before);
    expect(editorState.canUndo).toBe(false);
  });

  it('rolls back a change that throws', () => {
    const before = editorState.revision;
    expect(() =>
      change((w) => {
        w.pages[0]!.elements[0]!.commonStyle.top = 1;
        throw new Error('half done');
      }),
    ).toThrow('half done');
    expect(tops()).toEqual([100, 100, 100]);
    expect(editorState.revision).toBe(before);
    expect(editorState.canUndo).toBe(false);
  });

  it('drops the redo states when a change follows an undo', () => {
    move(0, 1);
    move(0, 2);
    undo();
    move(0, 3);
    expect(editorState.canRedo).toBe(false);
    undo();
    expect(tops()[0]).toBe(1);
  });

  it('undoes only while the index is above 0', () => {
    move(0, 1);
    undo();
    const revision = editorState.revision;
    undo();
    expect(tops()[0]).toBe(100);
    expect(editorState.revision).toBe(revision);
  });

  it('makes a drag or a typed value one step ({ merge: key })', () => {
    for (let top = 101; top <= 160; top++) move(0, top, { merge: 'drag:0' });
    move(1, 50);
    for (const title of ['首', '首页', '首页A']) change((w) => void (w.pages[0]!.title = title), { merge: 'page-title' });
    undo();
    expect(page().title).toBe('');
    undo();
    expect(tops()).toEqual([160, 100, 100]);
    undo();
    expect(tops()).toEqual([100, 100, 100]);
    expect(editorState.canUndo).toBe(false);
  });

  it('keeps at most 100 steps', () => {
    for (let i = 1; i <= 130; i++) move(0, i);
    let undone = 0;
    while (editorState.canUndo) {
      undo();
      undone += 1;
    }
    expect(undone).toBe(100);
    expect(tops()[0]).toBe(30);
  });

  it('keeps selection and zoom out of history and the revision', () => {
    const revision = editorState.revision;
    select([id(1)]);
    zoomIn();
    setEditingPage(editorState.editingPageUuid!);
    expect(editorState.revision).toBe(revision);
    expect(editorState.canUndo).toBe(false);
    select([id(2)]);
    move(0, 1);
    select([id(0)]);
    undo();
    expect(editorState.selection).toEqual([id(0)]);
    expect(editorState.scaleRate).toBe(1.2);
  });

  it('restores only what changed: untouched elements keep their objects and snapshots', () => {
    loadWork(newWork({ pages: [pageWith(50), pageWith(5)] }));
    const proxiesBefore = [...page().elements];
    const snapBefore = snapshot(editorState.work!);
    move(7, 1);
    undo();
    const snapAfter = snapshot(editorState.work!);
    expect(page().elements).toEqual(proxiesBefore);
    page().elements.forEach((e, i) => expect(e).toBe(proxiesBefore[i]));
    expect(snapAfter.pages[1]).toBe(snapBefore.pages[1]);
    const same = snapAfter.pages[0]!.elements.filter((e, i) => e === snapBefore.pages[0]!.elements[i]).length;
    expect(same).toBe(49);
    expect(snapAfter.pages[0]!.elements[7]).toEqual(snapBefore.pages[0]!.elements[7]);
  });

  it('restores a reorder, a removal and an addition by moving the existing objects', () => {
    const [a, b, c] = page().elements;
    change((w) => ops.moveToTop(w.pages[0]!, [id(0)]));
    change((w) => ops.removeElements(w.pages[0]!, [id(1)]));
    change((w) => void w.pages[0]!.elements.reverse());
    undo();
    undo();
    expect(page().elements.map((e) => e.uuid)).toEqual([id(0), id(1), id(2)]);
    expect(page().elements[0]).toBe(a);
    expect(page().elements[2]).toBe(c);
    expect(page().elements[1]).not.toBe(b);
    undo();
    expect(page().elements.map((e) => e.commonStyle.zindex)).toEqual([1, 2, 3]);
    redo();
    redo();
    redo();
    expect(page().elements.map((e) => e.uuid)).toEqual([id(2), id(0)]);
  });

  it('keeps a valid editing page and drops selected elements that undo removed', () => {
    const first = editorState.editingPageUuid;
    let added = '';
    change((w) => {
      added = ops.addPage(w, first);
    });
    setEditingPage(added);
    undo();
    expect(editorState.editingPageUuid).toBe(first);
    change((w) => void ops.pasteElements(w.pages[0]!, [page().elements[0]!]));
    const pasted = page().elements[3]!.uuid;
    select([id(0), pasted]);
    undo();
    expect(editorState.selection).toEqual([id(0)]);
  });
});

describe('editing page and selection', () => {
  it('changing the editing page clears the selection; unknown pages are ignored', () => {
    change((w) => void ops.addPage(w));
    const second = editorState.work!.pages[1]!.uuid;
    select([id(0)]);
    setEditingPage('nope');
    expect(editorState.selection).toEqual([id(0)]);
    setEditingPage(second);
    expect(editorState.editingPageUuid).toBe(second);
    expect(editorState.selection).toEqual([]);
  });

  it('selects by replace, toggle (shift-click) and add (marquee), only elements of the editing page', () => {
    select([id(0), 'elsewhere_xxxx', id(0)]);
    expect(editorState.selection).toEqual([id(0)]);
    expect(editorState.editingElement!.uuid).toBe(id(0));
    select([id(1)], 'toggle');
    expect(editorState.selection).toEqual([id(0), id(1)]);
    select([id(0)], 'toggle');
    expect(editorState.selection).toEqual([id(1)]);
    expect(editorState.editingElement!.uuid).toBe(id(1));
    select([id(2), id(1)], 'add');
    expect(editorState.selection).toEqual([id(1), id(2)]);
    select([]);
    expect(editorState.editingElement).toBeNull();
  });
});

describe('zoom', () => {
  it('clamps to MIN_SCALE..MAX_SCALE without float noise', () => {
    zoomIn();
    zoomIn();
    zoomIn();
    expect(editorState.scaleRate).toBe(1.6);
    setScale(99);
    expect(editorState.scaleRate).toBe(MAX_SCALE);
    setScale(0.01);
    expect(editorState.scaleRate).toBe(MIN_SCALE);
    zoomOut();
    expect(editorState.scaleRate).toBe(MIN_SCALE);
    setScale(Number.NaN);
    expect(editorState.scaleRate).toBe(MIN_SCALE);
    zoomReset();
    expect(editorState.scaleRate).toBe(1);
  });

  it('zooms by the wheel step, in when scrolling up', () => {
    zoomReset();
    wheelZoom(-100);
    wheelZoom(-3);
    expect(editorState.scaleRate).toBe(1.03);
    wheelZoom(50);
    expect(editorState.scaleRate).toBe(1.015);
  });
});

describe('confirm-before-delete preference', () => {
  it('is on by default and kept on this device', () => {
    const prefs = memoryPrefs();
    setPreferenceStorage(prefs);
    expect(editorState.confirmDelete).toBe(true);
    setConfirmDelete(false);
    expect(prefs.data[CONFIRM_DELETE_KEY]).toBe('0');
    setPreferenceStorage(memoryPrefs({ [CONFIRM_DELETE_KEY]: '0' }));
    expect(editorState.confirmDelete).toBe(false);
  });

  it("is stored in localStorage as 'yunmian_h5_confirm_delete'", () => {
    const data = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => data.set(k, v), removeItem: (k: string) => data.delete(k) });
    try {
      setPreferenceStorage(storage);
      setConfirmDelete(false);
      expect(data.get('yunmian_h5_confirm_delete')).toBe('0');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
