import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ulid } from 'ulid';
import { fillPath } from '../../../src/contracts/api-path';
import { Code } from '../../../src/contracts/codes';
import { h5Messages } from '../../../src/contracts/h5';
import { h5PublishPaths, viewPath, type WorkStats } from '../../../src/contracts/h5-publish';
import { h5WorkStats, h5WorkVisitors } from '../../db/schema';
import { createPeerApp, createTestApp, type TestApp } from '../../test/helper';
import { h5Kit } from '../../test/h5-kit';
import { shanghaiDay, viewCounter } from './view-counter';

/** Page views and visitors of published pages (issue 19): batched counters, the stats call. */
let t: TestApp;
let k: Awaited<ReturnType<typeof h5Kit>>;

beforeAll(async () => {
  t = await createTestApp();
  k = await h5Kit(t, ['admin', 'ym0032']);
});
afterAll(async () => {
  await t?.close();
});

const view = (workId: string, payload?: unknown, remoteAddress = '192.0.2.10', contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: viewPath(workId), payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload), headers: payload === undefined ? {} : { 'content-type': contentType }, remoteAddress });
const stats = (account: string, workId: string) => k.post<WorkStats>(account, fillPath(h5PublishPaths.stats, { workId }), {});
const rowsOf = (workId: string) => t.db.select().from(h5WorkStats).where(eq(h5WorkStats.workId, workId));

async function published(title: string) {
  const w = await k.create('ym0032', { title });
  await k.publish('ym0032', w.id);
  return w;
}

describe('POST /p/{workId}/view', () => {
  it('answers 204 at once and writes nothing per view; the counts reach the table in one batch (views, distinct visitors)', async () => {
    const w = await published('浏览统计');
    const a = 'visitorA0001';
    const b = 'visitorB0002';
    for (const body of [{ visitorId: a }, { visitorId: a }, { visitorId: b }, {}]) {
      const res = await view(w.id, body);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    // navigator.sendBeacon sends text/plain.
    expect((await view(w.id, JSON.stringify({ visitorId: b }), '192.0.2.11', 'text/plain;charset=UTF-8')).statusCode).toBe(204);
    expect((await view(w.id)).statusCode).toBe(204);
    expect(await rowsOf(w.id)).toEqual([]);

    const res = await stats('ym0032', w.id);
    expect(res).toMatchObject({ status: 200, data: { views: 6, visitors: 2, days: [{ day: shanghaiDay(Date.now()), views: 6, visitors: 2 }] } });
    expect(await rowsOf(w.id)).toMatchObject([{ views: 6, visitors: 2 }]);
    // Visitor ids are stored only as hashes.
    const hashes = await t.db.select().from(h5WorkVisitors).where(eq(h5WorkVisitors.workId, w.id));
    expect(hashes).toHaveLength(2);
    expect(hashes.map((h) => h.visitorHash).join()).not.toContain('visitor');

    await view(w.id, { visitorId: a });
    await view(w.id, { visitorId: 'visitorC0003' });
    expect((await stats('ym0032', w.id)).data).toMatchObject({ views: 8, visitors: 3, days: [{ views: 8, visitors: 3 }] });
  });

  it('is a 404 for a work that is not published; a bad visitor id is a 400', async () => {
    const draft = await k.create('ym0032', { title: '未发布' });
    expect((await view(draft.id, {})).statusCode).toBe(404);
    expect((await view(ulid(), {})).statusCode).toBe(404);
    expect((await view('nope', {})).statusCode).toBe(404);
    const w = await published('坏访客');
    expect((await view(w.id, { visitorId: '<script>' })).statusCode).toBe(400);
  });

  it('is rate-limited per address (429 with a Chinese message)', async () => {
    const w = await published('刷量');
    const ip = '192.0.2.99';
    for (let i = 0; i < 120; i++) expect((await view(w.id, {}, ip)).statusCode).toBe(204);
    const refused = await view(w.id, {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: Code.TOO_MANY_REQUESTS, msg: '提交过于频繁，请稍后再试' });
    expect((await view(w.id, {}, '192.0.2.100')).statusCode).toBe(204);
    expect((await stats('ym0032', w.id)).data.views).toBe(121);
  });

  it('an instance writes its counters when it stops', async () => {
    const w = await published('停机写入');
    const peer = await createPeerApp(t);
    for (let i = 0; i < 3; i++) {
      const res = await peer.app.inject({ method: 'POST', url: viewPath(w.id), payload: { visitorId: 'peerVisitor01' }, remoteAddress: '192.0.2.50' });
      expect(res.statusCode).toBe(204);
    }
    expect(await rowsOf(w.id)).toEqual([]);
    await peer.close();
    expect(await rowsOf(w.id)).toMatchObject([{ views: 3, visitors: 1 }]);
  });

  it('stats are the creator’s only', async () => {
    const w = await published('别人的统计');
    expect(await stats('admin', w.id)).toMatchObject({ status: 404, msg: h5Messages.notFound });
    expect(await stats('ym0032', w.id)).toMatchObject({ status: 200, data: { views: 0, visitors: 0, days: [] } });
  });
});

describe('the view counter', () => {
  it('counts per day in Asia/Shanghai; a visitor on two days is one visitor each day and one in total', async () => {
    let now = Date.parse('2026-12-01T15:30:00Z'); // 23:30 in Shanghai
    const counter = viewCounter(t.db, () => now);
    const workId = ulid();
    counter.record(workId, 'sameVisitor1');
    counter.record(workId, 'sameVisitor1');
    now += 3600_000; // 00:30 the next day
    counter.record(workId, 'sameVisitor1');
    expect(counter.pendingViews()).toBe(3);
    await counter.flush();
    expect(counter.pendingViews()).toBe(0);
    const s = await counter.stats(workId);
    expect(s.days).toEqual([
      { day: '2026-12-01', views: 2, visitors: 1 },
      { day: '2026-12-02', views: 1, visitors: 1 },
    ]);
    expect(s).toMatchObject({ views: 3, visitors: 1 });
  });
});
