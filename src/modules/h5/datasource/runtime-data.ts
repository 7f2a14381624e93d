import { createDataEngine, type DataEngine } from './engine';
import { fetchFrom } from './http';
import type { DatasourceDoc } from './kinds';
import type { PipeRunner } from './pipe-runner';

/**
 * The datasources of a PUBLISHED page (src/runtime wires it): HTTP_API ones through the server's
 * proxy of the published snapshot (never the url itself: the server checks the address, a visitor's
 * browser needs no CORS), STATIC and CSV from the snapshot, pipes in the worker (loaded only if the
 * work has a pipe), fixed ones refreshed while the page is visible. No React, no zod.
 *
 *     const data = startPublishedData(workId, work.datasources);
 *     data.subscribe(() => rerender());
 *     <Render props={bindProps(el.name, el.pluginProps, data.shared())} … />
 */

/** The server's proxy path of a published page's datasource (the contract's datasourcePath, repeated: the contract module loads zod). */
export const publishedDatasourcePath = (workId: string, datasourceId: string) => `/p/${encodeURIComponent(workId)}/ds/${encodeURIComponent(datasourceId)}`;

const pipeRunner = (): Promise<PipeRunner> => import('./pipe-browser').then((m) => m.browserPipeRunner());

export function startPublishedData(workId: string, datasources: readonly DatasourceDoc[]): DataEngine {
  const engine = createDataEngine({ fetchHttp: fetchFrom((ds) => publishedDatasourcePath(workId, ds.id)), pipeRunner });
  engine.start(datasources);
  return engine;
}
