import { i18n } from '@lingui/core';
import * as icons from 'lucide-react';
import { snapshot } from 'valtio';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_PAGE_MESSAGE, MAX_SCALE, MIN_SCALE, WORK_MAX_PAGES } from '@/contracts/h5';
import { addNewElement } from './actions';
import { CONTEXT_MENU_COMMANDS, commandForKey, editorCommand, editorCommands, matchShortcut, runCommand, type CommandContext, type CommandId, type KeyEventLike } from './commands';
import { newPage, newWork } from './model';
import { editorState, select, setConfirmDelete, setScale, zoomReset } from './store';
import { openWork, pageWith, registerFakeSpecs } from './test-support';

beforeAll(registerFakeSpecs);

const id = (i: number) => `fake-text_el${String(i).padStart(5, '0')}`;
const page = () => editorState.editingPage!;
const enabled = (c: CommandId) => editorCommand(c).enabled(snapshot(editorState));
const key = (k: string, mods: Partial<KeyEventLike> = {}): KeyEventLike => ({ key: k, ...mods });

function ctx(answer = true) {
  return { confirm: vi.fn(async (message: string) => message.length > 0 && answer), notify: vi.fn((message: string) => void message) };
}
const perform = (c: CommandId, context: CommandContext = ctx()) => editorCommand(c).perform(context);

beforeEach(() => {
  openWork();
  zoomReset();
});

describe('commands as data', () => {
  it('have unique ids, Chinese labels and lucide icons', () => {
    const ids = editorCommands.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of editorCommands) {
      expect(i18n._(c.label)).toMatch(/[\u4e00-\u9fff]/);
      expect(icons, c.icon).toHaveProperty(c.icon);
    }
    const labels = Object.fromEntries(editorCommands.map((c) => [c.id, i18n._(c.label)]));
    expect(labels).toMatchObject({
      undo: '撤销',
      redo: '重做',
      copyElement: '复制',
      paste: '粘贴',
      deleteElement: '删除',
      moveToTop: '置顶',
      moveToBottom: '置底',
      moveUp: '上移',
      moveDown: '下移',
      addPage: '添加页面',
      copyPage: '复制页面',
      deletePage: '删除页面',
      zoomIn: '放大',
      zoomOut: '缩小',
      zoomReset: '原始大小',
      alignLeft: '左对齐',
      alignHCenter: '水平居中',
      alignRight: '右对齐',
      alignTop: '顶端对齐',
      alignVCenter: '垂直居中',
      alignBottom: '底端对齐',
      distributeHorizontal: '水平分布',
      distributeVertical: '垂直分布',
      selectAll: '全选',
      escape: '取消选择',
    });
    expect(CONTEXT_MENU_COMMANDS.map((c) => labels[c])).toEqual(['复制', '删除', '置顶', '置底', '上移', '下移']);
  });
});

