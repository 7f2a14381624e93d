import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import type { WebSocket } from 'ws';
import { CHAT_TEXT_MAX, chatMessages as texts, type ChatMessage } from '../../../src/contracts/chat';
import { Code } from '../../../src/contracts/codes';
import type { WsServerFrame, WsServerMessage } from '../../../src/contracts/realtime';
import { contextualDb } from '../../db/context';
import { chatCounts, chatMessages, users } from '../../db/schema';
import { authed, call, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { connectClient, onlineClient, quiet, type RealtimeClient } from '../../test/realtime-client';
import { chatRepo } from './repo';

/** The chat methods of spec 7.10 on the realtime hub; HTTP, files and two instances are in chat.test.ts. */
let t: TestApp;
const open: WebSocket[] = [];
const token = new Map<string, string>();
const userId = new Map<string, string>();
const id = (account: string) => userId.get(account)!;

type Sent = WsServerFrame<'sendMessage'>;
type Received = WsServerFrame<'receiveMessage'>;
type ListAnswer = WsServerFrame<'messageList'>;
type ErrorFrame = WsServerFrame<'error'>;

const isInit = (m: WsServerMessage) => m.method === 'initMessage';
const sentOf = (messageId: string) => (m: WsServerMessage) => m.method === 'sendMessage' && m.message.id === messageId;
const receivedOf = (messageId: string) => (m: WsServerMessage) => m.method === 'receiveMessage' && m.message.id === messageId;
const isError = (m: WsServerMessage) => m.method === 'error';
const isList = (m: WsServerMessage) => m.method === 'messageList';

const online = async (account: string) => (await onlineClient(t.app, open, token.get(account)!)).c;
const text = (to: string, content: unknown, messageId = ulid()) => ({ method: 'SendMessage', id: messageId, toUserId: id(to), token: 'ignored', messageType: 'text', messageContent: content });

/** The heartbeat is answered: the connection is still usable. */
async function stillOpen(c: RealtimeClient) {
  c.send({ method: 'heartCheck' });
  await c.next((m) => m.method === 'heartCheck', 'heartCheck');
  expect(c.ws.readyState).toBe(c.ws.OPEN);
}

/** A message as the sender's acknowledgement brings it. */
async function send(c: RealtimeClient, to: string, content: string): Promise<ChatMessage> {
  const frame = text(to, content);
  c.send(frame);
  return (await c.next<Sent>(sentOf(frame.id), `sendMessage ${content}`)).message;
}

const rowsOf = (sender: string, messageId: string) =>
  t.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sendUserId, id(sender)), eq(chatMessages.id, messageId)));
const counter = async (user: string, peer: string) =>
  (await t.db.select().from(chatCounts).where(and(eq(chatCounts.userId, id(user)), eq(chatCounts.peerId, id(peer)))))[0] ?? null;

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.select({ id: users.id, account: users.account }).from(users)) userId.set(r.account, r.id);
  const accounts = ['admin', 'ym0005', 'ym0006', 'ym0007', 'ym0008', 'ym0009', 'ym0010', 'ym0012', 'ym0013', 'ym0014', 'ym0015'];
  for (const a of accounts) token.set(a, await tokenFor(t.app, a));
});
afterAll(async () => {
  for (const ws of open) ws.terminate();
  await t?.close();
});

describe('initMessage', () => {
  it('unreadNums holds the unread messages per sender (the demo conversations for admin)', async () => {
    const { init } = await onlineClient(t.app, open, token.get('admin')!);
    expect(init.unreadNums).toEqual({ [id('ym0004')]: 2, [id('ym0039')]: 1, [id('ym0011')]: 3 });
    expect(init.onlineUsers).toContain(id('admin'));
    const other = await onlineClient(t.app, open, token.get('ym0005')!);
    expect(other.init.unreadNums).toEqual({});
  });
});

