import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { evaluatePipe, handlePipeRequest, toPlainJson } from './pipe-eval';
import type { PipeReply, PipeRequest } from './pipe-protocol';
import { createPipeRunner, type PipeRunner, type SpawnPipeWorker } from './pipe-runner';

const input = { store: { name: '旗舰店', items: [{ name: '床垫', price: 1999 }, { name: '枕头', price: 99 }] } };

describe('the pipe, evaluated with JSONata', () => {
  it('transforms the data', async () => {
    expect(await evaluatePipe('store.name', input)).toBe('旗舰店');
    expect(await evaluatePipe('{ "name": store.name, "cheap": store.items[price < 100].name, "total": $sum(store.items.price) }', input)).toEqual({ name: '旗舰店', cheap: '枕头', total: 2098 });
  });
  it('an empty pipe passes the data through; no match is null', async () => {
    expect(await evaluatePipe('  ', input)).toBe(input);
    expect(await evaluatePipe('store.nothing', input)).toBeNull();
  });
  it('results are plain JSON (sequences as arrays, functions dropped)', async () => {
    const seq = await evaluatePipe('store.items.name', input);
    expect(Array.isArray(seq)).toBe(true);
    expect(Object.keys(seq as object)).toEqual(['0', '1']);
    expect(await evaluatePipe('function($x){ $x }', input)).toBeNull();
    expect(toPlainJson({ a: undefined, b: 1 })).toEqual({ b: 1 });
  });
  it('JS globals, the page, cookies, storage and the network are not reachable', async () => {
    for (const expr of ['$fetch("https://evil.example")', 'window.document.cookie', '$globalThis.localStorage', 'constructor.constructor("return this")()']) {
      const reply = await handlePipeRequest({ id: 1, expr, input: {} });
      // Either an error (no such function) or nothing at all: never a value from outside the data.
      if (reply.ok) expect(reply.value).toBeNull();
      else expect(reply.error).toMatch(/\S/);
    }
    expect(await handlePipeRequest({ id: 2, expr: 'store.name.constructor', input })).toEqual({ id: 2, ok: true, value: null });
  });
  it('a pipe that throws answers its error with JSONata words and code', async () => {
    const reply = await handlePipeRequest({ id: 7, expr: '$undefinedFn(1)', input });
    expect(reply).toMatchObject({ id: 7, ok: false });
    expect(!reply.ok && reply.error).toMatch(/T1006/);
    const syntax = await handlePipeRequest({ id: 8, expr: '{ "a": ', input });
    expect(!syntax.ok && syntax.error).toMatch(/S0/);
  });
});

// A real thread running JSONata with the worker's protocol (pipe-worker.ts does the same with
// pipe-eval.ts in the browser): a looping pipe really never yields, and only terminate() stops it.
const jsonataPath = createRequire(import.meta.url).resolve('jsonata');
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const jsonata = require(workerData.jsonataPath);
parentPort.on('message', async (req) => {
  try {
    const v = await jsonata(req.expr).evaluate(req.input);
    parentPort.postMessage({ id: req.id, ok: true, value: v === undefined ? null : JSON.parse(JSON.stringify(v)) });
  } catch (e) {
    parentPort.postMessage({ id: req.id, ok: false, error: String(e && e.message) });
  }
});`;

const threads: Worker[] = [];
const spawnThread: SpawnPipeWorker = (onReply, onCrash) => {
  const w = new Worker(THREAD, { eval: true, workerData: { jsonataPath } });
  threads.push(w);
  w.on('message', (m: PipeReply) => onReply(m));
  w.on('error', (e) => onCrash(e.message));
  return { post: (req: PipeRequest) => w.postMessage(req), terminate: () => void w.terminate() };
};

let runner: PipeRunner | null = null;
afterEach(async () => {
  runner?.dispose();
  runner = null;
  await Promise.all(threads.splice(0).map((t) => t.terminate()));
});

describe('the pipe runner (a real worker thread)', () => {
  it('runs pipes in the worker and answers their results', async () => {
    runner = createPipeRunner(spawnThread, 5000);
    expect(await runner.run('store.items[0].name', input)).toEqual({ ok: true, value: '床垫' });
    expect(await runner.run('', input)).toEqual({ ok: true, value: input });
  });

  it('a looping pipe is ended after the limit, and the next pipe runs in a fresh worker', async () => {
    runner = createPipeRunner(spawnThread, 300);
    const started = Date.now();
    // Tail recursion: JSONata turns it into a loop that never ends and never overflows.
    const outcome = await runner.run('($f := function($n){ $f($n + 1) }; $f(0))', {});
    expect(outcome).toEqual({ ok: false, error: { code: 'pipe-timeout', ms: 300 } });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await runner.run('store.name', input)).toEqual({ ok: true, value: '旗舰店' });
    expect(threads).toHaveLength(2);
  }, 20_000);

  it('a pipe that throws is an error; the worker goes on', async () => {
    runner = createPipeRunner(spawnThread, 5000);
    const bad = await runner.run('$nope()', input);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.code).toBe('pipe');
    expect(await runner.run('$count(store.items)', input)).toEqual({ ok: true, value: 2 });
    expect(threads).toHaveLength(1);
  });
});

describe('the pipe runner (a fake worker)', () => {
  it('runs one pipe at a time, in order; a crash is an error and a fresh worker follows', async () => {
    vi.useFakeTimers();
    try {
      const posted: PipeRequest[] = [];
      let replies: ((r: PipeReply) => void)[] = [];
      let crash: (m: string) => void = () => undefined;
      const terminated = vi.fn();
      const spawn: SpawnPipeWorker = (onReply, onCrash) => {
        replies.push(onReply);
        crash = onCrash;
        return { post: (r) => posted.push(r), terminate: terminated };
      };
      runner = createPipeRunner(spawn, 1000, { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>), now: () => Date.now() });
      const first = runner.run('a', 1);
      const second = runner.run('b', 2);
      await vi.advanceTimersByTimeAsync(0);
      expect(posted.map((p) => p.expr)).toEqual(['a']);
      replies[0]!({ id: posted[0]!.id, ok: true, value: 'A' });
      expect(await first).toEqual({ ok: true, value: 'A' });
      await vi.advanceTimersByTimeAsync(0);
      expect(posted.map((p) => p.expr)).toEqual(['a', 'b']);
      crash('boom');
      expect(await second).toEqual({ ok: false, error: { code: 'pipe', detail: 'boom' } });
      expect(terminated).toHaveBeenCalledTimes(1);
      const third = runner.run('c', 3);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await third).toEqual({ ok: false, error: { code: 'pipe-timeout', ms: 1000 } });
      expect(replies).toHaveLength(2);
      replies = [];
    } finally {
      vi.useRealTimers();
    }
  });
});
