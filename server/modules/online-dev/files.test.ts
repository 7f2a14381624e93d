import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { ModelInfo } from '../../../src/contracts/online-dev-model';
import { files } from '../../db/schema';
import { authed, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { definition, field, mp4, onlineDevKit, png, type OnlineDevKit } from './test-support';

/**
 * Files of online-development fields (spec 7.8, 5.3): the upload call names the model and field;
 * the file must be what the field takes (checked by its bytes, size and extension) and the
 * uploader may add or edit that model's records. Downloads go to the uploader and, once a record
 * holds the file, to whom is granted the model.
 */
let t: TestApp;
let k: OnlineDevKit;
let model: ModelInfo;
/** A user granted the model with every button. */
let editor: string;
/** A user granted the model to read only (btn_detail). */
let reader: string;
/** ym0005: a shop assistant, not granted the model. */
let stranger: string;

const draft = () =>
  definition(
    [
      field('comInput', 'title', '标题', { required: true }),
      field('uploadImg', 'pics', '照片', { upload: { kind: 'image', limit: 3 } }),
      field('uploadFz', 'clip', '视频', { upload: { kind: 'video', limit: 2 } }),
      field('uploadFz', 'doc', '附件', { upload: { kind: 'file', limit: 2, fileSize: 1, sizeUnit: 'KB', accept: ['pdf', 'txt'] } }),
    ],
    { columns: [{ key: 'title' }] },
  );
const q = (key: string, modelId = model.id) => `modelId=${modelId}&field=${key}`;
const download = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: authed(token) });
const stored = async (userToken: string) => {
  const me = (await k.get('/Permission/Users/App/CurrentUser', userToken)).data.userInfo.userId as string;
  return (await t.db.select({ id: files.id }).from(files).where(eq(files.creatorUserId, me))).length;
};

beforeAll(async () => {
  t = await createTestApp();
  k = await onlineDevKit(t);
  model = await k.publishedModel(draft());
  const menu = `onlineDev.model.${model.enCode}`;
  const full = await k.createRole('all');
  await k.grantModel(full.id, menu, ['btn_add', 'btn_edit', 'btn_remove', 'btn_export', 'btn_detail']);
  editor = (await k.createUser([full.id])).token;
  const readOnly = await k.createRole('all');
  await k.grantModel(readOnly.id, menu, ['btn_detail']);
  reader = (await k.createUser([readOnly.id])).token;
  stranger = await tokenFor(t.app, 'ym0005');
});
afterAll(async () => {
  await t?.close();
});

