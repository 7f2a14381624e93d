/**
 * Offline writes waiting to be sent to the server (the outbox of the sync engine).
 * The outbox arrives with issue 4; until then nothing can be queued, so the count is truly 0.
 */
export function pendingWritesCount(): number {
  return 0;
}
