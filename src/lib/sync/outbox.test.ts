import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerSyncKinds } from './kinds';
import { backoffMs, BACKOFF_MAX_MS, classify, discardEntry, enqueue, keepMine, keepTheirs, Replayer, retryEntry, type SendResult } from './outbox';
import { UserDb, type OutboxEntry } from './user-db';

let db: UserDb;
let n = 0;
beforeEach(async () => {
  db = new UserDb(`test-${++n}-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

registerSyncKinds({ 'test.put': { label: () => 'put' }, k: { label: () => 'k' } });

const put = (entity: string, body: unknown, extra: Partial<Parameters<typeof enqueue>[1]> = {}) =>
  enqueue(db, { entity, kind: 'test.put', request: { method: 'PUT', url: `/x/${entity}`, body }, ...extra });

/** A fake server: answers per call from a script, records what it received. */
function server(script: (e: OutboxEntry, i: number) => SendResult = () => ({ ok: true, data: null })) {
  const received: OutboxEntry[] = [];
  const send = async (e: OutboxEntry) => {
    received.push(structuredClone(e));
    return script(e, received.length - 1);
  };
  return { received, send };
}

describe('enqueue', () => {
  it('writes the local change and the outbox entry in one transaction, with a ULID and a sequence', async () => {
    const a = await put('a', 1, {}, );
    const b = await enqueue(db, { entity: 'b', kind: 'k', request: { method: 'POST', url: '/b' } }, () => db.kv.put({ key: 'b', value: 2, updatedAt: 1 }));
    expect(a.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect([a.seq, b.seq]).toEqual([1, 2]);
    expect((await db.kv.get('b'))?.value).toBe(2);
    // A failing local change leaves no entry behind.
    await expect(enqueue(db, { entity: 'c', kind: 'k', request: { method: 'POST', url: '/c' } }, () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await db.outbox.count()).toBe(2);
  });

  it('a newer preference replaces pending older ones of the same entity (dedupe), not others', async () => {
    await put('theme', 'blue', { coalesce: true });
    await put('theme', 'red', { coalesce: true });
    await put('lang', 'en', { coalesce: true });
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.entity, r.request.body])).toEqual([
      ['theme', 'red'],
      ['lang', 'en'],
    ]);
  });
});

describe('parallel lanes', () => {
  /** A server whose answers wait until released: what is in flight at once can be observed. */
  function slowServer(answer: (e: OutboxEntry) => SendResult = () => ({ ok: true, data: null })) {
    const received: OutboxEntry[] = [];
    const inFlight = new Map<string, number>();
    let now = 0;
    let most = 0;
    let sameEntity = 0;
    const waiting: Array<{ entity: string; release: () => void }> = [];
    const send = async (e: OutboxEntry) => {
      received.push(structuredClone(e));
      const n = (inFlight.get(e.entity) ?? 0) + 1;
      if (n > 1) sameEntity++;
      inFlight.set(e.entity, n);
      now++;
      most = Math.max(most, now);
      await new Promise<void>((resolve) => waiting.push({ entity: e.entity, release: resolve }));
      inFlight.set(e.entity, inFlight.get(e.entity)! - 1);
      now--;
      return answer(e);
    };
    const tick = () => new Promise((r) => setTimeout(r, 1));
    /**
     * Answers the waiting requests again and again until `done` settles. With `first`: once that
     * many are waiting, those `first.pick` picks are answered before the others.
     */
    const pump = async <T>(done: Promise<T>, first?: { waiting: number; pick: (entity: string) => boolean }): Promise<T> => {
      let settled = false;
      void done.finally(() => (settled = true));
      let held = first;
      while (!settled) {
        await tick();
        if (held) {
          if (waiting.length < held.waiting) continue;
          // The picked answers first, the others right behind them (in the same turn).
          const picked = waiting.filter((w) => held!.pick(w.entity));
          for (const w of picked) waiting.splice(waiting.indexOf(w), 1);
          for (const w of picked) w.release();
          held = undefined;
        }
        for (const w of waiting.splice(0)) w.release();
      }
      return done;
    };
    return { received, send, pump, most: () => most, sameEntity: () => sameEntity };
  }

  it('up to 4 entities at a time, never two writes of one entity at once, each entity in order', async () => {
    for (let i = 0; i < 40; i++) await put(`e${i % 8}`, i);
    const s = slowServer();
    const r = await s.pump(new Replayer(db, s.send).drain());
    expect(r.sent).toBe(40);
    expect(s.most()).toBe(4);
    expect(s.sameEntity()).toBe(0);
    for (let e = 0; e < 8; e++) {
      expect(s.received.filter((x) => x.entity === `e${e}`).map((x) => x.request.body)).toEqual([0, 1, 2, 3, 4].map((k) => k * 8 + e));
    }
    expect(await db.outbox.count()).toBe(0);
  });

  it('concurrency 1 sends one write at a time', async () => {
    for (let i = 0; i < 6; i++) await put(`e${i % 3}`, i);
    const s = slowServer();
    expect((await s.pump(new Replayer(db, s.send, { concurrency: 1 }).drain())).sent).toBe(6);
    expect(s.most()).toBe(1);
  });

  it('a write that hangs holds back only its own entity: the other lanes finish meanwhile', async () => {
    await put('slow', 'first');
    await put('slow', 'second');
    for (let i = 0; i < 9; i++) await put(`fast${i % 3}`, i);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const send = async (e: OutboxEntry): Promise<SendResult> => {
      if (e.request.body === 'first') await held;
      order.push(`${e.entity}:${String(e.request.body)}`);
      // The hanging write is let go once every other entity is through.
      if (order.filter((o) => o.startsWith('fast')).length === 9) release();
      return { ok: true, data: null };
    };
    expect((await new Replayer(db, send).drain()).sent).toBe(11);
    expect(order.slice(-2)).toEqual(['slow:first', 'slow:second']);
  });

  it('a retry, a conflict and a dead letter each stop their own lane only; the dead letter stays as before', async () => {
    registerSyncKinds({
      'test.v': { label: () => 'v', versionOf: (server) => (server as { version: number }).version },
    });
    await put('retry', 'r1');
    await put('retry', 'r2');
    await enqueue(db, { entity: 'conflict', kind: 'test.v', request: { method: 'PUT', url: '/c', body: 'c1' }, baseVersion: 1 });
    await enqueue(db, { entity: 'conflict', kind: 'test.v', request: { method: 'PUT', url: '/c', body: 'c2' }, baseVersion: 1 });
    await put('dead', 'd1');
    await put('dead', 'd2');
    for (let i = 0; i < 6; i++) await put(`ok${i % 2}`, i);
    const s = slowServer((e) => {
      if (e.request.body === 'r1') return { ok: false, code: 503, message: 'busy' };
      if (e.request.body === 'c1') return { ok: false, code: 409, message: 'changed', data: { version: 7 } };
      if (e.request.body === 'd1') return { ok: false, code: 400, message: '姓名不能为空' };
      return { ok: true, data: null };
    });
    const r = await s.pump(new Replayer(db, s.send, { random: () => 0 }).drain());
    // Everything of the healthy lanes, and the write after the dead letter.
    expect(r.sent).toBe(7);
    expect(s.received.map((e) => e.request.body).filter((b) => typeof b === 'string')).toEqual(expect.arrayContaining(['r1', 'c1', 'd1', 'd2']));
    expect(s.received.some((e) => e.request.body === 'r2' || e.request.body === 'c2')).toBe(false);
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => [e.request.body, e.state])).toEqual([
      ['r1', 'pending'],
      ['r2', 'pending'],
      ['c1', 'conflict'],
      ['c2', 'pending'],
      ['d1', 'dead'],
    ]);
    expect(left[0]).toMatchObject({ attempts: 1, lastError: { code: 503, message: 'busy' } });
    expect(left[4]).toMatchObject({ attempts: 1, lastError: { code: 400, message: '姓名不能为空' } });
    expect(r.nextAttemptAt).toBe(left[0]!.nextAttemptAt);
  });

  it('a session code in one lane stops every lane: the writes on their way finish, nothing new starts, nothing is dropped', async () => {
    for (let i = 0; i < 12; i++) await put(`e${i % 4}`, i);
    const s = slowServer((e) => (e.entity === 'e1' ? { ok: false, code: 601, message: 'invalid' } : { ok: true, data: null }));
    // The session code comes back first; the answers of the other three lanes after it.
    const r = await s.pump(new Replayer(db, s.send).drain(), { waiting: 4, pick: (entity) => entity === 'e1' });
    expect(r.needsAuth).toBe(true);
    // The first write of each of the 4 lanes was on its way; the three accepted ones are done.
    expect(s.received.map((e) => e.request.body)).toEqual(expect.arrayContaining([0, 1, 2, 3]));
    expect(s.received).toHaveLength(4);
    expect(r.sent).toBe(3);
    expect(await db.outbox.count()).toBe(9);
    expect((await db.outbox.where('state').equals('pending').count())).toBe(9);
  });
});

describe('replay', () => {
  it('sends in order per entity, each entry once, and empties the queue', async () => {
    for (let i = 0; i < 5; i++) await put('a', i);
    for (let i = 0; i < 3; i++) await put('b', i);
    const s = server();
    const r = await new Replayer(db, s.send).drain();
    expect(r.sent).toBe(8);
    expect(s.received.filter((e) => e.entity === 'a').map((e) => e.request.body)).toEqual([0, 1, 2, 3, 4]);
    expect(s.received.filter((e) => e.entity === 'b').map((e) => e.request.body)).toEqual([0, 1, 2]);
    expect(new Set(s.received.map((e) => e.id)).size).toBe(8);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.meta.get('lastSyncedAt'))?.value).toBeTypeOf('number');
  });

  it('an entry of a kind this app does not register is never sent: it waits with the later writes of its entity, others go on', async () => {
    await put('a', 0);
    await enqueue(db, { entity: 'a', kind: 'test.gone', request: { method: 'PUT', url: '/x/a', body: 1 } });
    await put('a', 2);
    await put('b', 0);
    const s = server();
    const r = await new Replayer(db, s.send).drain(true);
    expect(s.received.map((e) => [e.entity, e.request.body])).toEqual([
      ['a', 0],
      ['b', 0],
    ]);
    expect(r.nextAttemptAt).toBeNull();
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => [e.kind, e.state])).toEqual([
      ['test.gone', 'pending'],
      ['test.put', 'pending'],
    ]);
    // Once a version of the app registers the kind, the waiting writes replay in order.
    registerSyncKinds({ 'test.gone': { label: () => 'gone' } });
    await new Replayer(db, s.send).drain(true);
    expect(s.received.slice(2).map((e) => e.request.body)).toEqual([1, 2]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('network failure: stops, keeps everything, backs off; a forced drain after reconnecting sends once', async () => {
    await put('a', 1);
    await put('a', 2);
    let online = false;
    const s = server(() => (online ? { ok: true, data: null } : { ok: false, code: 0, message: 'offline' }));
    let now = 1_000;
    const rep = new Replayer(db, s.send, { now: () => now, random: () => 0 });
    const r1 = await rep.drain();
    expect(r1).toMatchObject({ offline: true, sent: 0 });
    const head = (await db.outbox.orderBy('seq').first())!;
    expect(head).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: 1_000 + BACKOFF_MAX_MS / 120 });
    // Not due yet: nothing is sent.
    online = true;
    expect((await rep.drain()).sent).toBe(0);
    now += 10_000;
    expect((await rep.drain()).sent).toBe(2);
    expect(s.received.map((e) => e.request.body)).toEqual([1, 1, 2]);
  });

  it('408, 429 and 5xx are retried later; the failing entity does not block another one', async () => {
    await put('a', 1);
    await put('b', 1);
    const s = server((e) => (e.entity === 'a' ? { ok: false, code: 503, message: 'busy' } : { ok: true, data: null }));
    const r = await new Replayer(db, s.send, { random: () => 0.5 }).drain();
    expect(r.sent).toBe(1);
    const a = (await db.outbox.toArray())[0]!;
    expect(a).toMatchObject({ entity: 'a', state: 'pending', attempts: 1, lastError: { code: 503, message: 'busy' } });
    expect(r.nextAttemptAt).toBe(a.nextAttemptAt);
    for (const code of [0, 408, 429, 500, 502, 503]) expect(classify(code)).toBe('retry');
  });

  it('session codes and 401 stop the queue as needs-auth without dropping anything', async () => {
    await put('a', 1);
    await put('b', 1);
    const s = server(() => ({ ok: false, code: 600, message: 'expired' }));
    const rep = new Replayer(db, s.send, { concurrency: 1 });
    const r = await rep.drain();
    expect(r).toMatchObject({ needsAuth: true, sent: 0 });
    expect(s.received).toHaveLength(1);
    expect(await db.outbox.where('state').equals('pending').count()).toBe(2);
    expect((await rep.drain()).needsAuth).toBe(true);
    expect(s.received).toHaveLength(1);
    // After sign-in a new replayer (new token) sends everything.
    const ok = server();
    expect((await new Replayer(db, ok.send).drain()).sent).toBe(2);
    for (const code of [600, 601, 602, 401]) expect(classify(code)).toBe('auth');
  });

  it('other 4xx become dead letters that never block later writes of the same entity', async () => {
    await put('a', 'bad');
    await put('a', 'good');
    const s = server((e) => (e.request.body === 'bad' ? { ok: false, code: 400, message: '姓名不能为空' } : { ok: true, data: null }));
    const r = await new Replayer(db, s.send).drain();
    expect(r.sent).toBe(1);
    const dead = await db.outbox.toArray();
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ state: 'dead', lastError: { code: 400, message: '姓名不能为空' } });
    // Retry puts it back; discard removes it (only on the user's request).
    await retryEntry(db, dead[0]!.id);
    expect((await db.outbox.get(dead[0]!.id))?.state).toBe('pending');
    await discardEntry(db, dead[0]!.id);
    expect(await db.outbox.count()).toBe(0);
    for (const code of [400, 403, 404, 413, 422]) expect(classify(code)).toBe('dead');
  });

  it('409 keeps the server copy; the entity waits; keep mine replays on the new version, keep theirs applies the server copy', async () => {
    const applied: unknown[] = [];
    registerSyncKinds({
      'test.versioned': {
        label: () => 'x',
        versionOf: (server) => (server as { version: number }).version,
        takeTheirs: async (_e, server) => {
          applied.push(server);
        },
      },
    });
    const v = (body: unknown, baseVersion: number) => enqueue(db, { entity: 'u', kind: 'test.versioned', request: { method: 'PUT', url: '/u', body }, baseVersion });
    await v('mine', 1);
    await v('later', 1);
    let current = 3;
    const s = server((e) => (e.baseVersion === current ? { ok: true, data: { version: ++current } } : { ok: false, code: 409, message: 'changed', data: { version: current, name: 'theirs' } }));
    const rep = new Replayer(db, s.send);
    await rep.drain();
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => r.state)).toEqual(['conflict', 'pending']);
    expect(rows[0]!.server).toEqual({ version: 3, name: 'theirs' });
    expect(s.received).toHaveLength(1); // the later write of the same entity waited

    await keepMine(db, rows[0]!.id);
    expect((await db.outbox.get(rows[0]!.id))?.baseVersion).toBe(3);
    await rep.drain();
    // 'mine' went through on version 3; 'later' was made on top of it and follows on version 4.
    expect(await db.outbox.count()).toBe(0);
    expect(current).toBe(5);
    expect(s.received.slice(1).map((e) => [e.request.body, e.baseVersion])).toEqual([
      ['mine', 3],
      ['later', 4],
    ]);

    // Keep theirs: the server copy is applied locally and the write is dropped.
    await v('again', 1);
    await rep.drain();
    const conflict = (await db.outbox.toArray())[0]!;
    expect(conflict.state).toBe('conflict');
    await keepTheirs(db, conflict.id);
    expect(applied).toEqual([{ version: 5, name: 'theirs' }]);
    expect(await db.outbox.count()).toBe(0);
    expect(classify(409)).toBe('conflict');
  });

  it('drains asked for while one runs join it: each write is sent and counted once', async () => {
    for (let i = 0; i < 6; i++) await put(`e${i % 3}`, i);
    const s = server();
    let counted = 0;
    const rep = new Replayer(db, s.send, { onSent: () => counted++ });
    await Promise.all([rep.drain(), rep.drain(true), rep.drain()]);
    await rep.drain();
    expect(counted).toBe(6);
    expect(s.received).toHaveLength(6);
    expect(new Set(s.received.map((e) => e.id)).size).toBe(6);
  });

  it('an entry a closed tab was sending is sent again, with the same Idempotency-Key', async () => {
    const e = await put('a', 1);
    await db.outbox.update(e.id, { state: 'sending' });
    const s = server();
    const rep = new Replayer(db, s.send);
    expect((await rep.drain()).sent).toBe(0);
    await rep.recover();
    expect((await rep.drain()).sent).toBe(1);
    expect(s.received[0]!.id).toBe(e.id);
  });

  it('backoff doubles from 1 s, is capped at 60 s and jittered', () => {
    expect(backoffMs(1, () => 1)).toBe(1000);
    expect(backoffMs(1, () => 0)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(4000);
    expect(backoffMs(30, () => 1)).toBe(60_000);
    expect(backoffMs(30, () => 0)).toBe(30_000);
  });
});
