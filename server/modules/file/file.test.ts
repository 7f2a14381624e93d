import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '../../../src/contracts/codes';
import { IMAGE_MAX_BYTES, uploadMessages } from '../../../src/contracts/files';
import { files } from '../../db/schema';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { KEEP_UPLOADS_PER_USER } from './rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300)]);

/** A multipart/form-data body with one file part, as a browser sends it. */
function form(filename: string, content: Buffer, field = 'file', mime = 'application/octet-stream') {
  const boundary = `----yunmian${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string | null, filename: string, content: Buffer, field?: string, lang?: string) => {
  const f = form(filename, content, field);
  return call(t.app, {
    method: 'POST',
    url: '/api/file/Uploader/userAvatar',
    payload: f.payload,
    headers: { ...f.headers, ...(token ? authed(token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
  });
};
const image = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const setAvatar = (token: string, name: string) =>
  call(t.app, { method: 'PUT', url: `/Permission/Users/Current/Avatar/${name}`, headers: authed(token) });
const headIcon = async (token: string) =>
  (await call(t.app, { method: 'GET', url: '/Permission/Users/Current/BaseInfo', headers: authed(token) })).data.headIcon;

describe('POST /api/file/Uploader/userAvatar', () => {
  it('stores a png and serves the same bytes to an <img> (no token), cached for good', async () => {
    const token = await tokenFor(t.app, 'ym0042');
    const res = await upload(token, 'Me.PNG', PNG);
    expect(res).toMatchObject({ status: 200, code: 200, msg: '上传成功' });
    expect(res.data.name).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}\.png$/);
    expect(res.data.url).toBe(`/api/file/Image/userAvatar/${res.data.name}`);

    const got = await image(res.data.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG)).toBe(true);

    const again = await image(res.data.url, { 'if-none-match': got.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('accepts the myfile field and jpg/jpeg names, served as image/jpeg', async () => {
    const token = await tokenFor(t.app, 'ym0042');
    for (const name of ['photo.jpg', 'photo.jpeg']) {
      const res = await upload(token, name, JPEG, 'myfile');
      expect(res).toMatchObject({ status: 200, code: 200 });
      expect(res.data.name.endsWith(name.slice(name.indexOf('.')))).toBe(true);
      const got = await image(res.data.url);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.rawPayload.equals(JPEG)).toBe(true);
    }
  });

  it.each(['anim.gif', 'doc.pdf', 'noext', 'png', 'x.png.exe', 'x.svg'])('refuses %s by its extension', async (name) => {
    const token = await tokenFor(t.app, 'ym0043');
    expect(await upload(token, name, PNG)).toMatchObject({ status: 400, code: 400, msg: uploadMessages.imageType });
  });

  it('refuses bytes that are not the image the extension names', async () => {
    const token = await tokenFor(t.app, 'ym0043');
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [name, bytes] of [
      ['fake.png', fake],
      ['fake.jpg', fake],
      ['swapped.png', JPEG],
      ['swapped.jpeg', PNG],
      ['empty.png', Buffer.alloc(0)],
    ] as const) {
      const res = await upload(token, name, bytes);
      expect({ name, ...res }).toMatchObject({ name, status: 400, code: 400, msg: uploadMessages.imageContent });
    }
    const en = await upload(token, 'fake.png', fake, 'file', 'en');
    expect(en.msg).toBe('The file content is not a valid jpg, png or jpeg image');
  });

  it('refuses a file of 20 MB or more', async () => {
    const token = await tokenFor(t.app, 'ym0043');
    const exactly = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES - PNG.length)]);
    expect(await upload(token, 'big.png', exactly)).toMatchObject({ status: 413, code: Code.PAYLOAD_TOO_LARGE, msg: '单个文件最大为20M' });
    const over = Buffer.concat([exactly, Buffer.alloc(1024)]);
    expect(await upload(token, 'bigger.png', over)).toMatchObject({ status: 413, msg: '单个文件最大为20M' });
    const tw = await upload(token, 'bigger.png', over, 'file', 'zh-TW');
    expect(tw.msg).toBe('單個文件最大為20M');
  });

  it('refuses an upload without a session, and a request without a file', async () => {
    expect(await upload(null, 'me.png', PNG)).toMatchObject({ status: 401, code: Code.TOKEN_INVALID });
    expect(await upload('not-a-token', 'me.png', PNG)).toMatchObject({ status: 401, code: Code.TOKEN_INVALID });
    const token = await tokenFor(t.app, 'ym0043');
    expect(await upload(token, 'me.png', PNG, 'other')).toMatchObject({ status: 400, msg: uploadMessages.noFile });
    const json = await call(t.app, { method: 'POST', url: '/api/file/Uploader/userAvatar', headers: authed(token), payload: { file: 'x' } });
    expect(json).toMatchObject({ status: 400, msg: uploadMessages.noFile });
    const f = form('me.png', PNG);
    const wrongType = await call(t.app, { method: 'POST', url: '/api/file/Uploader/other', payload: f.payload, headers: { ...f.headers, ...authed(token) } });
    expect(wrongType).toMatchObject({ status: 400, msg: '文件类别不正确' });
  });
});

describe('GET /api/file/Image/userAvatar/:name', () => {
  it('answers 404 with the envelope for unknown or malformed names', async () => {
    for (const name of ['01J00000000000000000000000.png', 'evil.png', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await image(`/api/file/Image/userAvatar/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: '文件不存在' });
    }
  });
});

