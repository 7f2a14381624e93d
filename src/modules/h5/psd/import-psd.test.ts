import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { PAGE_MAX_ELEMENTS } from '@/contracts/h5';
import { newElement, newPage, newWork } from '../core/model';
import { editorState, loadWork, undo } from '../core/store';
import { registerElements } from '../elements/index';
import { PsdImportError, type LayerSpec } from './convert';
import { importPsd, psdProblemMessages, type PsdImportDeps } from './import-psd';

beforeAll(() => registerElements());

const png = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
const picture = (name: string, top: number): LayerSpec<Blob> => ({
  kind: 'picture',
  name,
  commonStyle: { left: 0, top, width: 320, height: 100, opacity: 1 },
  pluginProps: { alt: name, fit: 'fill' },
  pixels: png(),
});
const text: LayerSpec<Blob> = {
  kind: 'text',
  name: '标题',
  commonStyle: { left: 10, top: 20, width: 200, height: 30, fontSize: 24, color: '#ff0000', textAlign: 'center' },
  pluginProps: { text: '<p>床垫节</p>' },
};

function deps(specs: LayerSpec<Blob>[], over: Partial<PsdImportDeps> = {}): PsdImportDeps & { uploaded: string[] } {
  const uploaded: string[] = [];
  return {
    uploaded,
    read: async () => specs,
    upload: async (_png, name) => {
      uploaded.push(name);
      return `/api/file/Image/h5/${uploaded.length}.png`;
    },
    online: () => true,
    ...over,
  };
}

const file = new Blob(['8BPS']);
let pageUuid = '';

beforeEach(() => {
  const page = newPage();
  page.elements = [newElement('button', { commonStyle: { zindex: 1 } })];
  const w = newWork({ pages: [page, newPage()] });
  loadWork(w);
  pageUuid = w.pages[0]!.uuid;
});

describe('importPsd', () => {
  it('adds every layer to the editing page as one history step, bottom layer lowest, and selects them', async () => {
    const d = deps([picture('背景', 0), picture('按钮', 400), text]);
    const before = editorState.revision;
    const uuids = await importPsd(file, d);
    expect(uuids).toHaveLength(3);
    expect(editorState.revision).toBe(before + 1);
    expect(editorState.selection).toEqual(uuids);
    const page = editorState.work!.pages[0]!;
    const added = uuids.map((u) => page.elements.find((e) => e.uuid === u)!);
    expect(added.map((e) => e.name)).toEqual(['picture', 'picture', 'text']);
    expect(added.map((e) => e.commonStyle.zindex)).toEqual([2, 3, 4]);
    expect(added[0]!.pluginProps).toMatchObject({ imgSrc: '/api/file/Image/h5/1.png', fit: 'fill', alt: '背景' });
    expect(added[1]!.commonStyle).toMatchObject({ top: 400, width: 320, height: 100 });
    expect(added[2]!.pluginProps.text).toBe('<p>床垫节</p>');
    expect(added[2]!.commonStyle).toMatchObject({ fontSize: 24, color: '#ff0000', textAlign: 'center' });
    expect([...d.uploaded].sort()).toEqual(['背景.png', '按钮.png'].sort());
    // One undo takes the whole PSD away.
    undo();
    expect(editorState.work!.pages[0]!.elements).toHaveLength(1);
    expect(editorState.selection).toEqual([]);
  });

  it('refuses picture layers while offline and adds nothing (no half PSD)', async () => {
    const d = deps([picture('背景', 0), text], { online: () => false });
    const before = editorState.revision;
    const error = await importPsd(file, d).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PsdImportError);
    expect((error as PsdImportError).problem).toBe('offline');
    expect(i18n._(psdProblemMessages.offline)).toContain('离线');
    expect(d.uploaded).toEqual([]);
    expect(editorState.revision).toBe(before);
    expect(editorState.work!.pages[0]!.elements).toHaveLength(1);
  });

  it('imports a PSD of text layers only while offline (nothing to upload)', async () => {
    const uuids = await importPsd(file, deps([text], { online: () => false }));
    expect(uuids).toHaveLength(1);
    expect(editorState.canUndo).toBe(true);
  });

  it('adds nothing when an upload fails', async () => {
    let n = 0;
    const d = deps([picture('a', 0), picture('b', 10), picture('c', 20), picture('d', 30)], {
      upload: async () => {
        if (++n === 2) throw new Error('500');
        return '/x.png';
      },
    });
    const error = await importPsd(file, d).catch((e: unknown) => e);
    expect((error as PsdImportError).problem).toBe('uploadFailed');
    expect(editorState.work!.pages[0]!.elements).toHaveLength(1);
    expect(editorState.canUndo).toBe(false);
  });

  it('keeps to the page the import started on, even if the user moved to another page meanwhile', async () => {
    const other = editorState.work!.pages[1]!.uuid;
    const d = deps([text], {
      read: async () => {
        editorState.editingPageUuid = other;
        return [text];
      },
    });
    await importPsd(file, d);
    expect(editorState.work!.pages[0]!.elements).toHaveLength(2);
    expect(editorState.work!.pages[1]!.elements).toHaveLength(0);
    expect(editorState.editingPageUuid).toBe(pageUuid);
  });

  it('refuses a PSD that would take the page over its element limit', async () => {
    const many = Array.from({ length: PAGE_MAX_ELEMENTS }, () => text);
    const error = await importPsd(file, deps(many)).catch((e: unknown) => e);
    expect((error as PsdImportError).problem).toBe('tooManyElements');
    expect(i18n._(psdProblemMessages.tooManyElements)).toContain(String(PAGE_MAX_ELEMENTS));
  });

  it('says what is wrong with a refused file in Chinese', () => {
    expect(i18n._(psdProblemMessages.tooLarge)).toContain('文件超过50MB');
    expect(i18n._(psdProblemMessages.notPsd)).toBe('不是有效的PSD文件');
  });
});
