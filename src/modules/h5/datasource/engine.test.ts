import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindProps } from './bind';
import { createDataEngine, DataErrorThrown, loadDatasource, type DataEngine } from './engine';
import type { DatasourceDoc } from './kinds';
import { evaluatePipe, pipeErrorText } from './pipe-eval';
import type { PipeRunner } from './pipe-runner';
import { createRefreshScheduler, type Visibility } from './scheduler';

const ds = (over: Partial<DatasourceDoc>): DatasourceDoc => ({
  id: 'ds_1',
  name: 'store',
  url: '',
  type: 'STATIC',
  dependencies: [],
  relatedDsList: [],
  refreshType: 'once',
  refreshInterval: 60,
  pipe: '',
  ...over,
});

/** A pipe runner in this thread (the worker's evaluator), with a pipe named LOOP standing for one that is ended. */
const inThread: PipeRunner = {
  run: async (expr, input) => {
    if (expr === 'LOOP') return { ok: false, error: { code: 'pipe-timeout', ms: 1000 } };
    try {
      return { ok: true, value: await evaluatePipe(expr, input) };
    } catch (e) {
      return { ok: false, error: { code: 'pipe', detail: pipeErrorText(e) } };
    }
  },
  dispose: () => undefined,
};
const visible: Visibility = { hidden: () => false, subscribe: () => () => undefined };
const timers = { setTimeout: (f: () => void, ms: number) => setTimeout(f, ms), clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>), now: () => Date.now() };

let engine: DataEngine | null = null;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  engine?.stop();
  vi.useRealTimers();
});

function makeEngine(fetchHttp = vi.fn(async () => ({ ok: 1 }) as unknown)) {
  engine = createDataEngine({ fetchHttp, pipeRunner: async () => inThread, scheduler: createRefreshScheduler(timers, visible), now: () => Date.now() });
  return { engine, fetchHttp };
}

describe('loading one datasource', () => {
  const opts = { fetchHttp: vi.fn(async () => [{ name: '床垫' }]), pipeRunner: async () => inThread };
  it('STATIC: its JSON, through the pipe', async () => {
    expect(await loadDatasource(ds({ json: '{"name":"旗舰店"}', pipe: 'name' }), opts)).toEqual({ stage: null, raw: { name: '旗舰店' }, value: '旗舰店' });
  });
  it('CSV: its rows; HTTP_API: what the fetcher answers', async () => {
    expect(await loadDatasource(ds({ type: 'CSV', rows: [{ a: '1' }], pipe: '$count($)' }), opts)).toMatchObject({ stage: null, value: 1 });
    expect(await loadDatasource(ds({ type: 'HTTP_API', url: 'https://x.test/a', pipe: '$[0].name' }), opts)).toMatchObject({ stage: null, value: '床垫' });
  });
  it('failures say where: invalid JSON at load, a throwing pipe at pipe (with the loaded data)', async () => {
    expect(await loadDatasource(ds({ json: '{oops' }), opts)).toMatchObject({ stage: 'load', error: { code: 'json-invalid' } });
    expect(await loadDatasource(ds({ json: '{"a":1}', pipe: '$nope()' }), opts)).toMatchObject({ stage: 'pipe', raw: { a: 1 }, error: { code: 'pipe' } });
    const failing = { ...opts, fetchHttp: async () => Promise.reject(new DataErrorThrown({ code: 'http-failed', status: 500 })) };
    expect(await loadDatasource(ds({ type: 'HTTP_API', url: 'https://x.test' }), failing)).toEqual({ stage: 'load', error: { code: 'http-failed', status: 500 } });
  });
});

describe('the data engine', () => {
  it('puts each result into the shared data under its name, for bindings', async () => {
    const { engine } = makeEngine();
    engine.start([ds({ json: '{"name":"旗舰店","items":[{"n":"床垫"}]}' }), ds({ id: 'ds_2', name: 'count', type: 'CSV', rows: [{ a: '1' }, { a: '2' }], pipe: '$count($)' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.shared()).toEqual({ store: { name: '旗舰店', items: [{ n: '床垫' }] }, count: 2 });
    expect(bindProps('text', { text: '<p>{{store.name}} {{count}}</p>' }, engine.shared()).text).toBe('<p>旗舰店 2</p>');
  });

  it('a failing refresh keeps the LAST GOOD data and shows its error; a later success clears it', async () => {
    let answer: unknown = { price: 1 };
    const fetchHttp = vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const { engine } = makeEngine(fetchHttp);
    const listener = vi.fn();
    engine.subscribe(listener);
    const source = ds({ type: 'HTTP_API', url: 'https://x.test', refreshType: 'fixed', refreshInterval: 5, pipe: 'price' });
    engine.start([source]);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.shared()).toEqual({ store: 1 });
    expect(engine.status('ds_1')).toMatchObject({ loading: false, error: null });

    answer = new DataErrorThrown({ code: 'http-failed', status: 502 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(engine.shared()).toEqual({ store: 1 });
    expect(engine.status('ds_1').error).toEqual({ code: 'http-failed', status: 502 });

    answer = { price: 'not a number' };
    await vi.advanceTimersByTimeAsync(5000);
    expect(engine.shared()).toEqual({ store: 'not a number' });
    expect(engine.status('ds_1').error).toBeNull();
    expect(fetchHttp).toHaveBeenCalledTimes(3);
    expect(listener).toHaveBeenCalled();
  });

  it('a looping or throwing pipe leaves the last good data', async () => {
    const { engine } = makeEngine();
    engine.start([ds({ json: '{"v":1}', pipe: 'v' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.shared()).toEqual({ store: 1 });
    engine.start([ds({ json: '{"v":2}', pipe: 'LOOP' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.shared()).toEqual({ store: 1 });
    expect(engine.status('ds_1').error).toEqual({ code: 'pipe-timeout', ms: 1000 });
    engine.start([ds({ json: '{"v":3}', pipe: '$boom(' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.shared()).toEqual({ store: 1 });
    expect(engine.status('ds_1').error?.code).toBe('pipe');
  });

  it('a restart keeps data of datasources still there (under a new name too) and drops removed ones', async () => {
    const { engine } = makeEngine();
    engine.start([ds({ json: '1' }), ds({ id: 'ds_2', name: 'other', json: '2' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.shared()).toEqual({ store: 1, other: 2 });
    engine.start([ds({ name: 'renamed', json: '{oops' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.shared()).toEqual({ renamed: 1 });
  });

  it('an answer that comes after a newer load started is ignored', async () => {
    const answers = [
      new Promise((r) => setTimeout(() => r('old'), 3000)),
      Promise.resolve('new'),
    ];
    const fetchHttp = vi.fn(() => answers.shift()!);
    const { engine } = makeEngine(fetchHttp);
    engine.start([ds({ type: 'HTTP_API', url: 'https://x.test' })]);
    await vi.advanceTimersByTimeAsync(0);
    await engine.refresh('ds_1');
    expect(engine.shared()).toEqual({ store: 'new' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(engine.shared()).toEqual({ store: 'new' });
  });
});