describe('PUT /Permission/Users/Current/Avatar/{uploaded name}', () => {
  it('sets the user’s own upload as avatar; CurrentUser shows it', async () => {
    const token = await tokenFor(t.app, 'ym0044');
    const { data } = await upload(token, 'me.png', PNG);
    expect(await setAvatar(token, data.name)).toMatchObject({ status: 200, code: 200 });
    expect(await headIcon(token)).toBe(data.name);
    const cu = await call(t.app, { method: 'GET', url: '/Permission/Users/App/CurrentUser', headers: authed(token) });
    expect(cu.data.userInfo.headIcon).toBe(data.name);
    // Built-in avatars keep working.
    expect(await setAvatar(token, '003.svg')).toMatchObject({ status: 200, code: 200 });
    expect(await headIcon(token)).toBe('003.svg');
  });

  it('refuses someone else’s upload and names that were never uploaded', async () => {
    const owner = await tokenFor(t.app, 'ym0045');
    const other = await tokenFor(t.app, 'ym0046');
    const { data } = await upload(owner, 'mine.png', PNG);
    const before = await headIcon(other);
    expect(await setAvatar(other, data.name)).toMatchObject({ status: 403, code: Code.FORBIDDEN, msg: '只能使用本人上传的头像' });
    expect(await setAvatar(other, '01J00000000000000000000000.png')).toMatchObject({ status: 400, msg: '头像名称不正确' });
    expect(await setAvatar(other, data.name.replace('.png', '.gif'))).toMatchObject({ status: 400, msg: '头像名称不正确' });
    expect(await headIcon(other)).toBe(before);
  });

  it(`keeps the ${KEEP_UPLOADS_PER_USER} newest uploads and the one in use; older ones are deleted`, async () => {
    const token = await tokenFor(t.app, 'ym0047');
    const userId = (await call(t.app, { method: 'GET', url: '/Permission/Users/Current/BaseInfo', headers: authed(token) })).data.id;
    const first = (await upload(token, 'first.png', PNG)).data.name;
    expect((await setAvatar(token, first)).code).toBe(200);
    const names: string[] = [];
    for (let i = 0; i < KEEP_UPLOADS_PER_USER + 2; i++) names.push((await upload(token, `n${i}.png`, PNG)).data.name);
    const left = (await t.db.select({ name: files.name }).from(files).where(eq(files.creatorUserId, userId))).map((r) => r.name).sort();
    expect(left).toEqual([first, ...names.slice(-KEEP_UPLOADS_PER_USER)].sort());
    expect((await image(`/api/file/Image/userAvatar/${first}`)).statusCode).toBe(200);
    expect((await image(`/api/file/Image/userAvatar/${names[0]}`)).statusCode).toBe(404);
  });
});
