import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ulid } from 'ulid';
import type { WebSocket } from 'ws';
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_PATH, chatMessages as texts, type ChatMessage, type ChatUser } from '../../../src/contracts/chat';
import { Code } from '../../../src/contracts/codes';
import type { WsServerFrame, WsServerMessage } from '../../../src/contracts/realtime';
import { users } from '../../db/schema';
import { authed, call, createPeerApp, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { onlineClient, quiet, type RealtimeClient } from '../../test/realtime-client';

/** Chat over HTTP (contacts, catch-up), chat images (upload, download permission) and two server instances. */
let t: TestApp;
const open: WebSocket[] = [];
const token = new Map<string, string>();
const userId = new Map<string, string>();
const id = (account: string) => userId.get(account)!;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), randomBytes(100)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x40, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(100)]);

/** A multipart/form-data body with one file part, as a browser sends it. */
function form(filename: string, content: Buffer, field = 'file') {
  const boundary = `----yunmian${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (account: string | null, filename: string, content: Buffer, lang?: string) => {
  const f = form(filename, content);
  return call(t.app, {
    method: 'POST',
    url: '/api/file/Uploader/chat',
    payload: f.payload,
    headers: { ...f.headers, ...(account ? authed(token.get(account)!) : {}), ...(lang ? { 'accept-language': lang } : {}) },
  });
};
const download = (account: string | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(account ? authed(token.get(account)!) : {}), ...headers } });
const get = (account: string, url: string) => call(t.app, { method: 'GET', url, headers: authed(token.get(account)!) });

const online = async (account: string, app = t.app) => (await onlineClient(app, open, token.get(account)!)).c;
const sentOf = (messageId: string) => (m: WsServerMessage) => m.method === 'sendMessage' && m.message.id === messageId;
const receivedOf = (messageId: string) => (m: WsServerMessage) => m.method === 'receiveMessage' && m.message.id === messageId;

async function sendText(c: RealtimeClient, to: string, content: string): Promise<ChatMessage> {
  const frame = { method: 'SendMessage', id: ulid(), toUserId: id(to), token: 'x', messageType: 'text', messageContent: content };
  c.send(frame);
  return (await c.next<WsServerFrame<'sendMessage'>>(sentOf(frame.id), `sendMessage ${content}`)).message;
}
async function sendImage(c: RealtimeClient, to: string, path: string) {
  const frame = { method: 'SendMessage', id: ulid(), toUserId: id(to), token: 'x', messageType: 'image', messageContent: { path, width: 640, height: 480, base64: 'data:image/jpeg;base64,/9j/4AAQ' } };
  c.send(frame);
  return c.next<WsServerFrame<'sendMessage'> | WsServerFrame<'error'>>((m) => sentOf(frame.id)(m) || m.method === 'error', 'sendMessage or error');
}

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.select({ id: users.id, account: users.account }).from(users)) userId.set(r.account, r.id);
  for (const a of ['admin', 'ym0020', 'ym0021', 'ym0022', 'ym0023', 'ym0024', 'ym0026', 'ym0027']) token.set(a, await tokenFor(t.app, a));
});
afterAll(async () => {
  for (const ws of open) ws.terminate();
  await t?.close();
});

describe('GET /api/chat/Users', () => {
  it('enabled staff but the caller, with department, initials, presence, unread counts and the last message', async () => {
    await online('ym0021');
    await t.db.update(users).set({ enabled: false }).where(eq(users.account, 'ym0049'));
    try {
      const res = await get('admin', '/api/chat/Users');
      expect(res).toMatchObject({ status: 200, code: 200 });
      const list = res.data as ChatUser[];
      const all = await t.db.select({ id: users.id }).from(users).where(eq(users.enabled, true));
      expect(list).toHaveLength(all.length - 1);
      expect(list.map((u) => u.id)).not.toContain(id('admin'));
      expect(list.map((u) => u.id)).not.toContain(id('ym0049'));
      // Unread first (the demo conversations): 3, 2, 1.
      expect(list.slice(0, 3).map((u) => [u.account, u.unread])).toEqual([
        ['ym0011', 3],
        ['ym0004', 2],
        ['ym0039', 1],
      ]);
      const store = list.find((u) => u.account === 'ym0004')!;
      expect(store).toMatchObject({ organize: '上海徐汇店', online: false, headIcon: expect.stringMatching(/\.svg$/) });
      expect(store.quickQuery).toMatch(/^[A-Z]+$/);
      expect(store.lastMessage).toMatchObject({ contentType: 'text', sendUserId: id('ym0004'), content: expect.stringContaining('以旧换新') });
      expect(list.find((u) => u.account === 'ym0021')).toMatchObject({ online: true, unread: 0 });
      expect(list.find((u) => u.account === 'ym0022')!.lastMessage).toBeUndefined();
      // The staff list of a staff member: admin is in it, with no unread.
      const staff = (await get('ym0022', '/api/chat/Users')).data as ChatUser[];
      expect(staff.find((u) => u.account === 'admin')).toMatchObject({ realName: '管理员', unread: 0 });
    } finally {
      await t.db.update(users).set({ enabled: true }).where(eq(users.account, 'ym0049'));
    }
  });

  it('needs a session', async () => {
    expect(await call(t.app, { method: 'GET', url: '/api/chat/Users' })).toMatchObject({ status: 401, code: Code.TOKEN_INVALID });
  });
});

describe('GET /api/chat/Since (catch-up)', () => {
  it('the caller’s messages received and sent after a seq, oldest first, in pages', async () => {
    const me = await online('ym0023');
    const colleague = await online('ym0024');
    const bystander = await online('ym0026');
    const start = (await get('ym0023', '/api/chat/Since?after=0')).data as { list: ChatMessage[]; hasMore: boolean };
    const after = start.list.length ? start.list[start.list.length - 1]!.seq : 0;
    const got: ChatMessage[] = [];
    got.push(await sendText(colleague, 'ym0023', '离线时收到的第一条'));
    got.push(await sendText(me, 'ym0024', '我从另一台设备发的'));
    await sendText(bystander, 'ym0024', '与我无关');
    got.push(await sendText(colleague, 'ym0023', '离线时收到的第二条'));

    const res = await get('ym0023', `/api/chat/Since?after=${after}`);
    expect(res).toMatchObject({ status: 200, code: 200, data: { hasMore: false } });
    expect((res.data.list as ChatMessage[]).map((m) => m.content)).toEqual(got.map((m) => m.content));
    expect(res.data.list).toEqual(got);
    // Pages: limit, hasMore, and the next page after the last seq.
    const first = (await get('ym0023', `/api/chat/Since?after=${after}&limit=2`)).data;
    expect(first.list.map((m: ChatMessage) => m.seq)).toEqual(got.slice(0, 2).map((m) => m.seq));
    expect(first.hasMore).toBe(true);
    const rest = (await get('ym0023', `/api/chat/Since?after=${first.list[1].seq}&limit=2`)).data;
    expect(rest).toEqual({ list: [got[2]], hasMore: false });
  });

  it('refuses a bad query, and works without one', async () => {
    expect(await get('ym0023', '/api/chat/Since?after=-1')).toMatchObject({ status: 400 });
    expect(await get('ym0023', '/api/chat/Since?limit=100000')).toMatchObject({ status: 400 });
    expect(await get('ym0023', '/api/chat/Since?after=abc')).toMatchObject({ status: 400 });
    expect(await get('ym0023', '/api/chat/Since')).toMatchObject({ status: 200, code: 200 });
  });
});

describe('POST /api/chat/Messages and /api/chat/Actions/Read (the sync queue while the socket is closed)', () => {
  const post = (account: string, url: string, payload: Record<string, unknown>, key?: string) =>
    call(t.app, { method: 'POST', url, payload, headers: { ...authed(token.get(account)!), ...(key ? { 'idempotency-key': key } : {}) } });

  it('a message sent over HTTP is stored once (the device id), reaches the recipient’s socket and counts unread until read', async () => {
    const recipient = await online('ym0027');
    const body = { id: ulid(), toUserId: id('ym0027'), messageType: 'text', messageContent: '  离线写的，联网后补发  ' };
    const received = recipient.next<WsServerFrame<'receiveMessage'>>(receivedOf(body.id), 'receiveMessage over HTTP');
    const first = await post('ym0022', '/api/chat/Messages', body, ulid());
    expect(first).toMatchObject({ status: 200, code: 200, data: { id: body.id, sendUserId: id('ym0022'), toUserId: id('ym0027'), contentType: 'text', content: '离线写的，联网后补发' } });
    expect((await received).message).toEqual(first.data);
    // The replay after a lost answer (another key, the same device id): the stored message, once.
    const again = await post('ym0022', '/api/chat/Messages', body, ulid());
    expect(again.data).toEqual(first.data);
    const unread = (await get('ym0027', '/api/chat/Users')).data as ChatUser[];
    expect(unread.find((u) => u.id === id('ym0022'))?.unread).toBe(1);
    const read = recipient.next((m) => m.method === 'readMessage', 'readMessage');
    expect(await post('ym0027', '/api/chat/Actions/Read', { formUserId: id('ym0022') })).toMatchObject({ status: 200, code: 200 });
    await read;
    const after = (await get('ym0027', '/api/chat/Users')).data as ChatUser[];
    expect(after.find((u) => u.id === id('ym0022'))?.unread).toBe(0);
  });

  it('refuses what the frame would refuse: empty text, oneself, a bad id, no session', async () => {
    expect(await post('ym0022', '/api/chat/Messages', { id: ulid(), toUserId: id('ym0027'), messageType: 'text', messageContent: '   ' })).toMatchObject({ status: 400, msg: texts.textEmpty });
    expect(await post('ym0022', '/api/chat/Messages', { id: ulid(), toUserId: id('ym0022'), messageType: 'text', messageContent: '自言自语' })).toMatchObject({ status: 400, msg: texts.noRecipient });
    expect(await post('ym0022', '/api/chat/Messages', { id: 'x', toUserId: id('ym0027'), messageType: 'text', messageContent: '你好' })).toMatchObject({ status: 400 });
    expect(await post('ym0022', '/api/chat/Actions/Read', { formUserId: '../../etc' })).toMatchObject({ status: 400 });
    const anonymous = await call(t.app, { method: 'POST', url: '/api/chat/Messages', payload: { id: ulid(), toUserId: id('ym0027'), messageType: 'text', messageContent: '你好' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/file/Uploader/chat', () => {
  it.each([
    ['photo.png', PNG, 'png'],
    ['photo.JPG', JPEG, 'jpg'],
    ['photo.jpeg', JPEG, 'jpg'],
    ['anim.gif', GIF, 'gif'],
    ['sticker.webp', WEBP, 'webp'],
    // A phone's JPEG named .png: the bytes decide.
    ['image.png', JPEG, 'jpg'],
  ])('stores %s as .%s and answers the uploaded file entry (name, fileId, url, fileName)', async (fileName, bytes, ext) => {
    const res = await upload('ym0020', fileName, bytes);
    expect(res).toMatchObject({ status: 200, code: 200, msg: '上传成功' });
    expect(res.data.name).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{26}\\.${ext}$`));
    expect(res.data).toEqual({ name: res.data.name, fileId: res.data.name.slice(0, 26), url: `/api/file/Download/chat/${res.data.name}`, fileName });
    expect(res.data.url).toMatch(CHAT_IMAGE_PATH);
    const got = await download('ym0020', res.data.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe(`image/${ext === 'jpg' ? 'jpeg' : ext}`);
    expect(got.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses what is not an image by its content, whatever its name', async () => {
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [name, bytes] of [
      ['fake.png', fake],
      ['fake.gif', Buffer.from('GIF90a and more')],
      ['riff.webp', Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt ')],
      ['empty.jpg', Buffer.alloc(0)],
    ] as const) {
      expect({ name, ...(await upload('ym0020', name, bytes)) }).toMatchObject({ name, status: 400, code: Code.BAD_REQUEST, msg: texts.imageContent });
    }
    for (const name of ['doc.pdf', 'x.svg', 'noext', 'x.png.exe', 'clip.mp4']) {
      expect(await upload('ym0020', name, PNG)).toMatchObject({ status: 400, msg: texts.imageType });
    }
    expect((await upload('ym0020', 'fake.png', fake, 'en')).msg).toBe('The file content is not a valid image');
  });

  it(`refuses ${CHAT_IMAGE_MAX_BYTES} bytes or more (图片大小不能超过5M); one byte less is stored`, async () => {
    const exactly = Buffer.concat([PNG, Buffer.alloc(CHAT_IMAGE_MAX_BYTES - PNG.length)]);
    expect(await upload('ym0020', 'big.png', exactly)).toMatchObject({ status: 400, code: Code.BAD_REQUEST, msg: texts.imageSize });
    expect(await upload('ym0020', 'bigger.png', Buffer.concat([exactly, Buffer.alloc(4096)]))).toMatchObject({ status: 400, msg: texts.imageSize });
    expect((await upload('ym0020', 'big.png', exactly, 'zh-TW')).msg).toBe('圖片大小不能超過5M');
    const under = await upload('ym0020', 'almost.png', exactly.subarray(0, CHAT_IMAGE_MAX_BYTES - 1));
    expect(under).toMatchObject({ status: 200, code: 200 });
    expect((await download('ym0020', under.data.url)).rawPayload.length).toBe(CHAT_IMAGE_MAX_BYTES - 1);
  });

  it('needs a session', async () => {
    expect(await upload(null, 'me.png', PNG)).toMatchObject({ status: 401, code: Code.TOKEN_INVALID });
  });
});

