import { ApiError, NetworkError } from '@/lib/errors';
import { request } from '@/lib/http';
import type { SendResult } from './outbox';
import type { OutboxEntry } from './user-db';

export interface HttpSendOptions {
  /**
   * Turns the entry's URL into the one sent, when it is sent (the page builder adds its request
   * signature as query parameters: made at send time, so a write replayed hours later is fresh).
   */
  url?: (url: string) => string;
}

/**
 * Replays one entry to its documented endpoint with the entry id as Idempotency-Key and the base
 * version as If-Match; no toasts, no session-end reload (the queue classifies the answer). A queued
 * GET (a read that marks something, e.g. GET /Message/ReadInfo/{id}) goes without a payload: the
 * server ignores the key on GET, and reading twice does no harm.
 */
export async function httpSend(entry: OutboxEntry, opts: HttpSendOptions = {}): Promise<SendResult> {
  const headers: Record<string, string> = { 'Idempotency-Key': entry.id };
  if (entry.baseVersion !== undefined) headers['If-Match'] = String(entry.baseVersion);
  try {
    const payload = entry.request.method === 'GET' ? undefined : entry.request.body;
    const url = opts.url ? opts.url(entry.request.url) : entry.request.url;
    const data = await request(entry.request.method, url, payload, { silent: true, endSessionOnExpiry: false, headers });
    return { ok: true, data };
  } catch (e) {
    if (e instanceof NetworkError) return { ok: false, code: 0, message: e.message };
    if (e instanceof ApiError) return { ok: false, code: e.code, message: e.message, data: e.data };
    return { ok: false, code: 0, message: e instanceof Error ? e.message : String(e) };
  }
}
