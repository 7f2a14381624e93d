import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ulid } from 'ulid';
import { Code } from '../../../src/contracts/codes';
import { IMAGE_MAX_BYTES, uploadMessages } from '../../../src/contracts/files';
import { h5Messages, h5Paths, type BgImage } from '../../../src/contracts/h5';
import { files, h5Images, userRoles, users } from '../../db/schema';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { imageSize } from './image-size';

/** The image library (spec 7.9 bg/list, bg/invalid) fed by uploads of file type h5, and reading image sizes. */

/** Image headers of a given size, as the formats write them (the rest of the file is noise). */
function png(width: number, height: number) {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, randomBytes(100)]);
}
function gif(width: number, height: number) {
  const head = Buffer.alloc(10);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return Buffer.concat([head, randomBytes(60)]);
}
function jpeg(width: number, height: number) {
  const app0 = Buffer.concat([Buffer.from([0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(9)]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc2, 0x00, 0x11, 0x08]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.from([0xff, 0xff]), sof, randomBytes(80)]);
}
function webp(chunk: 'VP8X' | 'VP8L' | 'VP8 ', width: number, height: number) {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBP', 8, 'latin1');
  b.write(chunk, 12, 'latin1');
  if (chunk === 'VP8X') {
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  } else if (chunk === 'VP8L') {
    b[20] = 0x2f;
    b.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  } else {
    b.set([0x9d, 0x01, 0x2a], 23);
    b.writeUInt16LE(width, 26);
    b.writeUInt16LE(height, 28);
  }
  return b;
}

describe('imageSize', () => {
  it.each([
    ['png', png(750, 1334), 750, 1334],
    ['gif', gif(320, 100), 320, 100],
    ['jpeg (progressive, after an APP0 segment and fill bytes)', jpeg(1080, 720), 1080, 720],
    ['webp VP8X', webp('VP8X', 2000, 1500), 2000, 1500],
    ['webp VP8L', webp('VP8L', 640, 480), 640, 480],
    ['webp VP8', webp('VP8 ', 300, 200), 300, 200],
  ])('%s', (_name, bytes, width, height) => {
    expect(imageSize(bytes)).toEqual({ width, height });
  });

  it('null for what it cannot read', () => {
    expect(imageSize(Buffer.from('hello world, not an image'))).toBeNull();
    expect(imageSize(jpeg(10, 10).subarray(0, 12))).toBeNull();
    expect(imageSize(png(0, 10))).toBeNull();
  });
});

let t: TestApp;
const token = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  // ym0045 keeps no role: no grant of the page builder's menus.
  const [noGrant] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, 'ym0045'));
  await t.db.delete(userRoles).where(eq(userRoles.userId, noGrant!.id));
  for (const a of ['ym0032', 'ym0033', 'ym0004', 'ym0045', 'admin']) token.set(a, await tokenFor(t.app, a));
});
afterAll(async () => {
  await t?.close();
});