describe('shortcuts', () => {
  it('match the key and exactly the modifiers named; Mod is Ctrl or ⌘', () => {
    expect(matchShortcut(key('z', { ctrlKey: true }), 'Mod+Z')).toBe(true);
    expect(matchShortcut(key('z', { metaKey: true }), 'Mod+Z')).toBe(true);
    expect(matchShortcut(key('Z', { ctrlKey: true, shiftKey: true }), 'Mod+Z')).toBe(false);
    expect(matchShortcut(key('Z', { ctrlKey: true, shiftKey: true }), 'Mod+Shift+Z')).toBe(true);
    expect(matchShortcut(key('z'), 'Mod+Z')).toBe(false);
    expect(matchShortcut(key('z', { ctrlKey: true, altKey: true }), 'Mod+Z')).toBe(false);
    expect(matchShortcut(key('ArrowUp'), 'ArrowUp')).toBe(true);
    expect(matchShortcut(key('ArrowUp', { shiftKey: true }), 'ArrowUp')).toBe(false);
    expect(matchShortcut(key('ArrowUp', { shiftKey: true }), 'Shift+ArrowUp')).toBe(true);
    expect(matchShortcut(key('Delete', { ctrlKey: true }), 'Delete')).toBe(false);
    expect(matchShortcut(key('+', { ctrlKey: true }), 'Mod++')).toBe(true);
    expect(matchShortcut(key('=', { ctrlKey: true }), 'Mod++')).toBe(false);
  });

  it('find the command a key press runs', () => {
    const of = (e: KeyEventLike) => commandForKey(editorCommands, e)?.id;
    expect(of(key('z', { ctrlKey: true }))).toBe('undo');
    expect(of(key('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(of(key('y', { ctrlKey: true }))).toBe('redo');
    expect(of(key('c', { ctrlKey: true }))).toBe('copy');
    expect(of(key('v', { ctrlKey: true }))).toBe('paste');
    expect(of(key('Delete'))).toBe('deleteElement');
    expect(of(key('Backspace'))).toBe('deleteElement');
    expect(of(key('ArrowLeft'))).toBe('nudgeLeft');
    expect(of(key('ArrowLeft', { shiftKey: true }))).toBe('nudgeLeft10');
    expect(of(key('ArrowDown', { shiftKey: true }))).toBe('nudgeDown10');
    expect(of(key('a', { ctrlKey: true }))).toBe('selectAll');
    expect(of(key('Escape'))).toBe('escape');
    expect(of(key('q'))).toBeUndefined();
  });
});

describe('enabled states', () => {
  it('need a selection for element commands', () => {
    for (const c of ['copyElement', 'copy', 'deleteElement', 'moveToTop', 'moveUp', 'nudgeLeft', 'alignLeft', 'escape'] as const) expect(enabled(c), c).toBe(false);
    select([id(1)]);
    for (const c of ['copyElement', 'copy', 'deleteElement', 'moveToTop', 'moveUp', 'moveDown', 'moveToBottom', 'nudgeLeft', 'alignLeft', 'escape'] as const) expect(enabled(c), c).toBe(true);
  });

  it('turn z-order off at the ends', () => {
    select([id(2)]);
    expect([enabled('moveUp'), enabled('moveToTop'), enabled('moveDown'), enabled('moveToBottom')]).toEqual([false, false, true, true]);
    select([id(0)]);
    expect([enabled('moveUp'), enabled('moveToTop'), enabled('moveDown'), enabled('moveToBottom')]).toEqual([true, true, false, false]);
  });

  it('follow history, clipboard and zoom', async () => {
    expect([enabled('undo'), enabled('redo'), enabled('paste')]).toEqual([false, false, false]);
    select([id(0)]);
    await perform('moveUp');
    expect(enabled('undo')).toBe(true);
    await perform('undo');
    expect([enabled('undo'), enabled('redo')]).toEqual([false, true]);
    await perform('copy');
    expect(enabled('paste')).toBe(true);
    expect([enabled('zoomIn'), enabled('zoomOut'), enabled('zoomReset')]).toEqual([true, true, false]);
    setScale(MAX_SCALE);
    expect([enabled('zoomIn'), enabled('zoomReset')]).toEqual([false, true]);
    setScale(MIN_SCALE);
    expect(enabled('zoomOut')).toBe(false);
  });

  it('distribute needs three elements; select all ignores locked ones', () => {
    select([id(0), id(1)]);
    expect(enabled('distributeHorizontal')).toBe(false);
    select([id(0), id(1), id(2)]);
    expect(enabled('distributeVertical')).toBe(true);
    openWork(newWork({ pages: [newPage()] }));
    addNewElement('fake-bg');
    expect(enabled('selectAll')).toBe(false);
  });

  it('page commands: delete stays enabled on the last page (it explains), add stops at the page limit', () => {
    expect([enabled('addPage'), enabled('copyPage'), enabled('deletePage')]).toEqual([true, true, true]);
    openWork(newWork({ pages: Array.from({ length: WORK_MAX_PAGES }, () => newPage()) }));
    expect([enabled('addPage'), enabled('copyPage')]).toEqual([false, false]);
  });

  it('runCommand skips a disabled command', async () => {
    const c = ctx();
    expect(await runCommand(editorCommand('deleteElement'), c)).toBe(false);
    expect(c.confirm).not.toHaveBeenCalled();
  });
});

describe('element commands', () => {
  it('delete asks first when the preference is on, then clears the selection', async () => {
    setConfirmDelete(true);
    select([id(0), id(1)]);
    const no = ctx(false);
    await perform('deleteElement', no);
    expect(no.confirm).toHaveBeenCalledOnce();
    expect(page().elements).toHaveLength(3);
    const yes = ctx(true);
    await perform('deleteElement', yes);
    expect(page().elements.map((e) => e.uuid)).toEqual([id(2)]);
    expect(editorState.selection).toEqual([]);
  });

  it('delete does not ask when the preference is off', async () => {
    setConfirmDelete(false);
    select([id(2)]);
    const c = ctx();
    await perform('deleteElement', c);
    expect(c.confirm).not.toHaveBeenCalled();
    expect(page().elements).toHaveLength(2);
    expect(editorState.selection).toEqual([]);
  });

  it('copy element duplicates 20 right and down with zindex + 1 and selects the copy', async () => {
    select([id(1)]);
    await perform('copyElement');
    const copy = page().elements[2]!;
    expect(editorState.selection).toEqual([copy.uuid]);
    expect(copy.commonStyle).toMatchObject({ top: 120, left: 120, zindex: 3 });
    expect(page().elements.map((e) => e.commonStyle.zindex)).toEqual([1, 2, 3, 4]);
  });

  it('copy then paste (twice) adds copies 20 and 40 further, on top', async () => {
    select([id(0)]);
    await perform('copy');
    expect(page().elements).toHaveLength(3);
    await perform('paste');
    await perform('paste');
    const [first, second] = page().elements.slice(3);
    expect(first!.commonStyle).toMatchObject({ top: 120, left: 120, zindex: 4 });
    expect(second!.commonStyle).toMatchObject({ top: 140, left: 140, zindex: 5 });
    expect(editorState.selection).toEqual([second!.uuid]);
  });

  it('z-order commands', async () => {
    select([id(0)]);
    await perform('moveToTop');
    expect(page().elements.map((e) => e.commonStyle.zindex)).toEqual([3, 1, 2]);
    await perform('moveDown');
    expect(page().elements.map((e) => e.commonStyle.zindex)).toEqual([2, 1, 3]);
    await perform('moveToBottom');
    expect(page().elements.map((e) => e.commonStyle.zindex)).toEqual([1, 2, 3]);
    await perform('moveUp');
    expect(page().elements.map((e) => e.commonStyle.zindex)).toEqual([2, 1, 3]);
  });

  it('arrow keys nudge by 1, with Shift by 10; each press is one step, a held key one step', async () => {
    select([id(0)]);
    await perform('nudgeRight', { ...ctx(), event: key('ArrowRight') });
    await perform('nudgeRight', { ...ctx(), event: key('ArrowRight') });
    await perform('nudgeDown10', { ...ctx(), event: key('ArrowDown', { shiftKey: true }) });
    for (let i = 0; i < 5; i++) await perform('nudgeDown10', { ...ctx(), event: key('ArrowDown', { shiftKey: true, repeat: true }) });
    expect(page().elements[0]!.commonStyle).toMatchObject({ left: 102, top: 160 });
    await perform('undo');
    expect(page().elements[0]!.commonStyle).toMatchObject({ left: 102, top: 100 });
    await perform('undo');
    expect(page().elements[0]!.commonStyle.left).toBe(101);
  });

  it('align and distribute the selection', async () => {
    select([id(0)]);
    await perform('alignRight');
    expect(page().elements[0]!.commonStyle.left).toBe(220);
    select([id(0), id(1), id(2)]);
    await perform('alignLeft');
    expect(page().elements.map((e) => e.commonStyle.left)).toEqual([100, 100, 100]);
    await perform('distributeVertical');
    expect(editorState.canUndo).toBe(true);
  });

  it('select all and escape', async () => {
    addNewElement('fake-bg');
    await perform('selectAll');
    expect(editorState.selection).toEqual([id(0), id(1), id(2)]);
    await perform('escape');
    expect(editorState.selection).toEqual([]);
  });
});

describe('page commands', () => {
  it('add page puts a blank index page after the current one and edits it', async () => {
    openWork(newWork({ pages: [pageWith(1), newPage()] }));
    const first = editorState.editingPageUuid;
    await perform('addPage');
    expect(editorState.work!.pages).toHaveLength(3);
    expect(editorState.work!.pages[1]!.uuid).toBe(editorState.editingPageUuid);
    expect(page()).toMatchObject({ type: 'index', elements: [] });
    await perform('undo');
    expect(editorState.editingPageUuid).toBe(first);
  });

  it('copy page clones the current page after it and edits the copy', async () => {
    page().title = '首页';
    await perform('copyPage');
    const [a, b] = editorState.work!.pages;
    expect(b!.uuid).toBe(editorState.editingPageUuid);
    expect(b!.title).toBe('首页');
    expect(b!.elements.map((e) => e.commonStyle.zindex)).toEqual([1, 2, 3]);
    expect(b!.elements[0]!.uuid).not.toBe(a!.elements[0]!.uuid);
  });

  it('delete page removes the current page, but the last one is refused with the spec message', async () => {
    const c = ctx();
    await perform('deletePage', c);
    expect(c.notify).toHaveBeenCalledWith(LAST_PAGE_MESSAGE);
    expect(editorState.work!.pages).toHaveLength(1);
    await perform('addPage');
    const added = editorState.editingPageUuid;
    await perform('deletePage', c);
    expect(editorState.work!.pages.map((p) => p.uuid)).not.toContain(added);
    expect(editorState.editingPageUuid).toBe(editorState.work!.pages[0]!.uuid);
  });
});
