import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h5Messages, signRequest, verifySignature } from '@/contracts/h5';
import type { UserDb } from '@/lib/sync/user-db';

vi.mock('@/lib/sync/engine', () => import('./test-support').then((m) => m.engineMock()));
vi.mock('@/lib/http', () => import('./test-support').then((m) => m.httpMock()));
const { fake, resetFake, openTestDb, replay } = await import('./test-support');
const { createWork, openDraft } = await import('./drafts');
const { sha256Hex, signedUrl } = await import('./sign');
const { network } = await import('@/lib/network');

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-01T08:00:00Z');
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const pathOf = (url: string) => new URL(url, 'http://x').pathname;

let db: UserDb;
beforeEach(async () => {
  resetFake();
  db = await openTestDb('h5-sign');
  fake.db = db;
});
afterEach(async () => {
  vi.useRealTimers();
  network.online = true;
  db.close();
  await db.delete();
});

describe('request signing (spec 7.1)', () => {
  it('adds noncestr, platform event, timestamp, organizationId 1, userId 1 and an uppercase sign over the path', () => {
    const url = signedUrl('/event/work/list', T0);
    const q = queryOf(url);
    expect(pathOf(url)).toBe('/event/work/list');
    expect(q).toMatchObject({ platform: 'event', timestamp: String(T0), organizationId: '1', userId: '1' });
    expect(q.sign).toMatch(/^[0-9A-F]{64}$/);
    expect(verifySignature(q, '/event/work/list', sha256Hex, T0)).toBeNull();
    // Another path, or a changed parameter, does not verify.
    expect(verifySignature(q, '/event/work/update', sha256Hex, T0)).toBe(h5Messages.badSignature);
    expect(verifySignature({ ...q, userId: '2' }, '/event/work/list', sha256Hex, T0)).toBe(h5Messages.badSignature);
  });

  it('a write queued offline at t0 and sent at t0 + 5 h carries the later timestamp and verifies then', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    fake.online = false;
    network.online = false;
    const w = await createWork({ title: '离线' }, { quiet: true });
    // A signature made when queueing would be refused as expired by the time the network returns.
    expect(verifySignature({ ...signRequest('/event/work', sha256Hex, T0) }, '/event/work', sha256Hex, T0 + 5 * HOUR)).toBe(h5Messages.expiredSignature);

    vi.setSystemTime(T0 + 5 * HOUR);
    fake.online = true;
    network.online = true;
    await replay(db);
    expect(fake.calls).toHaveLength(1);
    const sent = fake.calls[0]!;
    const q = queryOf(sent.url);
    expect(pathOf(sent.url)).toBe('/event/work');
    expect(q.timestamp).toBe(String(T0 + 5 * HOUR));
    expect(verifySignature(q, '/event/work', sha256Hex, T0 + 5 * HOUR)).toBeNull();
    expect(fake.works.get(w.id)?.title).toBe('离线');
  });

  it('online reads are signed too (GET /event/work/{workId})', async () => {
    fake.works.set('01J00000000000000000000W01', { id: '01J00000000000000000000W01', title: '远程', pages: [{ uuid: 'p001', title: '', type: 'index', elements: [] }], version: 3 } as never);
    expect(await openDraft('01J00000000000000000000W01')).toMatchObject({ title: '远程', version: 3 });
    const call = fake.calls[0]!;
    expect(pathOf(call.url)).toBe('/event/work/01J00000000000000000000W01');
    expect(verifySignature(queryOf(call.url), pathOf(call.url), sha256Hex)).toBeNull();
  });
});