describe('SendMessage', () => {
  it('reaches every connection of the recipient (receiveMessage) and of the sender (sendMessage), nobody else', async () => {
    const phone = await online('ym0005');
    const desk = await online('ym0005');
    const recipient = await online('ym0006');
    const recipientTab = await online('ym0006');
    const bystander = await online('ym0007');
    const frame = text('ym0006', '  今天下午三点盘点床垫库存 [微笑]  ');
    phone.send(frame);
    const ack = await phone.next<Sent>(sentOf(frame.id), 'sendMessage (ack)');
    expect(ack.message).toEqual({
      id: frame.id,
      sendUserId: id('ym0005'),
      toUserId: id('ym0006'),
      contentType: 'text',
      content: '今天下午三点盘点床垫库存 [微笑]',
      sendTime: expect.any(Number),
      seq: expect.any(Number),
      read: false,
    });
    expect(Math.abs(ack.message.sendTime - Date.now())).toBeLessThan(60_000);
    expect((await desk.next<Sent>(sentOf(frame.id), 'sendMessage on the other device')).message).toEqual(ack.message);
    expect((await recipient.next<Received>(receivedOf(frame.id), 'receiveMessage')).message).toEqual(ack.message);
    expect((await recipientTab.next<Received>(receivedOf(frame.id), 'receiveMessage (2nd tab)')).message).toEqual(ack.message);
    await quiet();
    expect(bystander.received.filter((m) => m.method !== 'initMessage')).toEqual([]);
    expect(phone.all('sendMessage')).toHaveLength(1);
    expect(recipient.all('receiveMessage')).toHaveLength(1);
    expect(await counter('ym0006', 'ym0005')).toMatchObject({ total: 1, unread: 1, lastSeq: ack.message.seq });
    expect(await counter('ym0005', 'ym0006')).toMatchObject({ total: 1, unread: 0, lastSeq: ack.message.seq });
  });

  it('a repeated device id is stored once; the repeat gets the stored message and nothing new reaches anyone', async () => {
    const sender = await online('ym0008');
    const other = await online('ym0008');
    const recipient = await online('ym0009');
    const frame = text('ym0009', '周末活动的赠品到了吗？');
    sender.send(frame);
    const first = (await sender.next<Sent>(sentOf(frame.id))).message;
    await recipient.next(receivedOf(frame.id));
    // Lost acknowledgement, replay after reconnect, another tab: the same frame again, with the text trimmed differently.
    sender.send({ ...frame, messageContent: '周末活动的赠品到了吗？   ' });
    expect((await sender.next<Sent>(sentOf(frame.id), 'the answer to the repeat')).message).toEqual(first);
    other.send(frame);
    expect((await other.next<Sent>((m) => sentOf(frame.id)(m) && other.all('sendMessage').length === 2, 'repeat on the other tab')).message).toEqual(first);
    await quiet();
    expect(recipient.all('receiveMessage').filter((m) => m.message.id === frame.id)).toHaveLength(1);
    expect(sender.all('sendMessage')).toHaveLength(2);
    expect(await rowsOf('ym0008', frame.id)).toHaveLength(1);
    expect(await counter('ym0009', 'ym0008')).toMatchObject({ total: 1, unread: 1 });
  });

  it('repeats sent at once (two tabs replaying) are stored once', async () => {
    const tabs = [await online('ym0010'), await online('ym0010'), await online('ym0010')];
    const recipient = await online('ym0012');
    const frame = text('ym0012', '同一条消息');
    for (const tab of tabs) tab.send(frame);
    const seqs = await Promise.all(tabs.map(async (tab) => (await tab.next<Sent>(sentOf(frame.id))).message.seq));
    expect(new Set(seqs).size).toBe(1);
    await recipient.next(receivedOf(frame.id));
    await quiet();
    expect(recipient.all('receiveMessage')).toHaveLength(1);
    expect(await rowsOf('ym0010', frame.id)).toHaveLength(1);
    expect(await counter('ym0012', 'ym0010')).toMatchObject({ total: 1, unread: 1 });
  });

  it('the same device id with another message is refused (idTaken), naming the id; the stored one stays', async () => {
    const sender = await online('ym0013');
    const frame = text('ym0014', '原来的消息');
    sender.send(frame);
    await sender.next(sentOf(frame.id));
    sender.send({ ...frame, messageContent: '另一条消息' });
    expect(await sender.next<ErrorFrame>(isError, 'error')).toEqual({ method: 'error', code: Code.UNPROCESSABLE, msg: texts.idTaken, request: 'SendMessage', id: frame.id });
    sender.send({ ...frame, toUserId: id('ym0015') });
    expect((await sender.next<ErrorFrame>(isError, 'error')).msg).toBe(texts.idTaken);
    expect((await rowsOf('ym0013', frame.id))[0]).toMatchObject({ content: '原来的消息', toUserId: id('ym0014') });
    // Another sender may use the same device id: ids are unique per sender.
    const second = await online('ym0015');
    second.send({ ...frame, toUserId: id('ym0013') });
    expect((await second.next<Sent>(sentOf(frame.id))).message.sendUserId).toBe(id('ym0015'));
  });

  it('texts come back as sent: quotes, backslashes, braces, commas, lines, emoji, JSON-looking text', async () => {
    const sender = await online('ym0015');
    const recipient = await online('ym0014');
    for (const content of ['123', 'null', '{"a":1}', '["x"]', 'a,b}{c"d\\e\'f', '第一行\n第二行\t缩进', '😀 [微笑] <b>不是HTML</b>', 'NULL', '\\N']) {
      const message = await send(sender, 'ym0014', content);
      expect(message.content).toBe(content);
      expect((await recipient.next<Received>(receivedOf(message.id))).message.content).toBe(content);
    }
    // Half an emoji (a lone surrogate) is stored as U+FFFD, and fails nobody's message sent with it.
    const broken = text('ym0014', 'ab\uD83D');
    const fine = text('ym0014', '同一批的消息');
    sender.send(broken);
    sender.send(fine);
    expect((await sender.next<Sent>(sentOf(broken.id))).message.content).toBe('ab\uFFFD');
    expect((await sender.next<Sent>(sentOf(fine.id))).message.content).toBe('同一批的消息');
  });

  it('a burst from many senders (stored together) reaches each recipient once, in the order sent per conversation', async () => {
    const senders = ['ym0005', 'ym0006', 'ym0007', 'ym0008', 'ym0009', 'ym0010'];
    const sockets = await Promise.all(senders.map((a) => online(a)));
    const recipient = await online('admin');
    const frames = senders.flatMap((_, i) => [1, 2, 3].map((n) => ({ socket: sockets[i]!, frame: text('admin', `第${n}条 来自${senders[i]}`) })));
    for (const { socket, frame } of frames) socket.send(frame);
    const acks = await Promise.all(frames.map(({ socket, frame }) => socket.next<Sent>(sentOf(frame.id), 'ack')));
    for (const { frame } of frames) await recipient.next(receivedOf(frame.id), 'receiveMessage');
    // Per sender, seqs follow the order sent.
    for (let i = 0; i < senders.length; i++) {
      const seqs = acks.slice(i * 3, i * 3 + 3).map((a) => a.message.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    }
    await quiet(200);
    expect(recipient.all('receiveMessage').filter((m) => frames.some((f) => f.frame.id === m.message.id))).toHaveLength(frames.length);
  });

  it('the token field is not looked at: the connection’s session is the sender', async () => {
    const c = await online('ym0013');
    const frame = { ...text('ym0014', '以连接为准'), token: token.get('admin')! };
    c.send(frame);
    expect((await c.next<Sent>(sentOf(frame.id))).message.sendUserId).toBe(id('ym0013'));
  });
});

describe('bad frames get an error frame and the socket stays usable', () => {
  const cases: [string, (c: RealtimeClient) => object | string, number, string][] = [
    ['not JSON', () => '{"method":"SendMessage",', Code.BAD_REQUEST, '请求格式不正确'],
    ['a number as recipient', () => ({ ...text('ym0006', 'x'), toUserId: 12345 }), Code.BAD_REQUEST, 'ID不能为空'],
    ['no device id', () => ({ ...text('ym0006', 'x'), id: undefined }), Code.BAD_REQUEST, 'ID不能为空'],
    ['an id that is not a ULID', () => ({ ...text('ym0006', 'x'), id: '../../etc' }), Code.BAD_REQUEST, 'ID格式不正确'],
    ['an unknown message type', () => ({ ...text('ym0006', 'x'), messageType: 'voice' }), Code.BAD_REQUEST, '请求格式不正确'],
    ['a text that is not a string', () => text('ym0006', { html: '<b>x</b>' }), Code.BAD_REQUEST, texts.textEmpty],
    ['empty text after trimming', () => text('ym0006', ' \n\t '), Code.BAD_REQUEST, texts.textEmpty],
    ['a text over the limit', () => text('ym0006', '床'.repeat(CHAT_TEXT_MAX + 1)), Code.BAD_REQUEST, texts.textTooLong],
    ['a huge text (frame over 64 KB)', () => text('ym0006', 'x'.repeat(200_000)), Code.PAYLOAD_TOO_LARGE, '请求内容过大'],
    ['a NUL character', () => text('ym0006', 'a\u0000b'), Code.BAD_REQUEST, '请求内容含有不允许的字符'],
    ['to oneself', () => text('ym0005', '自己'), Code.BAD_REQUEST, texts.noRecipient],
    ['to nobody', () => ({ ...text('ym0006', 'x'), toUserId: ulid() }), Code.BAD_REQUEST, texts.noRecipient],
    [
      'an image path outside the chat files',
      () => ({ ...text('ym0006', ''), messageType: 'image', messageContent: { path: '/api/file/Image/userAvatar/01ARZ3NDEKTSV4RRFFQ69G5FAV.png', width: 10, height: 10, base64: '' } }),
      Code.BAD_REQUEST,
      texts.imageMissing,
    ],
    [
      'an image never uploaded',
      () => ({ ...text('ym0006', ''), messageType: 'image', messageContent: { path: `/api/file/Download/chat/${ulid()}.png`, width: 10, height: 10, base64: '' } }),
      Code.BAD_REQUEST,
      texts.imageMissing,
    ],
    [
      'an image with a script as preview',
      () => ({ ...text('ym0006', ''), messageType: 'image', messageContent: { path: `/api/file/Download/chat/${ulid()}.png`, width: 10, height: 10, base64: 'javascript:alert(1)' } }),
      Code.BAD_REQUEST,
      '请求格式不正确',
    ],
    ['MessageList without a peer', () => ({ method: 'MessageList', formUserId: id('ym0005'), token: 'x' }), Code.BAD_REQUEST, 'ID不能为空'],
    ['MessageList with a page size of 10,000', () => ({ method: 'MessageList', toUserId: id('ym0006'), formUserId: id('ym0005'), token: 'x', pageSize: 10_000 }), Code.BAD_REQUEST, '请求格式不正确'],
    ['UpdateReadMessage with an array', () => ({ method: 'UpdateReadMessage', formUserId: [id('ym0006')], token: 'x' }), Code.BAD_REQUEST, 'ID不能为空'],
  ];

  it.each(cases)('%s', async (_what, frame, code, msg) => {
    const c = await online('ym0005');
    const recipient = await online('ym0006');
    const sent = frame(c);
    c.send(sent);
    const error = await c.next<ErrorFrame>(isError, 'error');
    expect(error).toMatchObject({ method: 'error', code, msg: msg.replace('{max}', String(CHAT_TEXT_MAX)) });
    if (typeof sent === 'object' && code !== Code.PAYLOAD_TOO_LARGE) expect(error.request).toBe((sent as { method: string }).method);
    await stillOpen(c);
    // …and can still send.
    await send(c, 'ym0006', '还能发');
    await quiet(100);
    expect(recipient.all('receiveMessage').map((m) => m.message.content)).toEqual(['还能发']);
  });

  it('to a disabled user', async () => {
    const c = await online('ym0005');
    await t.db.update(users).set({ enabled: false }).where(eq(users.account, 'ym0048'));
    try {
      c.send(text('ym0048', '在吗'));
      expect(await c.next<ErrorFrame>(isError)).toMatchObject({ code: Code.BAD_REQUEST, msg: texts.noRecipient });
    } finally {
      await t.db.update(users).set({ enabled: true }).where(eq(users.account, 'ym0048'));
    }
  });

  it('errors speak the language of the connection', async () => {
    const c = await connectClient(t.app, open, token.get('ym0005'), { 'accept-language': 'en' });
    await c.next(isInit);
    c.send(text('ym0006', '床'.repeat(CHAT_TEXT_MAX + 1)));
    expect((await c.next<ErrorFrame>(isError)).msg).toBe(`A message can be at most ${CHAT_TEXT_MAX} characters`);
    c.send(text('ym0005', 'x'));
    expect((await c.next<ErrorFrame>(isError)).msg).toBe('A recipient does not exist');
  });

  it('frames before OnConnection are not answered', async () => {
    const c = await connectClient(t.app, open);
    c.send(text('ym0006', '未登录'));
    await quiet();
    expect(c.received).toEqual([]);
  });
});

describe('MessageList', () => {
  const A = 'ym0012';
  const B = 'ym0013';
  const N = 120;
  let seqs: number[] = [];

  beforeAll(async () => {
    // A conversation of 120 messages, alternating; every tenth speaks of 床垫 (the keyword), one has 100%_.
    const repo = chatRepo(contextualDb(t.db));
    for (let i = 1; i <= N; i++) {
      const [from, to] = i % 2 ? [A, B] : [B, A];
      const content = i === 7 ? '折扣 100%_OK' : i % 10 === 0 ? `第${i}条：乳胶床垫到货` : `第${i}条`;
      const [row] = await repo.store([{ id: ulid(), sendUserId: id(from), toUserId: id(to), contentType: 'text', content }], sql`null`);
      seqs.push(row!.seq);
    }
    seqs = seqs.slice(-N);
  });

  async function list(account: string, fields: Record<string, unknown>) {
    const c = await online(account);
    c.send({ method: 'MessageList', token: 'x', ...fields });
    return c.next<ListAnswer | ErrorFrame>((m) => isList(m) || isError(m), 'messageList');
  }
  const contents = (l: ListAnswer) => l.list.map((m) => m.content);

  it('pages by number from the newest, newest first (sord desc, the default)', async () => {
    const first = (await list(A, { toUserId: id(B), formUserId: id(A) })) as ListAnswer;
    expect(first).toMatchObject({ method: 'messageList', toUserId: id(B), currentPage: 1, pageSize: 50, total: N, hasMore: true });
    expect(first.list.map((m) => m.seq)).toEqual(seqs.slice(-50).reverse());
    expect(first.list[0]).toMatchObject({ content: '第120条：乳胶床垫到货', sendUserId: id(B), toUserId: id(A) });
    const third = (await list(A, { toUserId: id(B), formUserId: id(A), currentPage: 3 })) as ListAnswer;
    expect(third.list.map((m) => m.seq)).toEqual(seqs.slice(0, 20).reverse());
    expect(third.hasMore).toBe(false);
    // The other side sees the same conversation.
    const other = (await list(B, { toUserId: id(A), formUserId: id(B), pageSize: 30 })) as ListAnswer;
    expect(other.list.map((m) => m.seq)).toEqual(seqs.slice(-30).reverse());
  });

  it('sord asc pages from the oldest, oldest first', async () => {
    const page = (await list(A, { toUserId: id(B), formUserId: id(A), sord: 'asc', pageSize: 20, currentPage: 2 })) as ListAnswer;
    expect(page.list.map((m) => m.seq)).toEqual(seqs.slice(20, 40));
    expect(page.hasMore).toBe(true);
  });

  it('the before cursor: the next older page, without shifts as new messages arrive', async () => {
    const first = (await list(A, { toUserId: id(B), formUserId: id(A), pageSize: 30 })) as ListAnswer;
    // A new message arrives between the pages: a number-based page 2 would shift, the cursor does not.
    await send(await online(B), A, '新消息');
    const oldest = first.list[first.list.length - 1]!.seq;
    const second = (await list(A, { toUserId: id(B), formUserId: id(A), before: oldest })) as ListAnswer;
    expect(second).toMatchObject({ before: oldest, pageSize: 50, total: N + 1, hasMore: true });
    expect(second.list.map((m) => m.seq)).toEqual(seqs.slice(-80, -30).reverse());
    const last = (await list(A, { toUserId: id(B), formUserId: id(A), before: second.list[49]!.seq })) as ListAnswer;
    expect(last.list.map((m) => m.seq)).toEqual(seqs.slice(0, 40).reverse());
    expect(last.hasMore).toBe(false);
  });

  it('the after cursor: what is newer, oldest first with sord asc', async () => {
    const page = (await list(B, { toUserId: id(A), formUserId: id(B), after: seqs[99], sord: 'asc', pageSize: 10 })) as ListAnswer;
    expect(page.list.map((m) => m.seq)).toEqual(seqs.slice(100, 110));
    expect(page.hasMore).toBe(true);
  });

  it('keyword: text messages containing it, case-insensitive, wildcards taken literally', async () => {
    const found = (await list(A, { toUserId: id(B), formUserId: id(A), keyword: ' 床垫 ' })) as ListAnswer;
    expect(found).toMatchObject({ keyword: '床垫', total: 12, hasMore: false });
    expect(contents(found)).toEqual(Array.from({ length: 12 }, (_, i) => `第${(12 - i) * 10}条：乳胶床垫到货`));
    const paged = (await list(A, { toUserId: id(B), formUserId: id(A), keyword: '床垫', pageSize: 5, currentPage: 2 })) as ListAnswer;
    expect(contents(paged)).toEqual([70, 60, 50, 40, 30].map((n) => `第${n}条：乳胶床垫到货`));
    expect(paged.hasMore).toBe(true);
    expect(contents((await list(A, { toUserId: id(B), formUserId: id(A), keyword: '100%_ok' })) as ListAnswer)).toEqual(['折扣 100%_OK']);
    expect(((await list(A, { toUserId: id(B), formUserId: id(A), keyword: '%' })) as ListAnswer).total).toBe(1);
    expect(((await list(A, { toUserId: id(B), formUserId: id(A), keyword: '_' })) as ListAnswer).total).toBe(1);
    // The match count follows new messages (it is remembered while the conversation stays as it is).
    await send(await online(B), A, '新款床垫的价格表');
    const again = (await list(A, { toUserId: id(B), formUserId: id(A), keyword: '床垫', pageSize: 5 })) as ListAnswer;
    expect(again).toMatchObject({ total: 13, hasMore: true });
    expect(again.list[0]!.content).toBe('新款床垫的价格表');
  });

  it('another user’s conversation is refused whatever ids are sent (notYours, 403)', async () => {
    for (const fields of [
      { toUserId: id(B), formUserId: id(A) },
      { toUserId: id(A), formUserId: id(B) },
      { toUserId: id('ym0014'), formUserId: id(A) },
    ]) {
      const answer = await list('ym0014', fields);
      expect(answer).toEqual({ method: 'error', code: Code.FORBIDDEN, msg: texts.notYours, request: 'MessageList' });
    }
    // Asking for one's own side of a conversation with A shows nothing of A and B's.
    const own = (await list('ym0014', { toUserId: id(A), formUserId: id('ym0014') })) as ListAnswer;
    expect(own).toMatchObject({ list: [], total: 0, hasMore: false });
  });
});

describe('the catch-up across conversations (GET /api/chat/Since)', () => {
  it('merges the conversations with news, oldest first, and pages them', async () => {
    const me = await online('ym0009');
    const before = await call(t.app, { method: 'GET', url: '/api/chat/Since?after=0', headers: authed(token.get('ym0009')!) });
    const after = Math.max(0, ...(before.data.list as ChatMessage[]).map((m) => m.seq));
    const got: ChatMessage[] = [];
    const others = ['ym0005', 'ym0006', 'ym0007'];
    for (const round of [1, 2]) {
      for (const other of others) got.push(await send(await online(other), 'ym0009', `第${round}轮 ${other}`));
      got.push(await send(me, 'ym0010', `第${round}轮 我发的`));
    }
    const page = async (from: number, limit: number) =>
      (await call(t.app, { method: 'GET', url: `/api/chat/Since?after=${from}&limit=${limit}`, headers: authed(token.get('ym0009')!) })).data as {
        list: ChatMessage[];
        hasMore: boolean;
      };
    expect(await page(after, 500)).toEqual({ list: got, hasMore: false });
    const first = await page(after, 5);
    expect(first).toEqual({ list: got.slice(0, 5), hasMore: true });
    expect(await page(first.list[4]!.seq, 5)).toEqual({ list: got.slice(5), hasMore: false });
  });
});

describe('UpdateReadMessage', () => {
  it('marks the sender’s messages read, zeroes that count, tells the reader’s connections', async () => {
    const sender = await online('ym0007');
    const reader = await online('ym0014');
    const readerPhone = await online('ym0014');
    for (const words of ['到店了吗', '顾客在等', '尽快回复']) await send(sender, 'ym0014', words);
    await send(await online('ym0015'), 'ym0014', '另一位同事的消息');
    expect(await counter('ym0014', 'ym0007')).toMatchObject({ unread: 3 });

    reader.send({ method: 'UpdateReadMessage', formUserId: id('ym0007'), token: 'x' });
    expect(await readerPhone.next((m) => m.method === 'readMessage', 'readMessage on the phone')).toEqual({ method: 'readMessage', formUserId: id('ym0007') });
    expect(await reader.next((m) => m.method === 'readMessage', 'readMessage')).toEqual({ method: 'readMessage', formUserId: id('ym0007') });
    expect(await counter('ym0014', 'ym0007')).toMatchObject({ unread: 0, total: 3 });
    const unread = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(and(eq(chatMessages.toUserId, id('ym0014')), eq(chatMessages.sendUserId, id('ym0007')), eq(chatMessages.isRead, false)));
    expect(unread[0]!.n).toBe(0);
    // Only that sender's: the other colleague's stays unread.
    const { init } = await onlineClient(t.app, open, token.get('ym0014')!);
    expect(init.unreadNums[id('ym0007')]).toBeUndefined();
    expect(init.unreadNums[id('ym0015')]).toBeGreaterThanOrEqual(1);
    // The history shows them read, to both sides.
    sender.send({ method: 'MessageList', toUserId: id('ym0014'), formUserId: id('ym0007'), token: 'x', pageSize: 3 });
    expect((await sender.next<ListAnswer>(isList)).list.map((m) => m.read)).toEqual([true, true, true]);
    // The sender and others are told nothing.
    await quiet();
    expect(sender.all('readMessage')).toEqual([]);
    // Again: nothing to mark, still acknowledged; the count stays at 0.
    reader.send({ method: 'UpdateReadMessage', formUserId: id('ym0007'), token: 'x' });
    await reader.next((m) => m.method === 'readMessage', 'second readMessage');
    expect(await counter('ym0014', 'ym0007')).toMatchObject({ unread: 0 });
  });

  it('a new message after the read mark counts again', async () => {
    const sender = await online('ym0007');
    await send(sender, 'ym0014', '还有一件事');
    expect(await counter('ym0014', 'ym0007')).toMatchObject({ unread: 1, total: 4 });
  });
});
