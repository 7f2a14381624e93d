import { describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from './user-db';

const calls: unknown[][] = [];
vi.mock('@/lib/http', () => ({
  request: vi.fn(async (...args: unknown[]) => {
    calls.push(args);
    return { ok: 1 };
  }),
}));
const { httpSend } = await import('./http-sender');

const entry = (request: OutboxEntry['request']): OutboxEntry => ({ id: '01J00000000000000000000KEY', seq: 1, entity: 'e', kind: 'k', request, state: 'pending', attempts: 0, nextAttemptAt: 0, createdAt: 0 });

describe('replaying a queued write', () => {
  it('sends a queued GET (a read that marks, e.g. ReadInfo) without a payload, and a DELETE with its body', async () => {
    calls.length = 0;
    expect(await httpSend(entry({ method: 'GET', url: '/Message/ReadInfo/x', body: { ignored: true } }))).toEqual({ ok: true, data: { ok: 1 } });
    await httpSend(entry({ method: 'DELETE', url: '/Message/Record', body: { ids: ['a'] } }));
    expect(calls[0]!.slice(0, 3)).toEqual(['GET', '/Message/ReadInfo/x', undefined]);
    expect(calls[0]![3]).toMatchObject({ silent: true, headers: { 'Idempotency-Key': '01J00000000000000000000KEY' } });
    expect(calls[1]!.slice(0, 3)).toEqual(['DELETE', '/Message/Record', { ids: ['a'] }]);
  });

  it('a kind may change the URL when the write is sent (the page builder signs it then), not when it was queued', async () => {
    calls.length = 0;
    let n = 0;
    const e = entry({ method: 'POST', url: '/event/work/update', body: { id: 'w' } });
    await httpSend(e, { url: (url) => `${url}?sent=${++n}` });
    await httpSend(e, { url: (url) => `${url}?sent=${++n}` });
    expect(calls.map((c) => c[1])).toEqual(['/event/work/update?sent=1', '/event/work/update?sent=2']);
    expect(e.request.url).toBe('/event/work/update');
  });
});
