import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { PAGE_MAX_ELEMENTS } from '@/contracts/h5';
import { newElement } from '../core/model';
import { addElement, findPage } from '../core/ops';
import { change, editorState, select, setEditingPage } from '../core/store';
import { PsdImportError, type LayerSpec, type PsdProblem } from './convert';
import type { ReadProgress } from './read-psd';

/**
 * 导入PSD (issue 19): a PSD file becomes elements of the editing page. The file is read and each
 * layer encoded in a worker (read-psd.ts), the picture layers' PNGs are uploaded as images of type
 * h5 (the image library's upload: they appear in 素材库 too), then every element is added in ONE
 * change (one undo step) and selected.
 *
 * Offline: the pictures need the network (their PNGs go to the server; as data: URLs they would
 * soon pass the work's 5 MB limit), so a PSD with picture layers is refused while offline, before
 * anything is added — never half a PSD. A PSD of text layers only imports offline. An upload that
 * fails stops the import the same way (images already uploaded stay in the library).
 */

export const psdProblemMessages: Record<PsdProblem, MessageDescriptor> = {
  tooLarge: msg`文件超过50MB，不能导入`,
  notPsd: msg`不是有效的PSD文件`,
  unreadable: msg`PSD文件无法读取，可能已损坏`,
  tooBig: msg`PSD画布尺寸过大，不能导入`,
  tooManyLayers: msg`PSD图层过多，不能导入`,
  empty: msg`PSD中没有可导入的可见图层`,
  tooManyElements: msg`导入后页面元素将超过${PAGE_MAX_ELEMENTS}个，请先删除一些元素或新建页面`,
  offline: msg`当前处于离线状态：PSD的图层图片需要联网上传，请联网后再导入`,
  uploadFailed: msg`图层图片上传失败，未导入任何元素，请稍后重试`,
};

export interface ImportProgress {
  phase: 'read' | 'decode' | 'upload';
  /** 0..1 within the phase. */
  fraction: number;
}

export interface PsdImportDeps {
  read(file: Blob, workWidth: number, onProgress: (p: ReadProgress) => void): Promise<LayerSpec<Blob>[]>;
  upload(png: Blob, fileName: string): Promise<string>;
  online(): boolean;
}

/** Uploads at a time. */
const UPLOADS_AT_ONCE = 3;

async function uploadAll(specs: LayerSpec<Blob>[], deps: PsdImportDeps, onProgress: (p: ImportProgress) => void): Promise<Map<LayerSpec<Blob>, string>> {
  const pictures = specs.filter((s) => s.kind === 'picture');
  const urls = new Map<LayerSpec<Blob>, string>();
  let next = 0;
  let done = 0;
  onProgress({ phase: 'upload', fraction: 0 });
  const lane = async () => {
    while (next < pictures.length) {
      const spec = pictures[next++]!;
      try {
        urls.set(spec, await deps.upload(spec.pixels, `${(spec.name || 'layer').slice(0, 60)}.png`));
      } catch (e) {
        throw new PsdImportError('uploadFailed', e instanceof Error ? e.message : String(e));
      }
      done += 1;
      onProgress({ phase: 'upload', fraction: done / pictures.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, pictures.length) }, lane));
  return urls;
}

/**
 * Adds the specs (pictures with their uploaded URL) to page `pageUuid` as one history step, bottom
 * layer first (so the lowest zindex), above what the page has; selects them. The new uuids.
 */
export function addLayerElements(pageUuid: string, specs: ReadonlyArray<LayerSpec<unknown>>, urls: ReadonlyMap<unknown, string>): string[] {
  const uuids: string[] = [];
  change((work) => {
    const page = findPage(work, pageUuid);
    if (!page) return;
    for (const spec of specs) {
      const pluginProps = spec.kind === 'text' ? spec.pluginProps : { ...spec.pluginProps, imgSrc: urls.get(spec) ?? '' };
      uuids.push(addElement(page, newElement(spec.kind, { commonStyle: spec.commonStyle, pluginProps })).uuid);
    }
  });
  if (uuids.length > 0) {
    setEditingPage(pageUuid);
    select(uuids);
  }
  return uuids;
}

/**
 * Imports `file` into the editing page (the one being edited when the import started). Resolves to
 * the new elements' uuids; rejects with PsdImportError (its `problem` names the message) and
 * then nothing was added.
 */
export async function importPsd(file: Blob, deps: PsdImportDeps, onProgress: (p: ImportProgress) => void = () => {}): Promise<string[]> {
  const work = editorState.work;
  const pageUuid = editorState.editingPageUuid;
  if (!work || !pageUuid) return [];
  const specs = await deps.read(file, work.width, onProgress);
  const page = editorState.work?.pages.find((p) => p.uuid === pageUuid);
  if (!page) return [];
  if (page.elements.length + specs.length > PAGE_MAX_ELEMENTS) throw new PsdImportError('tooManyElements');
  if (specs.some((s) => s.kind === 'picture') && !deps.online()) throw new PsdImportError('offline');
  const urls = await uploadAll(specs, deps, onProgress);
  return addLayerElements(pageUuid, specs, urls);
}

/** The app's dependencies: the worker reader, the image library's upload, the browser's online flag. */
export async function browserPsdDeps(): Promise<PsdImportDeps> {
  const [{ readPsdFile }, { uploadH5Image }] = await Promise.all([import('./read-psd'), import('../elements/upload-image')]);
  return { read: readPsdFile, upload: uploadH5Image, online: () => navigator.onLine !== false };
}