describe('chat images: sending and download permission', () => {
  it('the uploader, the sender and the recipient download it; anybody else gets 404, and nobody without a session', async () => {
    const { data } = await upload('ym0021', 'shelf.png', PNG);
    const url: string = data.url;
    // Before it is sent: its uploader only.
    expect((await download('ym0021', url)).statusCode).toBe(200);
    expect((await download('ym0022', url)).statusCode).toBe(404);

    const sender = await online('ym0021');
    const recipient = await online('ym0022');
    const answer = await sendImage(sender, 'ym0022', url);
    expect(answer).toMatchObject({ method: 'sendMessage', message: { contentType: 'image', content: { path: url, width: 640, height: 480, base64: 'data:image/jpeg;base64,/9j/4AAQ' } } });
    await recipient.next(receivedOf((answer as WsServerFrame<'sendMessage'>).message.id), 'receiveMessage of the image');

    const got = await download('ym0022', url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect((await download('ym0022', url, { 'if-none-match': got.headers.etag as string })).statusCode).toBe(304);

    // Anyone else: the answer of a missing file, whatever they try.
    for (const other of ['ym0023', 'admin']) {
      const res = await download(other, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: Code.NOT_FOUND, msg: '文件不存在' });
    }
    expect((await download(null, url)).statusCode).toBe(401);
    expect((await download('ym0023', url.replace('/Download/chat/', '/Download/userAvatar/'))).statusCode).toBe(404);
    // Not served without a session at the image path either.
    expect((await t.app.inject({ method: 'GET', url: url.replace('/Download/', '/Image/') })).statusCode).toBe(404);
  });

  it('an image uploaded by someone else cannot be sent (imageMissing), nor reached that way', async () => {
    const { data } = await upload('ym0021', 'private.png', PNG);
    const thief = await online('ym0027');
    expect(await sendImage(thief, 'ym0023', data.url)).toMatchObject({ method: 'error', code: Code.BAD_REQUEST, msg: texts.imageMissing });
    expect((await download('ym0027', data.url)).statusCode).toBe(404);
    expect((await download('ym0023', data.url)).statusCode).toBe(404);
  });

  it('download takes names of stored files only', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'x.png', `${ulid()}.svg`, `${ulid()}.png`]) {
      expect((await download('ym0021', `/api/file/Download/chat/${name}`)).statusCode).toBe(404);
    }
    expect((await download('ym0021', `/api/file/Download/other/${ulid()}.png`)).statusCode).toBe(400);
  });

  it('avatars download for anyone signed in', async () => {
    const f = form('me.png', PNG);
    const avatar = await call(t.app, { method: 'POST', url: '/api/file/Uploader/userAvatar', payload: f.payload, headers: { ...f.headers, ...authed(token.get('ym0021')!) } });
    expect(avatar.data.url).toBe(`/api/file/Image/userAvatar/${avatar.data.name}`);
    expect((await download('ym0027', `/api/file/Download/userAvatar/${avatar.data.name}`)).statusCode).toBe(200);
  });
});

