import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { MessageType, type NoticeInfo, type WsMessagePush } from '../../../src/contracts/message';
import { REALTIME_PATH, WS_CLOSE_LOGOUT, WS_LOGOUT_MESSAGE, type WsInitMessage, type WsServerMessage } from '../../../src/contracts/realtime';
import { contextualDb } from '../../db/context';
import { users } from '../../db/schema';
import { authed, call, createPeerApp, createTestApp, tokenFor, type TestApp } from '../../test/helper';
import { messageRepo } from './repo';
import { messageService, type MessageService } from './service';

let t: TestApp;
let service: MessageService;
const token = new Map<string, string>();
const userId = new Map<string, string>();
const open: WebSocket[] = [];

const WAIT_MS = 5000;
/** How long "nothing arrives" is watched for. */
const QUIET_MS = 400;

interface Client {
  ws: WebSocket;
  received: WsServerMessage[];
  /** The first message (not taken before) that matches, waiting for it if need be. */
  next<T extends WsServerMessage>(match: (m: WsServerMessage) => boolean, what?: string): Promise<T>;
  closed: Promise<{ code: number; reason: string }>;
}

async function connect(app: FastifyInstance, tokenValue?: string): Promise<Client> {
  const ws = await app.injectWS(REALTIME_PATH);
  open.push(ws);
  const received: WsServerMessage[] = [];
  const taken = new Set<WsServerMessage>();
  let wake: (() => void) | null = null;
  ws.on('message', (data) => {
    received.push(JSON.parse(String(data)) as WsServerMessage);
    wake?.();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const next = async <T extends WsServerMessage>(match: (m: WsServerMessage) => boolean, what = 'a message') => {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = received.find((m) => !taken.has(m) && match(m));
      if (found) {
        taken.add(found);
        return found as T;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${WAIT_MS} ms; got ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  const client: Client = { ws, received, next, closed };
  if (tokenValue) ws.send(JSON.stringify({ method: 'OnConnection', token: tokenValue }));
  return client;
}
const isInit = (m: WsServerMessage) => m.method === 'initMessage';
const pushOf = (id: string) => (m: WsServerMessage) => m.method === 'messagePush' && m.message.id === id;
const pushes = (c: Client) => c.received.filter((m): m is WsMessagePush => m.method === 'messagePush');
const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

/** Signed in and greeted: the socket is registered on its instance. */
async function online(app: FastifyInstance, account: string) {
  const c = await connect(app, token.get(account)!);
  const init = await c.next<WsInitMessage>(isInit, 'initMessage');
  return { c, init };
}

const req = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, account: string, payload?: unknown) =>
  call(app, { method, url, headers: authed(token.get(account)!), payload: payload as object });
async function releaseNotice(app: FastifyInstance, title: string, accounts: string[], bodyText = '<p>内容</p>'): Promise<NoticeInfo> {
  const created = await req(app, 'POST', '/Message', 'admin', { title, bodyText, toUserIds: accounts.map((a) => userId.get(a)) });
  expect(created.code, created.msg).toBe(200);
  const released = await req(app, 'PUT', `/Message/${created.data.id}/Actions/Release`, 'admin');
  expect(released.code, released.msg).toBe(200);
  return released.data;
}

beforeAll(async () => {
  t = await createTestApp();
  service = messageService(messageRepo(contextualDb(t.db)), t.app.realtime);
  const rows = await t.db.select({ id: users.id, account: users.account }).from(users);
  for (const r of rows) userId.set(r.account, r.id);
  for (const a of ['admin', 'ym0015', 'ym0016', 'ym0017', 'ym0018', 'ym0019', 'ym0020']) token.set(a, await tokenFor(t.app, a));
});
afterAll(async () => {
  for (const ws of open) ws.terminate();
  await t?.close();
});

describe('websocket protocol', () => {
  it('OnConnection with a good token → initMessage with the unread counts and the user online', async () => {
    const page = (await req(t.app, 'GET', '/Message', 'ym0015')).data;
    const { c, init } = await online(t.app, 'ym0015');
    expect(init).toMatchObject({
      method: 'initMessage',
      unreadMessageCount: page.unreadMessageCount,
      unreadNoticeCount: page.unreadNoticeCount,
      unreadNums: {},
    });
    expect(init.unreadNoticeCount).toBe(1);
    expect(init.onlineUsers).toContain(userId.get('ym0015'));
    expect(t.app.realtime.connectionCount()).toBeGreaterThanOrEqual(1);
    expect(await t.app.realtime.onlineUserIds()).toContain(userId.get('ym0015'));

    c.ws.send(JSON.stringify({ method: 'heartCheck' }));
    expect(await c.next((m) => m.method === 'heartCheck', 'heartCheck')).toEqual({ method: 'heartCheck' });
    // A second connection of another user sees the first one online.
    const other = await online(t.app, 'ym0016');
    expect(other.init.onlineUsers).toEqual(expect.arrayContaining([userId.get('ym0015'), userId.get('ym0016')]));

  });

  it('over a real connection: closing the socket takes the user offline', async () => {
    // (injectWS streams never report the close to the server side; a TCP socket does.)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http', 'ws')}${REALTIME_PATH}`);
    open.push(ws);
    const first = new Promise<WsServerMessage>((resolve, reject) => {
      ws.once('message', (data) => resolve(JSON.parse(String(data)) as WsServerMessage));
      ws.once('error', reject);
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ method: 'OnConnection', token: token.get('ym0019') }));
    expect(await first).toMatchObject({ method: 'initMessage', onlineUsers: expect.arrayContaining([userId.get('ym0019')]) });
    const count = t.app.realtime.connectionCount();
    ws.close();
    await expect.poll(() => t.app.realtime.connectionCount(), { timeout: WAIT_MS }).toBe(count - 1);
    await expect.poll(() => t.app.realtime.onlineUserIds(), { timeout: WAIT_MS }).not.toContain(userId.get('ym0019'));
  });

  it('a bad token → logout (登录过期,请重新登录) and close code 4001', async () => {
    const c = await connect(t.app, 'not-a-real-token');
    expect(await c.next((m) => m.method === 'logout', 'logout')).toEqual({ method: 'logout', msg: WS_LOGOUT_MESSAGE });
    expect((await c.closed).code).toBe(WS_CLOSE_LOGOUT);
    expect(c.received.some(isInit)).toBe(false);
  });

  it('a release pushes the message to a connected recipient, not to anyone else', async () => {
    const recipient = await online(t.app, 'ym0017');
    const bystander = await online(t.app, 'ym0018');
    const notice = await releaseNotice(t.app, '推送测试', ['ym0017'], '<p onclick="x()">推送<script>alert(1)</script></p>');
    const push = await recipient.c.next<WsMessagePush>(pushOf(notice.id), 'messagePush');
    expect(push).toEqual({
      method: 'messagePush',
      message: { id: notice.id, type: MessageType.notice, title: '推送测试', bodyText: '<p>推送</p>', isRead: '0', creatorUser: '管理员', lastModifyTime: notice.releaseTime },
    });
    await quiet();
    expect(pushes(bystander.c)).toEqual([]);
    expect(pushes(recipient.c)).toHaveLength(1);
  });

  it('sendSystemMessage pushes once its transaction commits, and never when it rolls back', async () => {
    const { c } = await online(t.app, 'ym0019');
    const db = contextualDb(t.db);
    let rolledBack = '';
    await expect(
      db.transaction(async () => {
        rolledBack = (await service.sendSystemMessage({ type: MessageType.flowTodo, title: '回滚', body: { type: 2 }, toUserIds: [userId.get('ym0019')!] }))!.id;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const sent = await db.transaction(() => service.sendSystemMessage({ type: MessageType.flowTodo, title: '待办', body: { type: 2, flowId: 'F1' }, toUserIds: [userId.get('ym0019')!] }));
    const push = await c.next<WsMessagePush>(pushOf(sent!.id), 'messagePush');
    expect(push.message).toMatchObject({ id: sent!.id, type: 2, title: '待办', bodyText: '{"type":2,"flowId":"F1"}', creatorUser: '系统', isRead: '0' });
    await quiet();
    expect(pushes(c).map((p) => p.message.id)).toEqual([sent!.id]);
    expect(rolledBack).not.toBe('');
  });

  it('signing out (the session is revoked) → logout on that socket, close code 4001', async () => {
    const own = await tokenFor(t.app, 'ym0020');
    const { c } = await online(t.app, 'ym0020');
    const mine = await connect(t.app, own);
    await mine.next(isInit, 'initMessage');
    const out = await call(t.app, { method: 'POST', url: '/Permission/Login/logout', headers: authed(own) });
    expect(out.code).toBe(200);
    expect(await mine.next((m) => m.method === 'logout', 'logout')).toEqual({ method: 'logout', msg: WS_LOGOUT_MESSAGE });
    expect((await mine.closed).code).toBe(WS_CLOSE_LOGOUT);
    // The same user's other session keeps its socket.
    await quiet();
    expect(c.received.some((m) => m.method === 'logout')).toBe(false);
    expect(c.ws.readyState).toBe(c.ws.OPEN);
  });
});

describe('session expiry', () => {
  it('a session that expires while connected gets logout at its expiry, close code 4001', async () => {
    const short = await createTestApp({ tokenTtlMs: 1500 });
    try {
      const c = await connect(short.app, await tokenFor(short.app, 'ym0021'));
      await c.next(isInit, 'initMessage');
      const opened = Date.now();
      expect(await c.next((m) => m.method === 'logout', 'logout')).toEqual({ method: 'logout', msg: WS_LOGOUT_MESSAGE });
      expect(Date.now() - opened).toBeLessThan(WAIT_MS);
      expect((await c.closed).code).toBe(WS_CLOSE_LOGOUT);
    } finally {
      await short.close();
    }
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

  it('a notice released through app A reaches a socket on app B; B sees A’s users online', async () => {
    const onA = await online(t.app, 'ym0016');
    const onB = await online(peer.app, 'ym0015');
    expect(onB.init.onlineUsers).toEqual(expect.arrayContaining([userId.get('ym0016'), userId.get('ym0015')]));
    expect(peer.app.realtime.instanceId).not.toBe(t.app.realtime.instanceId);

    const notice = await releaseNotice(t.app, '跨实例', ['ym0015', 'ym0016']);
    const onPeer = await onB.c.next<WsMessagePush>(pushOf(notice.id), 'messagePush on B');
    expect(onPeer.message).toMatchObject({ id: notice.id, title: '跨实例', isRead: '0' });
    await onA.c.next(pushOf(notice.id), 'messagePush on A');

    // And the other way: released through B, received on A.
    const back = await releaseNotice(peer.app, '反向', ['ym0016']);
    await onA.c.next(pushOf(back.id), 'messagePush on A from B');
    await quiet();
    expect(pushes(onB.c).map((p) => p.message.id)).toEqual([notice.id]);
  });

  it('signing out through app A logs out the socket on app B', async () => {
    const own = await tokenFor(t.app, 'ym0018');
    const c = await connect(peer.app, own);
    await c.next(isInit, 'initMessage');
    await call(t.app, { method: 'POST', url: '/Permission/Login/logout', headers: authed(own) });
    expect(await c.next((m) => m.method === 'logout', 'logout on B')).toEqual({ method: 'logout', msg: WS_LOGOUT_MESSAGE });
    expect((await c.closed).code).toBe(WS_CLOSE_LOGOUT);
  });

});
