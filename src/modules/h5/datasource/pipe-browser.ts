import { createPipeRunner, type PipeRunner, type SpawnPipeWorker } from './pipe-runner';

/**
 * The pipe's worker in a browser: a dedicated Web Worker built by Vite from pipe-worker.ts into a
 * chunk of its own (with JSONata), fetched only when the first pipe runs. The editor's panel and
 * the published runtime both use `browserPipeRunner()`.
 */
export const spawnBrowserPipeWorker: SpawnPipeWorker = (onReply, onCrash) => {
  // Built, the worker is one classic script (the runtime's older phone browsers have no module
  // workers); the dev server serves it as a module.
  const worker = import.meta.env.DEV
    ? new Worker(new URL('./pipe-worker.ts', import.meta.url), { type: 'module' })
    : new Worker(new URL('./pipe-worker.ts', import.meta.url));
  worker.onmessage = (e: MessageEvent) => onReply(e.data as Parameters<typeof onReply>[0]);
  worker.onerror = (e: ErrorEvent) => {
    e.preventDefault();
    onCrash(e.message || 'worker error');
  };
  worker.onmessageerror = () => onCrash('message error');
  return { post: (req) => worker.postMessage(req), terminate: () => worker.terminate() };
};

let shared: PipeRunner | null = null;

/** The page's one pipe runner (made on first use). */
export function browserPipeRunner(): PipeRunner {
  return (shared ??= createPipeRunner(spawnBrowserPipeWorker));
}
