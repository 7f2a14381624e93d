import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ulid } from 'ulid';
import { buildApp } from '../app';
import { authed, createTestApp, tokenFor, type TestApp } from '../test/helper';
import { COMPRESS_THRESHOLD } from './compression';

let t: TestApp;
/** The app as `npm start` runs it: the API and a built app (a small one, written here) on one port. */
let app: FastifyInstance;
let dir: string;
let token: string;

/** A built app as the build leaves it: plain files, and a .br and .gz copy beside the big ones. */
const JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const HTML = `<!doctype html><html><head><title>云眠</title></head><body>${'<div class="x">云眠</div>'.repeat(80)}</body></html>`;
function writeBuild(root: string) {
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  const files = { 'index.html': HTML, 'assets/index-abc123.js': JS };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  // Too small to be worth a copy: always sent plain.
  fs.writeFileSync(path.join(root, 'assets/tiny-abc123.js'), 'export const a = 1;\n');
  // The published-page runtime's hashed assets (vite.runtime.config.ts → dist/p/).
  fs.mkdirSync(path.join(root, 'p/assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'p/assets/index-def456.js'), JS);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunmian-static-'));
  writeBuild(dir);
  t = await createTestApp();
  app = await buildApp({ tokenTtlMs: 3600_000, staticDir: dir, trustProxy: false, logLevel: 'silent' }, t.db);
  await app.ready();
  token = await tokenFor(app, 'ym0010');
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The body as the client reads it, decoded from what came on the wire. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

const vary = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').toLowerCase();

/** Accept-Encoding sent → the encoding expected back. */
const CASES = [
  { accept: 'br, gzip', encoding: 'br' },
  { accept: 'gzip, deflate, br', encoding: 'br' },
  { accept: 'gzip', encoding: 'gzip' },
  { accept: undefined, encoding: undefined },
  { accept: 'identity', encoding: undefined },
] as const;
const acceptHeader = (accept: string | undefined): Record<string, string> => (accept ? { 'accept-encoding': accept } : {});

describe('the built app', () => {
  for (const { accept, encoding } of CASES) {
    it(`Accept-Encoding ${accept ?? '(none)'}: ${encoding ?? 'plain'}, decoded equal to the file, 304 with the ETag`, async () => {
      for (const [url, file, type] of [
        ['/assets/index-abc123.js', 'assets/index-abc123.js', 'javascript'],
        ['/', 'index.html', 'text/html'],
        ['/index.html', 'index.html', 'text/html'],
      ] as const) {
        const res = await app.inject({ method: 'GET', url, headers: acceptHeader(accept) });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers['content-type'], url).toContain(type);
        expect(vary(res), url).toContain('accept-encoding');
        expect(decoded(res).equals(fs.readFileSync(path.join(dir, file))), url).toBe(true);
        if (encoding) expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(dir, `${file}.${encoding === 'br' ? 'br' : 'gz'}`)).size);
        const etag = res.headers.etag as string;
        expect(etag, url).toBeTruthy();
        const again = await app.inject({ method: 'GET', url, headers: { ...acceptHeader(accept), 'if-none-match': etag } });
        expect(again.statusCode, url).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
    });
  }

  it('hashed assets are immutable, the rest revalidated; a file without copies goes plain', async () => {
    const js = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const html = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(html.headers['cache-control']).toBe('no-cache');
    const tiny = await app.inject({ method: 'GET', url: '/assets/tiny-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export const a = 1;\n');
    const runtime = await app.inject({ method: 'GET', url: '/p/assets/index-def456.js' });
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('API answers', () => {
  // The dictionaries (ETag route), several KB of JSON.
  const BIG = '/Base/DictionaryData/All';
  const SMALL = '/Base/DictionaryData/sex/Data/Selector';

  it(`from ${COMPRESS_THRESHOLD} bytes on: compressed as asked, decoded equal to the plain answer, one ETag, 304s`, async () => {
    const plain = await app.inject({ method: 'GET', url: BIG, headers: authed(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(vary(plain)).toContain('accept-encoding');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"/);

    for (const { accept, encoding } of CASES) {
      const res = await app.inject({ method: 'GET', url: BIG, headers: { ...authed(token), ...acceptHeader(accept) } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toContain('application/json');
      expect(vary(res), accept).toContain('accept-encoding');
      if (encoding) expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
      expect(decoded(res).equals(plain.rawPayload), accept).toBe(true);
      // The tag names the JSON, whatever the encoding on the wire.
      expect(res.headers.etag, accept).toBe(etag);

      const again = await app.inject({ method: 'GET', url: BIG, headers: { ...authed(token), ...acceptHeader(accept), 'if-none-match': etag } });
      expect(again.statusCode, accept).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.etag).toBe(etag);
      expect(vary(again)).toContain('accept-encoding');
    }
  });

  it(`under ${COMPRESS_THRESHOLD} bytes: plain whatever the client accepts`, async () => {
    const res = await app.inject({ method: 'GET', url: SMALL, headers: { ...authed(token), 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ code: 200, data: { list: [{ fullName: '男' }, { fullName: '女' }, { fullName: '保密' }] } });
  });

  it('errors, replayed writes (Idempotency-Key) and /health answer as before', async () => {
    const denied = await app.inject({ method: 'GET', url: BIG, headers: { 'accept-encoding': 'br, gzip' } });
    expect(denied.headers['content-encoding']).toBeUndefined();
    expect(denied.json()).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });

    const key = ulid();
    const put = () =>
      app.inject({
        method: 'PUT',
        url: '/Permission/Users/Current/BaseInfo',
        headers: { ...authed(token), 'accept-encoding': 'br, gzip', 'idempotency-key': key },
        payload: { realName: '压缩' },
      });
    const first = await put();
    const second = await put();
    expect(second.headers['idempotent-replayed']).toBe('true');
    const json = (res: LightMyRequestResponse) => JSON.parse(decoded(res).toString()) as unknown;
    expect(json(first)).toMatchObject({ code: 200, data: { realName: '压缩' } });
    expect(json(second)).toEqual(json(first));

    const health = await app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.json()).toEqual({ code: 200, msg: 'ok', data: null });
  });
});
