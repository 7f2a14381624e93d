import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ulid } from 'ulid';
import { buildApp } from '../app';
import { contextualDb } from '../db/context';
import { idempotencyKeys, users } from '../db/schema';
import { Code } from '../../src/contracts/codes';
import { ADMIN_PASSWORD, authed, createTestApp, login, tokenFor, type TestApp } from '../test/helper';
import { requireAuth } from './auth';
import { IDEMPOTENCY_TTL_MS, purgeIdempotencyKeys } from './idempotency';
import { ok } from './errors';

let t: TestApp;
/** A second app on the same database with test-only routes (an effect followed by a failure). */
let probe: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  probe = await buildApp({ tokenTtlMs: 3600_000, staticDir: null, trustProxy: false, logLevel: 'silent' }, t.db);
  // The same contextual db the app's repos use (one per database).
  const db = contextualDb(t.db);
  probe.post('/test/write-then-fail', async (req) => {
    const { userId } = requireAuth(req);
    await db.update(users).set({ realName: (req.body as { realName: string }).realName }).where(eq(users.id, userId));
    throw new Error('after the write');
  });
  let sends = 0;
  probe.post('/test/send-201', async (_req, reply) => {
    sends += 1;
    reply.code(201).send(ok({ count: sends }));
    return reply;
  });
  await probe.ready();
});
afterAll(async () => {
  await probe?.close();
  await t?.close();
});

const BASE_INFO = '/Permission/Users/Current/BaseInfo';

async function put(app: FastifyInstance, url: string, token: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'PUT', url, headers: { ...authed(token), ...headers }, payload: payload as object });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}
const version = async (account: string) => (await t.db.select({ v: users.version }).from(users).where(eq(users.account, account)))[0]!.v;
const storedKeys = async (key: string) => t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));