function form(filename: string, content: Buffer) {
  const boundary = `----yunmian${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (account: string, filename: string, content: Buffer) => {
  const f = form(filename, content);
  return call(t.app, { method: 'POST', url: '/api/file/Uploader/h5', payload: f.payload, headers: { ...f.headers, ...authed(token.get(account)!) } });
};
const library = (account: string, body: object = {}) => call<{ list: BgImage[]; pagination: { total: number } }>(t.app, { method: 'POST', url: h5Paths.bgList, payload: body, headers: authed(token.get(account)!) });
const remove = (account: string, id: string) => call(t.app, { method: 'POST', url: h5Paths.bgInvalid, payload: { id }, headers: authed(token.get(account)!) });

describe('uploads of type h5', () => {
  it('jpg, png, gif and webp by their bytes; each joins the uploader’s library with its size; served without a session', async () => {
    const banner = await upload('ym0032', '双11主图.png', png(750, 400));
    expect(banner).toMatchObject({ status: 200, code: 200, data: { fileName: '双11主图.png' } });
    expect(banner.data.url).toBe(`/api/file/Image/h5/${banner.data.name}`);
    // A phone's JPEG named .png is stored as the JPEG it is; an animated gif stays a gif.
    const photo = await upload('ym0032', 'photo.png', jpeg(1080, 720));
    expect(photo.data.name).toMatch(/\.jpg$/);
    const anim = await upload('ym0032', 'anim.gif', gif(120, 120));
    expect(anim.data.name).toMatch(/\.gif$/);
    const modern = await upload('ym0032', 'modern.webp', webp('VP8X', 800, 600));
    expect(modern.data.name).toMatch(/\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: anim.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const res = await library('ym0032');
    expect(res).toMatchObject({ status: 200, code: 200, data: { pagination: { currentPage: 1, total: 4 } } });
    expect(res.data.list.map((i) => i.name)).toEqual(['modern.webp', 'anim.gif', 'photo.png', '双11主图.png']);
    expect(res.data.list[3]).toEqual({
      id: banner.data.fileId,
      name: '双11主图.png',
      url: banner.data.url,
      width: 750,
      height: 400,
      size: png(750, 400).length,
      created_time: expect.any(String),
    });
    expect(res.data.list[2]).toMatchObject({ width: 1080, height: 720, url: photo.data.url });
    expect((await library('ym0032', { keyword: '双11' })).data.list.map((i) => i.name)).toEqual(['双11主图.png']);
    // Nobody else's library shows them.
    expect((await library('ym0033')).data.pagination.total).toBe(0);
  });

  it('refuses other types, bytes that are no image and files of 20 MB; nothing is stored', async () => {
    const before = (await library('ym0004')).data.pagination.total;
    expect(await upload('ym0004', 'poster.svg', Buffer.from('<svg/>'))).toMatchObject({ status: 400, msg: h5Messages.imageType });
    expect(await upload('ym0004', 'fake.png', Buffer.from('not an image at all'))).toMatchObject({ status: 400, msg: h5Messages.imageContent });
    const big = Buffer.concat([png(10, 10), Buffer.alloc(IMAGE_MAX_BYTES)]);
    expect(await upload('ym0004', 'big.png', big)).toMatchObject({ status: 413, code: Code.PAYLOAD_TOO_LARGE, msg: uploadMessages.imageSize });
    expect((await library('ym0004')).data.pagination.total).toBe(before);
    // A user without the 我的作品 / 素材库 grant cannot upload images for works.
    expect(await upload('ym0045', 'mine.png', png(10, 10))).toMatchObject({ status: 403, code: Code.FORBIDDEN });
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.type, 'h5'))).toHaveLength(4);
    // An administrator can.
    expect(await upload('admin', 'admin.png', png(10, 10))).toMatchObject({ status: 200, data: { fileName: 'admin.png' } });
    expect((await library('admin')).data.list.map((i) => i.name)).toEqual(['admin.png']);
  });
});

describe('POST /event/work/bg/invalid', () => {
  it('takes the image out of the owner’s library (works that show it keep it); another user’s or a missing id is 404', async () => {
    const up = await upload('ym0033', 'bg.jpg', jpeg(320, 568));
    const id = up.data.fileId as string;
    expect((await library('ym0033')).data.list.map((i) => i.id)).toEqual([id]);

    expect(await remove('ym0032', id)).toMatchObject({ status: 404, code: Code.NOT_FOUND, msg: h5Messages.imageNotFound });
    expect(await remove('ym0033', ulid())).toMatchObject({ status: 404, msg: h5Messages.imageNotFound });
    expect((await library('ym0033')).data.pagination.total).toBe(1);

    expect(await remove('ym0033', id)).toMatchObject({ status: 200, code: 200, data: null });
    expect((await library('ym0033')).data).toMatchObject({ list: [], pagination: { total: 0 } });
    expect(await remove('ym0033', id)).toMatchObject({ status: 404, msg: h5Messages.imageNotFound });
    // The row and the file stay: a published page still shows the picture.
    const [row] = await t.db.select().from(h5Images).where(eq(h5Images.id, id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await t.app.inject({ method: 'GET', url: up.data.url })).statusCode).toBe(200);
  });
});
