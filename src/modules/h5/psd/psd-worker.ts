import { PsdImportError } from './convert';
import { decodePsd } from './decode';
import { encodePng } from './encode-png';

/**
 * The PSD reader's worker: ag-psd's synchronous decoding and the PNG encoding of each layer run
 * here, off the editor's thread. In: `{ buffer, workWidth }` (the buffer transferred). Out:
 * `{ type: 'progress', done, total }` after each layer, then `{ type: 'done', specs }` (pictures
 * carry PNG blobs) or `{ type: 'error', problem, detail }`.
 */
export type PsdWorkerRequest = { buffer: ArrayBuffer; workWidth: number };

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<PsdWorkerRequest>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = async (e) => {
  try {
    const specs = await decodePsd(e.data.buffer, e.data.workWidth, encodePng, (p) => scope.postMessage({ type: 'progress', ...p }));
    scope.postMessage({ type: 'done', specs });
  } catch (error) {
    const problem = error instanceof PsdImportError ? error.problem : 'unreadable';
    scope.postMessage({ type: 'error', problem, detail: error instanceof Error ? error.message : String(error) });
  }
};
