import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { Code } from '../../../src/contracts/codes';
import { h5Messages } from '../../../src/contracts/h5';
import { H5_BOOT_PLACEHOLDER, publicPagePath, snapshotPath, type H5Boot, type PublishedSnapshot } from '../../../src/contracts/h5-publish';
import { createTestApp, type TestApp } from '../../test/helper';
import { editable, element, h5Kit } from '../../test/h5-kit';
import { pageTemplate, renderPage } from './publish-html';

/** Publishing (issue 19): snapshots, the public page and its caching, ownership. */
let t: TestApp;
let k: Awaited<ReturnType<typeof h5Kit>>;

beforeAll(async () => {
  t = await createTestApp();
  k = await h5Kit(t, ['admin', 'ym0032']);
});
afterAll(async () => {
  await t?.close();
});

const page = (workId: string, headers: Record<string, string> = {}) => k.anonymous({ method: 'GET', url: publicPagePath(workId), headers });
const snapshot = (workId: string, version: number, headers: Record<string, string> = {}) => k.anonymous({ method: 'GET', url: snapshotPath(workId, version), headers });
const bootOf = (html: string): H5Boot => JSON.parse(/<script type="application\/json" id="h5-boot">(.*?)<\/script>/s.exec(html)![1]!);

async function workWithText(title: string, html: string) {
  const w = await k.create('ym0032', { title });
  const text = element('text', { text: html });
  const link = element('button', { text: '去看看' }, 200, { events: [{ type: 'link', value: 'javascript:alert(1)' }, { type: 'link', value: 'https://www.yunmian.com/' }] });
  const saved = await k.update('ym0032', { ...editable(w), pages: [{ ...w.pages[0]!, elements: [text, link] }] });
  return saved.data;
}