describe('Idempotency-Key', () => {
  it('the same key twice: one effect, the same answer, the repeat marked as replayed', async () => {
    const token = await tokenFor(t.app, 'ym0010');
    const before = await version('ym0010');
    const key = ulid();
    const first = await put(t.app, BASE_INFO, token, { realName: '幂等一' }, { 'idempotency-key': key });
    const second = await put(t.app, BASE_INFO, token, { realName: '幂等一' }, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 200, msg: '修改成功', data: { realName: '幂等一', version: before + 1 } });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await version('ym0010')).toBe(before + 1);

    // The key is stored once, with the answer; lower case is the same key.
    const again = await put(t.app, BASE_INFO, token, { realName: '幂等一' }, { 'idempotency-key': key.toLowerCase() });
    expect(again.headers['idempotent-replayed']).toBe('true');
    const rows = await storedKeys(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'PUT', url: BASE_INFO, status: 200 });
    expect(await version('ym0010')).toBe(before + 1);
  });

  it('a replay speaks the language of the request that repeats it', async () => {
    const token = await tokenFor(t.app, 'ym0011');
    const key = ulid();
    await put(t.app, BASE_INFO, token, { realName: '语言' }, { 'idempotency-key': key });
    const en = await put(t.app, BASE_INFO, token, { realName: '语言' }, { 'idempotency-key': key, 'accept-language': 'en' });
    expect(en.headers['idempotent-replayed']).toBe('true');
    expect(en.body.msg).toBe('Saved');
  });

  it('concurrent duplicates: one effect, every request gets the same answer', async () => {
    const token = await tokenFor(t.app, 'ym0012');
    const before = await version('ym0012');
    const key = ulid();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => put(t.app, BASE_INFO, token, { realName: '并发' }, { 'idempotency-key': key })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const r of results) expect(r.body).toEqual(results[0]!.body);
    expect(results[0]!.body.data.version).toBe(before + 1);
    expect(await version('ym0012')).toBe(before + 1);
    expect(await storedKeys(key)).toHaveLength(1);
  });

  it('another user with the same key is independent', async () => {
    const a = await tokenFor(t.app, 'ym0013');
    const b = await tokenFor(t.app, 'ym0014');
    const [va, vb] = [await version('ym0013'), await version('ym0014')];
    const key = ulid();
    const ra = await put(t.app, BASE_INFO, a, { realName: '甲' }, { 'idempotency-key': key });
    const rb = await put(t.app, BASE_INFO, b, { realName: '乙' }, { 'idempotency-key': key });
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(ra.body.data).toMatchObject({ realName: '甲', account: 'ym0013' });
    expect(rb.body.data).toMatchObject({ realName: '乙', account: 'ym0014' });
    expect([await version('ym0013'), await version('ym0014')]).toEqual([va + 1, vb + 1]);
    expect(await storedKeys(key)).toHaveLength(2);
  });

  it('the same key on another URL or method → 422, nothing runs', async () => {
    const token = await tokenFor(t.app, 'ym0015');
    const key = ulid();
    await put(t.app, BASE_INFO, token, { realName: '原名' }, { 'idempotency-key': key });
    const v = await version('ym0015');
    const other = await put(t.app, '/Permission/Users/Current/Avatar/002.svg', token, undefined, { 'idempotency-key': key });
    expect(other).toMatchObject({ status: 422, body: { code: Code.UNPROCESSABLE, msg: '该Idempotency-Key已用于另一个请求', data: null } });
    const en = await put(t.app, '/Permission/Users/Current/Avatar/002.svg', token, undefined, { 'idempotency-key': key, 'accept-language': 'en' });
    expect(en.body.msg).toBe('This Idempotency-Key was already used for a different request');
    const post = await t.app.inject({ method: 'POST', url: BASE_INFO, headers: { ...authed(token), 'idempotency-key': key }, payload: {} });
    // No POST route there: the router answers 404 before any handler.
    expect(post.statusCode).toBe(404);
    expect(await version('ym0015')).toBe(v);

    // The client's cache-busting `n` is not part of the request's identity.
    const k2 = ulid();
    const n1 = await put(t.app, `${BASE_INFO}?n=1`, token, { realName: '原名' }, { 'idempotency-key': k2 });
    const n2 = await put(t.app, `${BASE_INFO}?n=2`, token, { realName: '原名' }, { 'idempotency-key': k2 });
    expect(n1.status).toBe(200);
    expect(n2).toMatchObject({ status: 200, headers: { 'idempotent-replayed': 'true' } });
  });

  it('a malformed key → 400 with a clear message, nothing changes', async () => {
    const token = await tokenFor(t.app, 'ym0016');
    const v = await version('ym0016');
    const valid = ulid();
    for (const bad of ['abc', '', valid.slice(0, 25), `${valid}0`, `${valid.slice(0, 25)}U`, `8${valid.slice(1)}`, 'not a ulid at all, really!']) {
      const res = await put(t.app, BASE_INFO, token, { realName: '坏键' }, { 'idempotency-key': bad });
      expect({ bad, ...res.body, status: res.status }).toMatchObject({ bad, status: 400, code: 400, msg: 'Idempotency-Key格式不正确，应为26位ULID' });
    }
    const en = await put(t.app, BASE_INFO, token, { realName: '坏键' }, { 'idempotency-key': 'x', 'accept-language': 'en' });
    expect(en.body.msg).toBe('Invalid Idempotency-Key: expected a 26-character ULID');
    const tw = await put(t.app, BASE_INFO, token, { realName: '坏键' }, { 'idempotency-key': 'x', 'accept-language': 'zh-TW' });
    expect(tw.body.msg).toBe('Idempotency-Key格式不正確，應為26位ULID');
    expect(await version('ym0016')).toBe(v);
  });

  it('a failed request stores nothing: a good retry with the same key runs', async () => {
    const token = await tokenFor(t.app, 'ym0017');
    const v = await version('ym0017');
    const key = ulid();
    const bad = await put(t.app, BASE_INFO, token, { realName: '' }, { 'idempotency-key': key });
    expect(bad).toMatchObject({ status: 400, body: { msg: '姓名不能为空' } });
    expect(await storedKeys(key)).toHaveLength(0);
    const good = await put(t.app, BASE_INFO, token, { realName: '重试' }, { 'idempotency-key': key });
    expect(good.status).toBe(200);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
    expect(good.body.data).toMatchObject({ realName: '重试', version: v + 1 });
    expect(await storedKeys(key)).toHaveLength(1);
  });

  it('a 409 is not stored either: after a fresh read, the same key goes through', async () => {
    const token = await tokenFor(t.app, 'ym0018');
    const v = await version('ym0018');
    const key = ulid();
    const stale = await put(t.app, BASE_INFO, token, { realName: '冲突' }, { 'idempotency-key': key, 'if-match': String(v - 1) });
    expect(stale.status).toBe(409);
    const fresh = await put(t.app, BASE_INFO, token, { realName: '冲突' }, { 'idempotency-key': key, 'if-match': String(v) });
    expect(fresh).toMatchObject({ status: 200, body: { data: { version: v + 1 } } });
  });

  it('without a session, and without the header, requests behave as before', async () => {
    // Sign-in has no session yet: the header is not looked at.
    const signIn = await login(t.app, 'ym0019', ADMIN_PASSWORD, { headers: { 'idempotency-key': 'not-a-ulid' } });
    expect(signIn.code).toBe(200);
    const noToken = await t.app.inject({ method: 'PUT', url: BASE_INFO, headers: { 'idempotency-key': 'bad' }, payload: { realName: 'x' } });
    // The session check comes first.
    expect(noToken.json()).toMatchObject({ code: Code.TOKEN_INVALID });
    const token = await tokenFor(t.app, 'ym0019');
    const v = await version('ym0019');
    await put(t.app, BASE_INFO, token, { realName: '无键' });
    await put(t.app, BASE_INFO, token, { realName: '无键' });
    expect(await version('ym0019')).toBe(v + 2);
  });
});

