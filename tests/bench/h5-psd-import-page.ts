import { i18n } from '@lingui/core';
import { newWork } from '../../src/modules/h5/core/model';
import { editorState, loadWork } from '../../src/modules/h5/core/store';
import { registerElements } from '../../src/modules/h5/elements/index';
import { addLayerElements } from '../../src/modules/h5/psd/import-psd';
import { readPsdFile, type ReadProgress } from '../../src/modules/h5/psd/read-psd';

/**
 * The PSD import bench's page (tests/bench/h5-psd-import.mjs): the app's own reader (the file
 * checked and read, decoded and each layer encoded to PNG in the Web Worker), then the elements
 * added to the editor core as the import does (one change). Uploads are stubbed (see the script).
 */
i18n.loadAndActivate({ locale: 'zh-CN', messages: {} });
registerElements();

async function run(url: string) {
  const blob = await (await fetch(url)).blob();
  loadWork(newWork());
  const phases: Record<string, number> = {};
  const t0 = performance.now();
  let last = t0;
  let phase = 'read';
  const specs = await readPsdFile(blob, 320, (p: ReadProgress) => {
    if (p.phase !== phase) {
      const now = performance.now();
      phases[phase] = now - last;
      last = now;
      phase = p.phase;
    }
  });
  const t1 = performance.now();
  phases[phase] = t1 - last;
  const urls = new Map<unknown, string>();
  let pngBytes = 0;
  for (const [i, s] of specs.entries())
    if (s.kind === 'picture') {
      urls.set(s, `/api/file/Image/h5/bench-${i}.png`);
      pngBytes += s.pixels.size;
    }
  const uuids = addLayerElements(editorState.editingPageUuid!, specs, urls);
  const t2 = performance.now();
  return {
    readMs: phases.read ?? 0,
    decodeEncodeMs: phases.decode ?? 0,
    applyMs: t2 - t1,
    totalMs: t2 - t0,
    elements: uuids.length,
    pictures: urls.size,
    pngBytes,
    undoSteps: editorState.canUndo ? 1 : 0,
  };
}

(window as unknown as { benchPsd: { run: typeof run } }).benchPsd = { run };
