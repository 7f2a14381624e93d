import { checkPsdFile, PsdImportError, type PsdProblem } from './convert';
import type { DecodeProgress, EncodedSpec } from './decode';

/**
 * Reads a PSD file chosen by the user into element specs, in the browser: the size and the
 * signature checked first (nothing else read for a wrong file), the bytes read with progress, then
 * decoded and each layer encoded to PNG in a Web Worker (psd-worker.ts; on the main thread only
 * where workers are missing).
 */

export interface ReadProgress {
  phase: 'read' | 'decode';
  /** 0..1 within the phase. */
  fraction: number;
}

function readBytes(file: Blob, onProgress: (fraction: number) => void): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new PsdImportError('unreadable', reader.error?.message));
    reader.readAsArrayBuffer(file);
  });
}

function decodeInWorker(buffer: ArrayBuffer, workWidth: number, onProgress: (p: DecodeProgress) => void): Promise<EncodedSpec[]> {
  // Built, the worker is one classic script; the dev server serves it as a module (as pipe-browser.ts).
  const worker = import.meta.env.DEV
    ? new Worker(new URL('./psd-worker.ts', import.meta.url), { type: 'module' })
    : new Worker(new URL('./psd-worker.ts', import.meta.url));
  return new Promise<EncodedSpec[]>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent) => {
      const m = e.data as { type: 'progress'; done: number; total: number } | { type: 'done'; specs: EncodedSpec[] } | { type: 'error'; problem: PsdProblem; detail: string };
      if (m.type === 'progress') onProgress(m);
      else if (m.type === 'done') resolve(m.specs);
      else reject(new PsdImportError(m.problem, m.detail));
    };
    worker.onerror = (e) => {
      e.preventDefault();
      reject(new PsdImportError('unreadable', e.message));
    };
    worker.postMessage({ buffer, workWidth }, [buffer]);
  }).finally(() => worker.terminate());
}

async function decodeHere(buffer: ArrayBuffer, workWidth: number, onProgress: (p: DecodeProgress) => void): Promise<EncodedSpec[]> {
  const [{ decodePsd }, { encodePng }] = await Promise.all([import('./decode'), import('./encode-png')]);
  return decodePsd(buffer, workWidth, encodePng, onProgress);
}

/** The file's element specs for a work `workWidth` wide; PsdImportError with the reason otherwise. */
export async function readPsdFile(file: Blob, workWidth: number, onProgress: (p: ReadProgress) => void = () => {}): Promise<EncodedSpec[]> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const problem = checkPsdFile(file.size, head);
  if (problem) throw new PsdImportError(problem);
  onProgress({ phase: 'read', fraction: 0 });
  const buffer = await readBytes(file, (fraction) => onProgress({ phase: 'read', fraction }));
  onProgress({ phase: 'decode', fraction: 0 });
  const decode = typeof Worker === 'undefined' ? decodeHere : decodeInWorker;
  return decode(buffer, workWidth, (p) => onProgress({ phase: 'decode', fraction: p.total > 0 ? p.done / p.total : 1 }));
}
