import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../test/helper';
import { countQueries, type QueryCounter } from '../test/query-count';

/**
 * What a call costs the database, statement by statement (BEGIN and COMMIT included): the session,
 * the route's permission and the stored answer of an Idempotency-Key are read in one query, and a
 * profile write reads its saved row back from its own UPDATE. The replay bench
 * (tests/bench/sync-replay-browser.mjs) prints the same counts.
 */
let t: TestApp;
let counter: QueryCounter;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => counter?.stop());
afterAll(async () => {
  await t?.close();
});

const BASE_INFO = '/Permission/Users/Current/BaseInfo';

/** Runs one call and gives its answer with the statements it sent. */
async function counted(method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object, headers: Record<string, string> = {}) {
  counter = countQueries(t.db);
  const res = await call(t.app, { method, url, payload, headers: { ...authed(token), ...headers } });
  const statements = [...counter.statements];
  counter.stop();
  return { res, statements };
}

const body = (info: { gender: string | null; mobilePhone: string | null; email: string | null; signature: string | null }, realName: string) => ({
  realName,
  gender: info.gender,
  mobilePhone: info.mobilePhone ?? '',
  email: info.email ?? '',
  signature: info.signature,
});

describe('queries per call', () => {
  it('a queued profile write (Idempotency-Key, If-Match): 5 statements; its repeat: 1', async () => {
    const token = await tokenFor(t.app, 'ym0030');
    const read = await counted('GET', BASE_INFO, token);
    expect(read.res.code).toBe(200);
    expect(read.statements).toHaveLength(2); // the session, the user with its names
    const info = read.res.data;

    const key = ulid();
    const write = await counted('PUT', BASE_INFO, token, body(info, '计数'), { 'idempotency-key': key, 'if-match': String(info.version) });
    expect(write.res).toMatchObject({ code: 200, data: { realName: '计数', version: info.version + 1, organizeName: info.organizeName, departmentName: info.departmentName } });
    expect(write.statements.map((s) => s.split(' ')[0]!.toLowerCase())).toEqual(['select', 'begin', 'with', 'insert', 'commit']);
    expect(write.statements[0]).toContain('idempotency_keys');

    const again = await counted('PUT', BASE_INFO, token, body(info, '计数'), { 'idempotency-key': key, 'if-match': String(info.version) });
    expect(again.res).toEqual(write.res);
    expect(again.statements).toHaveLength(1);
  });

  it('a stale If-Match: 409 with the current copy, nothing stored', async () => {
    const token = await tokenFor(t.app, 'ym0031');
    const info = (await call(t.app, { method: 'GET', url: BASE_INFO, headers: authed(token) })).data;
    const stale = await counted('PUT', BASE_INFO, token, body(info, '旧'), { 'idempotency-key': ulid(), 'if-match': String(info.version - 1) });
    expect(stale.res).toMatchObject({ status: 409, data: { version: info.version, realName: info.realName } });
    expect(stale.statements.some((s) => /^rollback$/i.test(s))).toBe(true);
    expect(stale.statements.some((s) => s.startsWith('insert into "idempotency_keys"'))).toBe(false);
    // After a failure the key is looked up once more: a concurrent twin may have committed first.
    expect(stale.statements.at(-1)).toMatch(/^select .* from "idempotency_keys"/);
  });

  it('a preference write (Idempotency-Key, no version): 5 statements', async () => {
    const token = await tokenFor(t.app, 'ym0032');
    const write = await counted('PUT', '/Permission/Users/CurrentLanguage', token, { language: 'en' }, { 'idempotency-key': ulid() });
    expect(write.res.code).toBe(200);
    expect(write.statements).toHaveLength(5);
  });

  it('the permission check is part of the session query: a refused call costs 1 statement', async () => {
    const staff = await tokenFor(t.app, 'ym0010');
    const refused = await counted('GET', '/Permission/Role', staff);
    expect(refused.res.status).toBe(403);
    expect(refused.statements).toHaveLength(1);
    expect(refused.statements[0]).toContain('role_authorize');
  });

  it('a granted call with a data scope reads the grant with the session and the scope once', async () => {
    const manager = await tokenFor(t.app, 'ym0001');
    const list = await counted('GET', '/Permission/Users?pageSize=20', manager);
    expect(list.res.code).toBe(200);
    expect(list.statements[0]).toContain('role_authorize');
    // Data scope and granted columns: one query (the roles with their columns of the module).
    expect(list.statements.filter((s) => s.includes('data_scope'))).toHaveLength(1);
    expect(list.statements.filter((s) => s.includes('role_authorize'))).toHaveLength(2);
  });
});

describe('the connection', () => {
  it('stays open between calls (keep-alive): a replay of many writes reuses it', async () => {
    const app = (await createTestApp({ seed: false })) as TestApp;
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.app.server.address() as { port: number };
      const http = await import('node:http');
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const get = () =>
        new Promise<{ socket: unknown; headers: Record<string, unknown> }>((resolve, reject) => {
          const req = http.get({ host: '127.0.0.1', port, path: '/health', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ socket: req.socket, headers: res.headers }));
          });
          req.on('error', reject);
        });
      const first = await get();
      const second = await get();
      expect(first.headers.connection).toBe('keep-alive');
      expect(String(first.headers['keep-alive'])).toMatch(/^timeout=\d+/);
      expect(second.socket).toBe(first.socket);
      agent.destroy();
    } finally {
      await app.close();
    }
  });
});
