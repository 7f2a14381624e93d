import { PIPE_TIMEOUT_MS, type DataError } from './kinds';
import type { PipeReply, PipeRequest } from './pipe-protocol';
import { realTimers, type Timers } from './scheduler';

/**
 * The page's side of the pipe: sends a pipe and its input to a worker and waits at most `timeoutMs`
 * for the answer. A pipe that takes longer (a loop) has its worker ended (`terminate`: the only
 * way to stop a script that never yields) and gets a `pipe-timeout` error; the next pipe starts a
 * fresh worker. Pipes run one at a time, in order. The worker itself is injected: in the browser a
 * Web Worker (pipe-browser.ts), in the tests a worker_threads one or a fake.
 */

export interface PipeWorker {
  post(req: PipeRequest): void;
  terminate(): void;
}

/** Makes a worker that calls `onReply` with each answer and `onCrash` if it dies. */
export type SpawnPipeWorker = (onReply: (reply: PipeReply) => void, onCrash: (message: string) => void) => PipeWorker;

export type PipeOutcome = { ok: true; value: unknown } | { ok: false; error: DataError };

export interface PipeRunner {
  /** Runs `expr` over `input`; an empty pipe passes the input through without a worker. */
  run(expr: string, input: unknown): Promise<PipeOutcome>;
  /** Ends the worker (the editor closing, the page leaving). */
  dispose(): void;
}

export function createPipeRunner(spawn: SpawnPipeWorker, timeoutMs = PIPE_TIMEOUT_MS, timers: Timers = realTimers): PipeRunner {
  let worker: PipeWorker | null = null;
  let nextId = 1;
  let pending: { id: number; settle: (o: PipeOutcome) => void } | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const kill = () => {
    worker?.terminate();
    worker = null;
  };

  const ensureWorker = () =>
    (worker ??= spawn(
      (reply) => {
        if (!pending || reply.id !== pending.id) return;
        pending.settle(reply.ok ? { ok: true, value: reply.value } : { ok: false, error: { code: 'pipe', detail: reply.error } });
      },
      (message) => {
        kill();
        pending?.settle({ ok: false, error: { code: 'pipe', detail: message } });
      },
    ));

  const runOne = (expr: string, input: unknown) =>
    new Promise<PipeOutcome>((resolve) => {
      const id = nextId++;
      let timer: unknown = null;
      pending = {
        id,
        settle: (outcome) => {
          if (pending?.id !== id) return;
          pending = null;
          if (timer !== null) timers.clearTimeout(timer);
          resolve(outcome);
        },
      };
      const mine = pending;
      timer = timers.setTimeout(() => {
        timer = null;
        kill();
        mine.settle({ ok: false, error: { code: 'pipe-timeout', ms: timeoutMs } });
      }, timeoutMs);
      try {
        ensureWorker().post({ id, expr, input });
      } catch (e) {
        kill();
        mine.settle({ ok: false, error: { code: 'pipe', detail: e instanceof Error ? e.message : String(e) } });
      }
    });

  return {
    run(expr, input) {
      if (!expr.trim()) return Promise.resolve({ ok: true, value: input });
      const result = queue.then(() => runOne(expr, input));
      queue = result.catch(() => undefined);
      return result;
    },
    dispose() {
      kill();
      pending?.settle({ ok: false, error: { code: 'pipe', detail: 'disposed' } });
    },
  };
}