describe('the request transaction', () => {
  it('a keyed request that writes and then fails leaves no trace; without a key the write stays', async () => {
    const token = await tokenFor(probe, 'ym0020');
    const userId = (await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'ym0020')))[0]!.id;
    const name = async () => (await t.db.select({ n: users.realName }).from(users).where(eq(users.id, userId)))[0]!.n;
    const before = await name();
    const key = ulid();
    const failed = await probe.inject({ method: 'POST', url: '/test/write-then-fail', headers: { ...authed(token), 'idempotency-key': key }, payload: { realName: '回滚' } });
    expect(failed.statusCode).toBe(500);
    expect(await name()).toBe(before);
    expect(await storedKeys(key)).toHaveLength(0);

    const plain = await probe.inject({ method: 'POST', url: '/test/write-then-fail', headers: authed(token), payload: { realName: '无事务' } });
    expect(plain.statusCode).toBe(500);
    expect(await name()).toBe('无事务');
  });

  it('an answer sent with reply.send is stored and replayed too', async () => {
    const token = await tokenFor(probe, 'ym0021');
    const key = ulid();
    const headers = { ...authed(token), 'idempotency-key': key };
    const first = await probe.inject({ method: 'POST', url: '/test/send-201', headers, payload: { realName: '发送' } });
    const second = await probe.inject({ method: 'POST', url: '/test/send-201', headers, payload: { realName: '发送' } });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(first.json().data.count).toBe(1);
  });
});

describe('purge', () => {
  it('drops stored answers older than a week, keeps newer ones', async () => {
    const old = ulid();
    const recent = ulid();
    const now = Date.now();
    await t.db.insert(idempotencyKeys).values([
      { userId: 'u-purge', key: old, method: 'PUT', url: '/x', status: 200, body: null, createdAt: new Date(now - IDEMPOTENCY_TTL_MS - 60_000) },
      { userId: 'u-purge', key: recent, method: 'PUT', url: '/x', status: 200, body: null, createdAt: new Date(now - IDEMPOTENCY_TTL_MS + 60_000) },
    ]);
    await purgeIdempotencyKeys(t.db, now);
    const left = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, 'u-purge'));
    expect(left.map((r) => r.key)).toEqual([recent]);
  });
});
