import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contracts/codes';
import type { Datasource } from '../../../src/contracts/h5';
import { datasourcePath, h5PublishMessages } from '../../../src/contracts/h5-publish';
import { createTestApp, type TestApp } from '../../test/helper';
import { editable, h5Kit } from '../../test/h5-kit';
import { ALLOW_PRIVATE_ENV, checkUrl, fetchUpstream, guardedLookup, isPublicAddress } from './datasource-proxy';

/**
 * The datasource proxy of published pages (issue 19). Only loopback is ever connected to: private
 * and link-local addresses are refused before any connection, and the passing upstream is a local
 * server reached with the allow-private switch on for that test only.
 */
let t: TestApp;
let k: Awaited<ReturnType<typeof h5Kit>>;
let upstream: http.Server;
let port = 0;
const hits = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  k = await h5Kit(t, ['ym0032']);
  upstream = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/stores') res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ store: { name: '南京新街口店' } }));
    else if (req.url === '/text') res.writeHead(200, { 'content-type': 'text/plain' }).end('今日客流 128');
    else if (req.url === '/redirect') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (req.url === '/html') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>x</p>');
    else if (req.url === '/image') res.writeHead(200, { 'content-type': 'image/png' }).end('PNG');
    else if (req.url === '/huge') res.writeHead(200, { 'content-type': 'application/json' }).end(`"${'x'.repeat(1024 * 1024 + 10)}"`);
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 1500);
    else res.writeHead(500).end();
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  port = (upstream.address() as AddressInfo).port;
});
afterAll(async () => {
  delete process.env[ALLOW_PRIVATE_ENV];
  await new Promise((r) => upstream?.close(r));
  await t?.close();
});

const ds = (id: string, url: string, type: Datasource['type'] = 'HTTP_API'): Datasource => ({ id, name: id, url, type, dependencies: [], relatedDsList: [], refreshType: 'once', refreshInterval: 0, pipe: '' });

async function publishedWith(datasources: Datasource[]) {
  const w = await k.create('ym0032', { title: '数据源' });
  const saved = await k.update('ym0032', { ...editable(w), datasources });
  expect(saved.status).toBe(200);
  await k.publish('ym0032', w.id);
  return saved.data;
}
const proxied = (workId: string, id: string, remoteAddress = '192.0.2.20') => t.app.inject({ method: 'GET', url: datasourcePath(workId, id), remoteAddress });

