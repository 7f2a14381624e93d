import type { SharedData } from './bind';
import { ownData, refreshSeconds, type DataError, type DatasourceDoc } from './kinds';
import type { PipeRunner } from './pipe-runner';
import { createRefreshScheduler, type RefreshScheduler } from './scheduler';

/**
 * The datasources of a work at work: each loaded by its kind, passed through its pipe, and put
 * into the shared data under its name, once or on its fixed interval (scheduler.ts). A load or a
 * pipe that fails leaves the LAST GOOD data in the shared data and records its error (the editor's
 * panel shows it). Framework-free: the editor's panel and the published runtime each make one,
 * with their own way of fetching an HTTP_API datasource:
 * - editor: GET `ds.url` from the browser (CORS applies) — `fetchDirect`;
 * - runtime: GET `datasourcePath(workId, ds.id)` (the server's proxy of the published snapshot).
 * Datasources must be plain data (a snapshot), not the editor store's live proxies: the pipe's
 * input is copied to a worker.
 */

export interface DatasourceStatus {
  loading: boolean;
  error: DataError | null;
  /** The data as loaded (before the pipe) the last time loading worked. */
  raw?: unknown;
  /** When the shared data last took this datasource's result (ms), or null. */
  updatedAt: number | null;
}

export interface LoadOutcome {
  /** Where it failed, if it did. */
  stage: 'load' | 'pipe' | null;
  raw?: unknown;
  value?: unknown;
  error?: DataError;
}

export interface DataEngineOptions {
  /** GETs an HTTP_API datasource: its body, JSON parsed (kinds.ts parseBody), or throws a DataErrorThrown. */
  fetchHttp(ds: DatasourceDoc, signal: AbortSignal): Promise<unknown>;
  /** The pipe runner, made when the first non-empty pipe runs (a dynamic import keeps JSONata out of the first load). */
  pipeRunner(): Promise<PipeRunner>;
  scheduler?: RefreshScheduler;
  now?: () => number;
}

/** An error with a DataError inside (what fetchHttp throws for a known failure). */
export class DataErrorThrown extends Error {
  constructor(readonly error: DataError) {
    super(error.code);
  }
}

const asDataError = (e: unknown): DataError =>
  e instanceof DataErrorThrown ? e.error : { code: 'network', detail: e instanceof Error ? e.message : String(e) };

/** Loads one datasource and runs its pipe; never throws. */
export async function loadDatasource(ds: DatasourceDoc, opts: Pick<DataEngineOptions, 'fetchHttp' | 'pipeRunner'>, signal: AbortSignal = new AbortController().signal): Promise<LoadOutcome> {
  let raw: unknown;
  const own = ownData(ds);
  if (own) {
    if (!own.ok) return { stage: 'load', error: own.error };
    raw = own.value;
  } else {
    try {
      raw = await opts.fetchHttp(ds, signal);
    } catch (e) {
      return { stage: 'load', error: asDataError(e) };
    }
  }
  if (!ds.pipe.trim()) return { stage: null, raw, value: raw };
  const outcome = await (await opts.pipeRunner()).run(ds.pipe, raw);
  return outcome.ok ? { stage: null, raw, value: outcome.value } : { stage: 'pipe', raw, error: outcome.error };
}

export interface DataEngine {
  /** (Re)starts the datasources: the previous schedules stop; data already loaded stays for ids still present. */
  start(datasources: readonly DatasourceDoc[]): void;
  /** Loads one datasource now (the panel's 刷新). */
  refresh(id: string): Promise<void>;
  stop(): void;
  shared(): SharedData;
  status(id: string): DatasourceStatus;
  /** Calls `listener` after each change of the shared data or of a status. */
  subscribe(listener: () => void): () => void;
}

export function createDataEngine(opts: DataEngineOptions): DataEngine {
  const scheduler = opts.scheduler ?? createRefreshScheduler();
  const now = opts.now ?? Date.now;
  let list: readonly DatasourceDoc[] = [];
  const lastGood = new Map<string, unknown>();
  const statuses = new Map<string, DatasourceStatus>();
  const seq = new Map<string, number>();
  const aborts = new Map<string, AbortController>();
  const listeners = new Set<() => void>();
  let sharedData: SharedData = {};
  let stops: (() => void)[] = [];

  const emit = () => {
    for (const l of listeners) l();
  };
  const rebuildShared = () => {
    const next: Record<string, unknown> = {};
    for (const ds of list) if (lastGood.has(ds.id)) next[ds.name] = lastGood.get(ds.id);
    sharedData = next;
  };
  const setStatus = (id: string, patch: Partial<DatasourceStatus>) => {
    const prev = statuses.get(id) ?? { loading: false, error: null, updatedAt: null };
    statuses.set(id, { ...prev, ...patch });
  };

  const load = async (id: string) => {
    const ds = list.find((d) => d.id === id);
    if (!ds) return;
    const n = (seq.get(id) ?? 0) + 1;
    seq.set(id, n);
    aborts.get(id)?.abort();
    const abort = new AbortController();
    aborts.set(id, abort);
    setStatus(id, { loading: true });
    emit();
    const outcome = await loadDatasource(ds, opts, abort.signal);
    // A newer load of the same datasource (or a restart) wins.
    if (seq.get(id) !== n || !list.some((d) => d.id === id)) return;
    aborts.delete(id);
    if (outcome.error) {
      setStatus(id, { loading: false, error: outcome.error, ...(outcome.raw !== undefined ? { raw: outcome.raw } : {}) });
    } else {
      lastGood.set(id, outcome.value);
      setStatus(id, { loading: false, error: null, raw: outcome.raw, updatedAt: now() });
      rebuildShared();
    }
    emit();
  };

  const stopAll = () => {
    for (const stop of stops) stop();
    stops = [];
    for (const a of aborts.values()) a.abort();
    aborts.clear();
  };

  return {
    start(datasources) {
      stopAll();
      list = datasources;
      const ids = new Set(list.map((d) => d.id));
      for (const id of [...lastGood.keys()]) if (!ids.has(id)) lastGood.delete(id);
      for (const id of [...statuses.keys()]) if (!ids.has(id)) statuses.delete(id);
      for (const id of ids) seq.set(id, (seq.get(id) ?? 0) + 1);
      rebuildShared();
      stops = list.map((ds) => scheduler.add(refreshSeconds(ds), () => load(ds.id)));
      emit();
    },
    refresh: load,
    stop() {
      stopAll();
      list = [];
    },
    shared: () => sharedData,
    status: (id) => statuses.get(id) ?? { loading: false, error: null, updatedAt: null },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
