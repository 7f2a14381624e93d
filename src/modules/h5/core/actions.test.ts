import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LAST_PAGE_MESSAGE } from '@/contracts/h5';
import * as actions from './actions';
import { newPage, newWork } from './model';
import { LastPageError } from './ops';
import { change, editorState, redo, select, undo, workSnapshot } from './store';
import { openWork, pageWith, registerFakeSpecs } from './test-support';

beforeAll(registerFakeSpecs);

const id = (i: number) => `fake-text_el${String(i).padStart(5, '0')}`;
const page = () => editorState.editingPage!;

beforeEach(() => {
  openWork();
});

describe('element actions', () => {
  it('adds an element of a type on top and selects it', () => {
    const uuid = actions.addNewElement('fake-picture', { commonStyle: { top: 0 } })!;
    expect(editorState.selection).toEqual([uuid]);
    expect(editorState.editingElement).toMatchObject({ name: 'fake-picture', commonStyle: { top: 0, height: 200, zindex: 4 } });
    undo();
    expect(page().elements).toHaveLength(3);
    expect(editorState.selection).toEqual([]);
  });

  it('patches elements: a drag of several elements with one merge key is one step', () => {
    for (let dx = 1; dx <= 30; dx++) {
      actions.patchElements(
        [id(0), id(1)].map((uuid) => ({ uuid, patch: { commonStyle: { left: 100 + dx } } })),
        { merge: 'drag' },
      );
    }
    actions.patchElement(id(2), { pluginProps: { text: '你好' } });
    expect(page().elements.map((e) => e.commonStyle.left)).toEqual([130, 130, 100]);
    undo();
    expect(page().elements[2]!.pluginProps.text).toBe('双击修改文字');
    undo();
    expect(page().elements.map((e) => e.commonStyle.left)).toEqual([100, 100, 100]);
    expect(editorState.canUndo).toBe(false);
  });

  it('replaces a style box whole (boxes are immutable values) and undo brings the old one back', () => {
    const border = page().elements[0]!.commonStyle.border;
    actions.patchElement(id(0), { commonStyle: { border: { ...border, color: '#ff0000', top: { value: 2, unit: 'px' } } } });
    const now = page().elements[0]!.commonStyle.border;
    expect(now).toMatchObject({ color: '#ff0000', top: { value: 2, unit: 'px' }, style: 'solid' });
    expect(Object.isFrozen(now)).toBe(true);
    undo();
    expect(page().elements[0]!.commonStyle.border).toBe(border);
    redo();
    expect(page().elements[0]!.commonStyle.border.color).toBe('#ff0000');
  });

  it('selected elements leave locked ones out unless asked', () => {
    const bg = actions.addNewElement('fake-bg')!;
    select([id(0), bg]);
    expect(actions.selectedElements().map((e) => e.uuid)).toEqual([id(0)]);
    expect(actions.selectedElements(true).map((e) => e.uuid)).toEqual([id(0), bg]);
  });

  it('tells whether a reorder would change anything', () => {
    select([id(2)]);
    expect(actions.canReorder('up')).toBe(false);
    expect(actions.canReorder('bottom')).toBe(true);
    select([]);
    expect(actions.canReorder('down')).toBe(false);
  });
});

describe('page actions', () => {
  it('refuses to delete the last page, changing nothing', () => {
    const revision = editorState.revision;
    expect(() => actions.deletePage()).toThrow(LastPageError);
    expect(() => actions.deletePage()).toThrow(LAST_PAGE_MESSAGE);
    expect(editorState.work!.pages).toHaveLength(1);
    expect(editorState.revision).toBe(revision);
    expect(editorState.canUndo).toBe(false);
  });

  it('deletes another page without changing the editing one', () => {
    openWork(newWork({ pages: [pageWith(1), newPage(), newPage()] }));
    const [a, , c] = editorState.work!.pages.map((p) => p.uuid);
    actions.deletePage(c);
    expect(editorState.editingPageUuid).toBe(a);
    expect(editorState.work!.pages).toHaveLength(2);
  });

  it("edits a page's title as one step while typing, and its type", () => {
    const uuid = editorState.editingPageUuid!;
    for (const title of ['活', '活动', '活动页']) actions.updatePageMeta(uuid, { title }, { merge: `page-title:${uuid}` });
    actions.updatePageMeta(uuid, { type: 'dialog' });
    expect(page()).toMatchObject({ title: '活动页', type: 'dialog' });
    undo();
    undo();
    expect(page()).toMatchObject({ title: '', type: 'index' });
  });

  it('moves pages and undoes the move', () => {
    openWork(newWork({ pages: [newPage(), newPage(), newPage()] }));
    const before = editorState.work!.pages.map((p) => p.uuid);
    actions.movePageTo(before[0]!, 2);
    expect(editorState.work!.pages.map((p) => p.uuid)).toEqual([before[1], before[2], before[0]]);
    undo();
    expect(editorState.work!.pages.map((p) => p.uuid)).toEqual(before);
    redo();
    expect(editorState.work!.pages[2]!.uuid).toBe(before[0]);
  });
});

describe('changes outside history', () => {
  it("'none' changes the document and its revision but makes no step", () => {
    const revision = editorState.revision;
    change((w) => void (w.title = '草稿'), 'none');
    expect(editorState.work!.title).toBe('草稿');
    expect(editorState.revision).toBe(revision + 1);
    expect(editorState.canUndo).toBe(false);
  });

  it("undo and redo leave the server's fields (a save's new version) as they are", () => {
    actions.patchElement(id(0), { commonStyle: { top: 1 } });
    change((w) => {
      w.version = 7;
      w.updated_time = '2030-01-01T00:00:00.000Z';
    }, 'none');
    undo();
    expect(page().elements[0]!.commonStyle.top).toBe(100);
    expect(editorState.work).toMatchObject({ version: 7, updated_time: '2030-01-01T00:00:00.000Z' });
    redo();
    expect(editorState.work!.version).toBe(7);
  });

  it('a mutation made outside change is carried by the next step and seen by workSnapshot', () => {
    editorState.work!.title = '直接改';
    expect(workSnapshot()!.title).toBe('直接改');
    actions.patchElement(id(0), { commonStyle: { top: 1 } });
    undo();
    expect(editorState.work!.title).toBe('');
    expect(page().elements[0]!.commonStyle.top).toBe(100);
    redo();
    expect(editorState.work!.title).toBe('直接改');
  });
});
