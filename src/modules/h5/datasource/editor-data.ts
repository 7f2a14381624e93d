import { useEffect, useReducer } from 'react';
import { createDataEngine, loadDatasource, type DataEngine, type LoadOutcome } from './engine';
import { fetchDirect } from './http';
import type { DatasourceDoc } from './kinds';
import type { PipeRunner } from './pipe-runner';

/**
 * The editor's datasources at work (the 页面 tab's 数据源 section): one engine that fetches
 * HTTP_API datasources straight from the browser (CORS applies in the editor; a published page asks
 * the server's proxy). The pipe's worker — and JSONata with it — is loaded when the first pipe runs.
 */

const pipeRunner = (): Promise<PipeRunner> => import('./pipe-browser').then((m) => m.browserPipeRunner());

let engine: DataEngine | null = null;

export function editorDataEngine(): DataEngine {
  return (engine ??= createDataEngine({ fetchHttp: fetchDirect, pipeRunner }));
}

/** The 「测试」 button: loads a datasource as edited (not yet saved) and runs its pipe once. */
export const testDatasource = (ds: DatasourceDoc): Promise<LoadOutcome> => loadDatasource(ds, { fetchHttp: fetchDirect, pipeRunner });

/**
 * Runs the work's datasources while the calling component is shown and re-renders it when the
 * shared data or a status changes. `datasources`: the document snapshot's list (plain data).
 */
export function useEditorData(datasources: readonly DatasourceDoc[]): DataEngine {
  const data = editorDataEngine();
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => data.subscribe(bump), [data]);
  useEffect(() => {
    data.start(datasources);
  }, [data, datasources]);
  useEffect(() => () => data.stop(), [data]);
  return data;
}
