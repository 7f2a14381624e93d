import { handlePipeRequest } from './pipe-eval';
import type { PipeRequest } from './pipe-protocol';

/**
 * The pipe's worker (a dedicated Web Worker, made by pipe-browser.ts only when a work has a pipe):
 * JSONata and the evaluator live here, out of the editor's and the runtime's first load. A worker
 * has no page, no DOM and no cookies or localStorage to begin with; as a second wall the ways out
 * that a worker does have (network, storage, more workers, loading scripts) are taken away before
 * any pipe runs, though a JSONata expression cannot name them anyway.
 */

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<PipeRequest>) => void) | null;
  postMessage(message: unknown): void;
};

const CLOSED = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'WebTransport', 'importScripts', 'indexedDB', 'caches', 'BroadcastChannel', 'Worker', 'SharedWorker', 'Request', 'navigator'];
for (const name of CLOSED) {
  try {
    Object.defineProperty(globalThis, name, { value: undefined, writable: false, configurable: false });
  } catch {
    // not there, or not to be changed: nothing a pipe can reach either way
  }
}

scope.onmessage = (e) => {
  void handlePipeRequest(e.data).then((reply) => scope.postMessage(reply));
};