describe('uploads for a field', () => {
  it('a real PNG for an image field is stored and answered as a file entry', async () => {
    const res = await k.upload(editor, 'visualdevImage', q('pics'), '门头.PNG', png());
    expect(res).toMatchObject({ status: 200, code: 200, msg: '上传成功' });
    expect(res.data.name).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}\.png$/);
    expect(res.data).toEqual({ name: res.data.name, fileId: res.data.name.slice(0, 26), url: `/api/file/Download/visualdevImage/${res.data.name}`, fileName: '门头.PNG' });
  });

  it('a video field takes a real MP4 and refuses a PNG named .mp4 by its content', async () => {
    expect(await k.upload(editor, 'visualdevVideo', q('clip'), '巡店.mp4', mp4())).toMatchObject({ status: 200, code: 200 });
    expect(await k.upload(editor, 'visualdevVideo', q('clip'), '巡店.mp4', png())).toMatchObject({ status: 400, msg: '文件内容与文件类型不符' });
    expect(await k.upload(editor, 'visualdevVideo', q('clip'), '巡店.mov', mp4())).toMatchObject({ status: 400, msg: '请上传正确的视频格式' });
  });

  it('a file field checks its own size and extensions', async () => {
    const small = Buffer.from('门店盘点表\n'.repeat(20));
    expect(await k.upload(editor, 'visualdevFile', q('doc'), '盘点.txt', small)).toMatchObject({ status: 200 });
    const big = Buffer.from('x'.repeat(1025));
    expect(await k.upload(editor, 'visualdevFile', q('doc'), '盘点.txt', big)).toMatchObject({ status: 400, msg: 'file size exceeds 1KB' });
    // A real document, but not one of the field's extensions.
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    expect(await k.upload(editor, 'visualdevFile', q('doc'), '资料.zip', zip)).toMatchObject({ status: 400, msg: '不支持此文件类型' });
    // A program named .pdf.
    expect(await k.upload(editor, 'visualdevFile', q('doc'), '资料.pdf', Buffer.from('MZ\x90\x00\x03'))).toMatchObject({ status: 400, msg: '文件内容与文件类型不符' });
  });

  it('the model and field must be named, exist and take that kind of file', async () => {
    const refuse = { status: 400, msg: '请指定文件所属的功能和字段' };
    expect(await k.upload(editor, 'visualdevImage', '', 'a.png', png())).toMatchObject(refuse);
    expect(await k.upload(editor, 'visualdevImage', `modelId=${model.id}`, 'a.png', png())).toMatchObject(refuse);
    expect(await k.upload(editor, 'visualdevImage', 'field=pics', 'a.png', png())).toMatchObject(refuse);
    expect(await k.upload(editor, 'visualdevImage', q('title'), 'a.png', png())).toMatchObject(refuse);
    expect((await k.upload(editor, 'visualdevImage', q('pics', ulid()), 'a.png', png())).status).toBe(404);
    expect(await k.upload(editor, 'visualdevImage', q('doc'), 'a.png', png())).toMatchObject({ status: 400, msg: '文件类型与字段不符' });
  });

  it('a user who may not add or edit the model’s records cannot upload for it; nothing is stored', async () => {
    for (const token of [reader, stranger]) {
      const before = await stored(token);
      expect(await k.upload(token, 'visualdevImage', q('pics'), 'a.png', png())).toMatchObject({ status: 403, msg: '您没有此操作的权限' });
      expect(await stored(token)).toBe(before);
    }
  });

  it('the same Idempotency-Key sent twice stores one file and answers the same', async () => {
    const key = ulid();
    const bytes = png();
    const before = await stored(editor);
    const first = await k.upload(editor, 'visualdevImage', q('pics'), '重发.png', bytes, { 'Idempotency-Key': key });
    const again = await k.upload(editor, 'visualdevImage', q('pics'), '重发.png', bytes, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(again.data).toEqual(first.data);
    expect(await stored(editor)).toBe(before + 1);
    expect((await t.db.select({ id: files.id }).from(files).where(eq(files.uploadKey, key))).length).toBe(1);
  });
});

describe('downloads', () => {
  it('the uploader gets the file at once; others once a record of a model granted to them holds it', async () => {
    const bytes = png(500);
    const up = await k.upload(editor, 'visualdevImage', q('pics'), '现场.png', bytes);
    const url = up.data.url as string;
    const mine = await download(url, editor);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(bytes)).toBe(true);
    // Not yet in a record: nobody else may fetch it, not even with the model granted.
    expect((await download(url, reader)).statusCode).toBe(404);

    const made = await k.records(model.id).create(editor, { title: '巡店', pics: [up.data] });
    expect(made.status, JSON.stringify(made)).toBe(200);
    const theirs = await download(url, reader);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.rawPayload.equals(bytes)).toBe(true);
    expect((await download(url, stranger)).statusCode).toBe(404);
    expect((await download(url, k.admin)).statusCode).toBe(200);

    // The record gone, the file is its uploader's again.
    expect((await k.records(model.id).remove(editor, made.data.id)).status).toBe(200);
    expect((await download(url, reader)).statusCode).toBe(404);
    expect((await download(url, editor)).statusCode).toBe(200);
  });

  it('a name never stored, or of the wrong type, is 404', async () => {
    const up = await k.upload(editor, 'visualdevImage', q('pics'), 'x.png', png());
    expect((await download(`/api/file/Download/visualdevVideo/${up.data.name}`, editor)).statusCode).toBe(404);
    expect((await download(`/api/file/Download/visualdevImage/${ulid()}.png`, editor)).statusCode).toBe(404);
  });
});