describe('two server instances on one database', () => {
  let peer: Awaited<ReturnType<typeof createPeerApp>>;
  beforeAll(async () => {
    peer = await createPeerApp(t);
  });
  afterAll(async () => {
    await peer?.close();
  });

  it('a message sent through A reaches the recipient’s socket on B and the sender’s other device on B; read marks cross too', async () => {
    const senderOnA = await online('ym0026');
    const senderOnB = await online('ym0026', peer.app);
    const recipientOnB = await online('ym0027', peer.app);
    const recipientOnA = await online('ym0027');
    const message = await sendText(senderOnA, 'ym0027', '跨实例的消息');
    expect((await recipientOnB.next<WsServerFrame<'receiveMessage'>>(receivedOf(message.id), 'receiveMessage on B')).message).toEqual(message);
    expect((await senderOnB.next<WsServerFrame<'sendMessage'>>(sentOf(message.id), 'sendMessage on B')).message).toEqual(message);
    await recipientOnA.next(receivedOf(message.id), 'receiveMessage on A');

    // Back through B, to A.
    const reply = await sendText(recipientOnB, 'ym0026', '收到');
    await senderOnA.next(receivedOf(reply.id), 'reply on A');

    // Read on B, told on A.
    recipientOnB.send({ method: 'UpdateReadMessage', formUserId: id('ym0026'), token: 'x' });
    expect(await recipientOnA.next((m) => m.method === 'readMessage', 'readMessage on A')).toEqual({ method: 'readMessage', formUserId: id('ym0026') });

    await quiet();
    expect(recipientOnB.all('receiveMessage')).toHaveLength(1);
    expect(senderOnB.all('sendMessage').map((m) => m.message.id)).toEqual([message.id]);
    // Contacts on B see A's connections online.
    const contacts = (await call(peer.app, { method: 'GET', url: '/api/chat/Users', headers: authed(token.get('ym0027')!) })).data as ChatUser[];
    expect(contacts.find((u) => u.account === 'ym0026')).toMatchObject({ online: true, unread: 0, lastMessage: { content: '收到', sendUserId: id('ym0027') } });
  });
});
