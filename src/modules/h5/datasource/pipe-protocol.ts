/**
 * The messages between the page and the pipe's worker (pipe-runner.ts ↔ pipe-worker.ts). Kept in a
 * file of their own so the page's side never imports the evaluator (and with it JSONata).
 */

export interface PipeRequest {
  id: number;
  /** A JSONata expression (never empty: an empty pipe never reaches the worker). */
  expr: string;
  input: unknown;
}

export type PipeReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
