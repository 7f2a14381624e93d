import { bindProps, isBound, type SharedData } from '../datasource/bind';
import { createDataEngine } from '../datasource/engine';
import { fetchDirect } from '../datasource/http';
import type { DatasourceDoc } from '../datasource/kinds';
import { createPipeRunner, type PipeRunner } from '../datasource/pipe-runner';
import { startPublishedData } from '../datasource/runtime-data';
import { createRefreshScheduler } from '../datasource/scheduler';

/**
 * The datasources of a work on screen (issue 19), loaded by the view only when the work has some
 * (use-work-data.ts imports this module dynamically, so pages without datasources never fetch it):
 * - the published page: `startPublishedData` — HTTP_API through the server's proxy of the published
 *   snapshot, STATIC / CSV from the snapshot;
 * - the preview (inside the admin app): the editor's way — HTTP_API fetched by the browser from the
 *   datasource's own url (CORS applies), STATIC / CSV from the work; its own pipe worker and
 *   scheduler, so closing a preview never stops the editor's 数据源 panel.
 * `stop()` ends the schedules, aborts the loads in flight and ends the pipe's worker.
 */

export { bindProps };

export interface WorkData {
  shared(): SharedData;
  /** Calls `listener` after each change of the shared data (or a status). */
  subscribe(listener: () => void): () => void;
  stop(): void;
}

interface WorkLike {
  datasources: readonly DatasourceDoc[];
  pages: readonly { elements: readonly { name: string; pluginProps: Readonly<Record<string, unknown>> }[] }[];
}

/** Whether any element of the work binds to the shared data (no binding: nothing to load). */
export const workBinds = (work: WorkLike): boolean => work.pages.some((p) => p.elements.some((e) => isBound(e.name, e.pluginProps)));

/** The pipe's worker code, loaded when the first pipe runs (runtime-data.ts loads it the same way). */
const pipeBrowser = () => import('../datasource/pipe-browser');

const idle: WorkData = { shared: () => ({}), subscribe: () => () => undefined, stop: () => undefined };

export function startWorkData(workId: string, work: WorkLike, preview: boolean): WorkData {
  if (!work.datasources.length || !workBinds(work)) return idle;
  if (!preview) {
    const engine = startPublishedData(workId, work.datasources);
    return {
      shared: engine.shared,
      subscribe: engine.subscribe,
      stop() {
        engine.stop();
        // The published page's one runner (if a pipe made it): a later view makes a fresh worker when it needs one.
        if (work.datasources.some((d) => d.pipe.trim())) void pipeBrowser().then((m) => m.browserPipeRunner().dispose());
      },
    };
  }
  let runner: PipeRunner | null = null;
  const scheduler = createRefreshScheduler();
  const engine = createDataEngine({ fetchHttp: fetchDirect, pipeRunner: async () => (runner ??= createPipeRunner((await pipeBrowser()).spawnBrowserPipeWorker)), scheduler });
  engine.start(work.datasources);
  return {
    shared: engine.shared,
    subscribe: engine.subscribe,
    stop() {
      engine.stop();
      scheduler.dispose();
      runner?.dispose();
    },
  };
}