describe('the address rule', () => {
  it('only public unicast addresses pass, IPv4 and IPv6, mapped and embedded forms included', () => {
    for (const a of ['8.8.8.8', '223.5.5.5', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
    const internal = ['127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '2002:7f00:1::1', '64:ff9b::a00:1', 'not-an-ip'];
    for (const a of internal) expect(isPublicAddress(a), a).toBe(false);
  });

  it('URLs: http(s) only, IP hosts public (every spelling of loopback included)', () => {
    for (const u of ['https://api.example.com/stores.json', 'http://8.8.8.8/x']) expect(checkUrl(u, false).href).toBe(new URL(u).href);
    const refused = [
      'ftp://example.com/a', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://x', 'not a url', '',
      'http://127.0.0.1/', 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/',
      'http://[fc00::1]/', 'http://[fe80::1]/', 'http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://192.168.0.1:8080/',
    ];
    for (const u of refused) expect(() => checkUrl(u, false), u).toThrow(h5PublishMessages.dsRefused);
    expect(checkUrl('http://127.0.0.1:8080/', true).port).toBe('8080');
  });

  it('names are checked when they are resolved for the connection: any internal address refuses the name', async () => {
    const lookupWith = (addresses: { address: string; family: number }[]) =>
      new Promise<unknown>((resolve) => guardedLookup(false, (_h, cb) => cb(null, addresses))('api.example.com', { all: true }, (err: unknown, list: unknown) => resolve(err ?? list)));
    expect(await lookupWith([{ address: '93.184.216.34', family: 4 }])).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(await lookupWith([{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }])).toBeInstanceOf(Error);
    expect(await lookupWith([{ address: '::1', family: 6 }])).toBeInstanceOf(Error);
  });
});

describe('GET /p/{workId}/ds/{datasourceId}', () => {
  it('refuses loopback, private, link-local and IPv6 loopback hosts, names that resolve to loopback, and non-http schemes (403, nothing fetched)', async () => {
    delete process.env[ALLOW_PRIVATE_ENV];
    const w = await publishedWith([
      ds('loop', `http://127.0.0.1:${port}/stores`),
      ds('ten', 'http://10.0.0.1/stores'),
      ds('meta', 'http://169.254.169.254/latest/meta-data/'),
      ds('v6', `http://[::1]:${port}/stores`),
      ds('name', `http://localhost:${port}/stores`),
      ds('ftp', 'ftp://127.0.0.1/stores'),
      ds('file', 'file:///etc/passwd'),
    ]);
    for (const id of ['loop', 'ten', 'meta', 'v6', 'name', 'ftp', 'file']) {
      const res = await proxied(w.id, id);
      expect(res.statusCode, id).toBe(403);
      expect(res.json(), id).toMatchObject({ code: Code.FORBIDDEN, msg: h5PublishMessages.dsRefused });
    }
    expect(hits.get('/stores') ?? 0).toBe(0);
  });

  it('passes a JSON or text answer of the published snapshot’s datasource on, cached 30 s; refuses redirects, other types and over 1 MB', async () => {
    process.env[ALLOW_PRIVATE_ENV] = 'true';
    try {
      const w = await publishedWith([
        ds('stores', `http://127.0.0.1:${port}/stores`),
        ds('text', `http://127.0.0.1:${port}/text`),
        ds('redirect', `http://127.0.0.1:${port}/redirect`),
        ds('html', `http://127.0.0.1:${port}/html`),
        ds('image', `http://127.0.0.1:${port}/image`),
        ds('huge', `http://127.0.0.1:${port}/huge`),
        ds('broken', `http://127.0.0.1:${port}/broken`),
        ds('static', '', 'STATIC'),
      ]);
      const res = await proxied(w.id, 'stores');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ store: { name: '南京新街口店' } });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=30');
      await proxied(w.id, 'stores');
      expect(hits.get('/stores')).toBe(1);
      expect((await proxied(w.id, 'text')).body).toBe('今日客流 128');

      const redirect = await proxied(w.id, 'redirect');
      expect(redirect.statusCode).toBe(502);
      expect(redirect.json().msg).toBe(h5PublishMessages.dsFailed);
      expect((await proxied(w.id, 'html')).json().msg).toBe(h5PublishMessages.dsType);
      expect((await proxied(w.id, 'image')).json().msg).toBe(h5PublishMessages.dsType);
      expect((await proxied(w.id, 'huge')).json().msg).toBe(h5PublishMessages.dsTooLarge);
      expect((await proxied(w.id, 'broken')).statusCode).toBe(502);
      expect((await proxied(w.id, 'static')).json()).toMatchObject({ code: Code.NOT_FOUND, msg: h5PublishMessages.dsNotFound });
      expect((await proxied(w.id, 'unknown')).statusCode).toBe(404);

      // The URL comes from the published snapshot only: a draft's new datasource is not reachable.
      await k.update('ym0032', { ...editable(w), datasources: [...w.datasources, ds('draft', `http://127.0.0.1:${port}/text`)] });
      expect((await proxied(w.id, 'draft')).json().msg).toBe(h5PublishMessages.dsNotFound);
      await k.unpublish('ym0032', w.id);
      expect((await proxied(w.id, 'stores')).json().msg).toBe(h5PublishMessages.pageGone);
    } finally {
      delete process.env[ALLOW_PRIVATE_ENV];
    }
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    await expect(fetchUpstream(new URL(`http://127.0.0.1:${port}/slow`), guardedLookup(true), 300)).rejects.toMatchObject({ httpStatus: 504, message: h5PublishMessages.dsTimeout });
    expect(Date.now() - started).toBeLessThan(1200);
  });
});