describe('publish and the public page', () => {
  it('publishes a snapshot served without a token: HTML with the boot data, the snapshot JSON with the work, rich text sanitized', async () => {
    const w = await workWithText('春季焕新 </script><b>', '<p onclick="steal()">好睡眠<script>alert(1)</script><img src="x" onerror="boom()"></p>');
    const res = await k.publish('ym0032', w.id);
    expect(res).toMatchObject({ status: 200, code: 200, data: { workId: w.id, version: 1, url: `/p/${w.id}`, is_publish: true } });
    expect((await k.workOf('ym0032', w.id)).data).toMatchObject({ is_publish: true, version: w.version });

    const html = await page(w.id);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['cache-control']).toBe('public, max-age=60');
    expect(html.headers['content-security-policy']).toContain("script-src 'self'");
    expect(html.headers['x-frame-options']).toBeUndefined();
    expect(html.body).not.toContain(H5_BOOT_PLACEHOLDER);
    // The title is escaped in <title> and cannot close the boot script.
    expect(html.body).toContain('<title>春季焕新 &lt;/script&gt;&lt;b&gt;</title>');
    expect(html.body.match(/<\/script>/g)).toHaveLength(1);
    const boot = bootOf(html.body);
    expect(boot).toEqual({ workId: w.id, version: 1, snapshotUrl: `/p/${w.id}/1.json`, title: '春季焕新 </script><b>' });

    const snap = await snapshot(w.id, 1);
    expect(snap.statusCode).toBe(200);
    expect(snap.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(snap.headers['content-type']).toMatch(/^application\/json/);
    const body = snap.json() as PublishedSnapshot;
    expect(body).toMatchObject({ workId: w.id, version: 1, work: { id: w.id, title: w.title } });
    expect(Date.parse(body.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [text, button] = body.work.pages[0]!.elements;
    expect(text!.pluginProps.text).toBe('<p>好睡眠<img src="x" /></p>');
    expect(button!.events.map((e) => e.value)).toEqual(['', 'https://www.yunmian.com/']);
  });

  it('answers 304 to If-None-Match on the page and the snapshot (weak or strong tag)', async () => {
    const w = await workWithText('缓存', '<p>缓存</p>');
    await k.publish('ym0032', w.id);
    const first = await page(w.id);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"p-/);
    const again = await page(w.id, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await page(w.id, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await page(w.id, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const snap = await snapshot(w.id, 1);
    const tag = snap.headers.etag as string;
    const cached = await snapshot(w.id, 1, { 'if-none-match': tag });
    expect(cached.statusCode).toBe(304);
    expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the page and the snapshot compressed as the client takes them (brotli, gzip, plain), the same bytes each time', async () => {
    const w = await workWithText('压缩', `<p>${'好睡眠从一张好床垫开始。'.repeat(200)}</p>`);
    await k.publish('ym0032', w.id);
    const plain = await snapshot(w.id, 1);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json() as PublishedSnapshot;
    expect(json.work.title).toBe('压缩');
    for (const [encoding, decode] of [['br', zlib.brotliDecompressSync], ['gzip', zlib.gunzipSync]] as const) {
      const first = await snapshot(w.id, 1, { 'accept-encoding': `${encoding}, identity;q=0.5` });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toContain('accept-encoding');
      expect(first.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(first.rawPayload).toString('utf8'))).toEqual(json);
      const second = await snapshot(w.id, 1, { 'accept-encoding': encoding });
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    const html = await page(w.id, { 'accept-encoding': 'gzip, deflate, br' });
    expect(html.headers['content-encoding']).toBe('br');
    expect(bootOf(zlib.brotliDecompressSync(html.rawPayload).toString('utf8')).version).toBe(1);
    expect((await snapshot(w.id, 1, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('a draft saved after publishing leaves the public snapshot as it was; the next publish is version 2 and the page names it', async () => {
    const w = await workWithText('草稿', '<p>第一版</p>');
    await k.publish('ym0032', w.id);
    const etag1 = (await page(w.id)).headers.etag;
    const saved = await k.update('ym0032', { ...editable(w), title: '草稿 · 改', pages: [{ ...w.pages[0]!, elements: [element('text', { text: '<p>第二版</p>' })] }] });
    expect(saved.status).toBe(200);
    const v1 = (await snapshot(w.id, 1)).json() as PublishedSnapshot;
    expect(v1.work.title).toBe('草稿');
    expect(v1.work.pages[0]!.elements[0]!.pluginProps.text).toBe('<p>第一版</p>');
    expect(bootOf((await page(w.id)).body).version).toBe(1);
    expect((await snapshot(w.id, 2)).statusCode).toBe(404);

    expect((await k.publish('ym0032', w.id)).data).toMatchObject({ version: 2 });
    const html = await page(w.id);
    expect(bootOf(html.body)).toMatchObject({ version: 2, snapshotUrl: `/p/${w.id}/2.json`, title: '草稿 · 改' });
    expect(html.headers.etag).not.toBe(etag1);
    expect((await page(w.id, { 'if-none-match': etag1 as string })).statusCode).toBe(200);
    expect(((await snapshot(w.id, 2)).json() as PublishedSnapshot).work.pages[0]!.elements[0]!.pluginProps.text).toBe('<p>第二版</p>');
    // An earlier version of a published work still loads (a page cached a minute ago).
    expect((await snapshot(w.id, 1)).statusCode).toBe(200);
  });

  it('unpublishing takes the page and every snapshot down (404 page in Chinese) until published again', async () => {
    const w = await workWithText('下线', '<p>下线</p>');
    await k.publish('ym0032', w.id);
    const res = await k.unpublish('ym0032', w.id);
    expect(res).toMatchObject({ status: 200, data: { workId: w.id, version: 1, is_publish: false } });
    expect((await k.workOf('ym0032', w.id)).data.is_publish).toBe(false);
    const gone = await page(w.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gone.body).toContain('此页面不存在或已下线');
    expect(gone.headers['cache-control']).toBe('no-cache');
    const snap = await snapshot(w.id, 1);
    expect(snap.statusCode).toBe(404);
    expect(snap.json()).toMatchObject({ code: Code.NOT_FOUND, msg: '此页面不存在或已下线' });

    expect((await k.publish('ym0032', w.id)).data.version).toBe(2);
    expect((await page(w.id)).statusCode).toBe(200);
  });

  it('unknown, never published, malformed and deleted works have no page', async () => {
    expect((await page(ulid())).statusCode).toBe(404);
    expect((await page('not-a-work')).statusCode).toBe(404);
    expect((await page('..%2F..%2Fetc')).statusCode).toBe(404);
    expect((await snapshot(ulid(), 1)).statusCode).toBe(404);
    const draft = await k.create('ym0032', { title: '从未发布' });
    expect((await page(draft.id)).statusCode).toBe(404);
    expect((await k.anonymous({ method: 'GET', url: `/p/${draft.id}/abc.json` })).statusCode).toBe(404);

    const w = await workWithText('删除', '<p>删除</p>');
    await k.publish('ym0032', w.id);
    expect((await k.post('ym0032', '/event/work/invalid', { id: w.id })).status).toBe(200);
    // The public page trusts its memory of the published version for a few seconds at most.
    await new Promise((r) => setTimeout(r, 5100));
    expect((await page(w.id)).statusCode).toBe(404);
  });

  it("another user cannot publish or unpublish my work (the not-found answer); a call needs a session", async () => {
    const w = await workWithText('别人的', '<p>x</p>');
    expect(await k.publish('admin', w.id)).toMatchObject({ status: 404, msg: h5Messages.notFound });
    expect((await page(w.id)).statusCode).toBe(404);
    await k.publish('ym0032', w.id);
    expect(await k.unpublish('admin', w.id)).toMatchObject({ status: 404, msg: h5Messages.notFound });
    expect((await page(w.id)).statusCode).toBe(200);
    expect(await k.publish('admin', ulid())).toMatchObject({ status: 404 });
    const anonymous = await k.anonymous({ method: 'POST', url: `/event/work/publish/${w.id}`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await k.post('ym0032', '/event/work/publish/bad-id', {})).status).toBe(400);
  });
});

describe('the runtime build', () => {
  it('serves dist/p/index.html with the boot script in place of its placeholder and the title set', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-runtime-'));
    fs.mkdirSync(path.join(dir, 'p'));
    fs.writeFileSync(path.join(dir, 'p', 'index.html'), `<!doctype html><html><head><title>runtime</title><script type="module" src="/p/assets/app.js"></script></head><body>${H5_BOOT_PLACEHOLDER}<div id="app"></div></body></html>`);
    const template = pageTemplate(dir)();
    const html = renderPage(template, { workId: 'W1', version: 3, title: '标题$&' });
    expect(html).toContain('<title>标题$&amp;</title>');
    expect(html).toContain('src="/p/assets/app.js"');
    expect(html).toContain('<script type="application/json" id="h5-boot">{"workId":"W1","version":3,"snapshotUrl":"/p/W1/3.json","title":"标题$&"}</script>');
    // The snapshot starts loading with the page, in the mode the runtime's fetch uses (credentials same-origin).
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/p/W1/3.json"></head>');
    // Without a build: the fallback page, same boot script.
    const fallback = pageTemplate(path.join(dir, 'missing'))();
    expect(renderPage(fallback, { workId: 'W1', version: 1, title: '' })).toContain('id="h5-boot"');
    expect(fallback.hash).not.toBe(template.hash);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
