// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmState, settleConfirm } from '@/components/confirm';
import { newElement, newPage, newWork } from '../core/model';
import { editorState, loadWork, select, setConfirmDelete, setPreferenceStorage } from '../core/store';
import { registerElements } from '../elements/index';
import { handleEditorKey } from './use-editor-keys';

beforeAll(() => {
  registerElements();
  window.addEventListener('keydown', handleEditorKey);
});

const tick = () => new Promise((r) => setTimeout(r, 0));
const press = async (key: string, mods: KeyboardEventInit = {}, target: EventTarget = document.body) => {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...mods });
  target.dispatchEvent(e);
  await tick();
  return e;
};
const els = () => editorState.editingPage!.elements;
const style = (uuid: string) => els().find((e) => e.uuid === uuid)!.commonStyle;

beforeEach(() => {
  const data: Record<string, string> = {};
  setPreferenceStorage({ get: (k) => data[k] ?? null, set: (k, v) => void (data[k] = v) });
  const page = newPage();
  page.elements.push(newElement('background', { uuid: 'background_bg000001' }));
  page.elements.push(newElement('text', { uuid: 'text_aaaa0001', commonStyle: { left: 10, top: 10, zindex: 1 } }));
  page.elements.push(newElement('shape', { uuid: 'shape_bbbb0002', commonStyle: { left: 50, top: 80, zindex: 2 } }));
  loadWork(newWork({ pages: [page] }));
});
afterEach(() => {
  if (confirmState.current) settleConfirm(false);
  document.body.innerHTML = '';
});

describe('the editor keyboard', () => {
  it('arrows nudge the selection 1 px, with Shift 10 px; Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo', async () => {
    select(['text_aaaa0001']);
    await press('ArrowRight');
    await press('ArrowDown', { shiftKey: true });
    expect([style('text_aaaa0001').left, style('text_aaaa0001').top]).toEqual([11, 20]);
    await press('z', { ctrlKey: true });
    expect(style('text_aaaa0001').top).toBe(10);
    await press('z', { ctrlKey: true, shiftKey: true });
    expect(style('text_aaaa0001').top).toBe(20);
    await press('z', { ctrlKey: true });
    await press('y', { ctrlKey: true });
    expect(style('text_aaaa0001').top).toBe(20);
  });

  it('keys typed into a field stay there', async () => {
    select(['text_aaaa0001']);
    const input = document.createElement('input');
    document.body.append(input);
    const e = await press('ArrowRight', {}, input);
    await press('Backspace', {}, input);
    expect(e.defaultPrevented).toBe(false);
    expect(style('text_aaaa0001').left).toBe(10);
    expect(els()).toHaveLength(3);
  });

  it('Delete asks first when the preference is on, then removes and clears the selection', async () => {
    select(['shape_bbbb0002']);
    await press('Delete');
    expect(confirmState.current?.message).toBe('确定删除选中的元素吗？');
    settleConfirm(false);
    await tick();
    expect(els()).toHaveLength(3);
    await press('Backspace');
    settleConfirm(true);
    await tick();
    expect(els().map((e) => e.uuid)).toEqual(['background_bg000001', 'text_aaaa0001']);
    expect(editorState.selection).toEqual([]);
    setConfirmDelete(false);
    select(['text_aaaa0001']);
    await press('Delete');
    expect(confirmState.current).toBeNull();
    expect(els().map((e) => e.uuid)).toEqual(['background_bg000001']);
  });

  it('Ctrl+C / Ctrl+V paste a copy 20 px further; Ctrl+A picks all but the background; Esc clears', async () => {
    select(['text_aaaa0001']);
    await press('c', { ctrlKey: true });
    await press('v', { metaKey: true });
    const copy = els().at(-1)!;
    expect(copy.uuid).not.toBe('text_aaaa0001');
    expect([copy.commonStyle.left, copy.commonStyle.top]).toEqual([30, 30]);
    expect(editorState.selection).toEqual([copy.uuid]);
    await press('a', { ctrlKey: true });
    expect([...editorState.selection].sort()).toEqual(['shape_bbbb0002', 'text_aaaa0001', copy.uuid].sort());
    await press('Escape');
    expect(editorState.selection).toEqual([]);
  });

  it('keys do nothing inside a dialog or a menu', async () => {
    select(['text_aaaa0001']);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(dialog);
    await press('Delete', {}, button);
    expect(confirmState.current).toBeNull();
    expect(els()).toHaveLength(3);
  });
});
