import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { listen, type Db, type Unlisten } from '../db/client';
import { realtimeInstances, realtimePresence } from '../db/schema';
import { ApiError } from '../lib/errors';
import { newId } from '../lib/ids';
import { requestLanguage, translate } from '../lib/messages';
import { catalogIssue } from '../lib/validate';
import { resolveSession } from './auth';
import { holdsNul } from './input-guard';
import { Code } from '../../src/contracts/codes';
import {
  REALTIME_PATH,
  WS_CLOSE_LOGOUT,
  WS_LOGOUT_MESSAGE,
  type RealtimeClientMethod,
  type RealtimeInitFields,
  type WsClientFrame,
  type WsInitMessage,
  type WsServerMessage,
} from '../../src/contracts/realtime';
import { heartCheckSchema, onConnectionSchema, wsFrameSchema } from '../../src/contracts/realtime-frames';

/** The one NOTIFY channel of the realtime hub. */
export const REALTIME_CHANNEL = 'yunmian_realtime';
/** An instance beats this often; presence of an instance silent for STALE_MS no longer counts. */
const HEARTBEAT_MS = 15_000;
const STALE_MS = 60_000;
/** Websocket ping (dead peers are dropped after a missed pong). */
const PING_MS = 30_000;
/** A connection must say OnConnection within this time. */
const HELLO_TIMEOUT_MS = 10_000;
/** The largest frame the server takes; larger ones (up to MAX_PAYLOAD) get an error frame. */
export const FRAME_MAX_BYTES = 64 * 1024;
/** Frames beyond this close the connection (the websocket library's limit, as the HTTP body limit). */
const MAX_PAYLOAD = 1024 * 1024;

/**
 * The NOTIFY of a realtime event as an SQL expression, for a write that tells the instances in its
 * own statement (one round trip instead of two): `payload` must yield the event's JSON text, e.g.
 * `json_build_object('k', 'chat', 'q', seq)::text`. Sent when the statement's transaction commits.
 */
export const notifyExpression = (payload: SQL): SQL => sql`pg_notify(${REALTIME_CHANNEL}, ${payload})`;

/** What travels between instances: a kind `k` and its fields (small: NOTIFY takes under 8000 bytes). */
export interface RealtimeEvent {
  k: string;
  [field: string]: unknown;
}

/** Turns an event into the messages for the users connected to this instance. */
export type Deliver = (event: RealtimeEvent, connectedUserIds: string[]) => Promise<Array<[userId: string, message: WsServerMessage]>>;
/** Adds its part to a user's initMessage (unread counts, chat numbers). */
export type InitContributor = (userId: string) => Promise<Partial<RealtimeInitFields>>;

/** The signed-in connection a client frame came from, as its handler sees it. */
export interface RealtimeConnection {
  userId: string;
  sessionId: string;
  send(message: WsServerMessage): void;
}
/** Handles one validated client frame of a signed-in connection. */
export type ClientMethodHandler<M extends RealtimeClientMethod> = (frame: WsClientFrame<M>, connection: RealtimeConnection) => void | Promise<void>;

export interface RealtimeHub {
  /**
   * Sends an event to every instance. Inside a transaction (the request's, through the contextual
   * db) it is sent when the transaction commits, and not at all when it rolls back.
   */
  publish(event: RealtimeEvent): Promise<void>;
  onEvent(kind: string, deliver: Deliver): void;
  onInit(contributor: InitContributor): void;
  /**
   * Handles the client method `method` (a module's own, added to RealtimeClientMethods): frames
   * that fail `schema` are answered with an error frame; frames before OnConnection are ignored.
   */
  onClientMethod<M extends RealtimeClientMethod>(method: M, schema: z.ZodType<WsClientFrame<M>>, handler: ClientMethodHandler<M>): void;
  /** Users with an open connection on any live instance. */
  onlineUserIds(): Promise<string[]>;
  /** Connections open on this instance (tests, benches). */
  connectionCount(): number;
  readonly instanceId: string;
}

interface Connection {
  id: string;
  socket: WebSocket;
  userId: string;
  sessionId: string;
  alive: boolean;
  closed: boolean;
  expiry: ReturnType<typeof setTimeout> | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/**
 * The websocket endpoint (spec 7.10) and the fan-out between server instances. A client opens
 * REALTIME_PATH and says OnConnection with its token; it gets initMessage, then what the modules
 * send (messagePush for each message that reaches its user, …), and logout when its session is
 * revoked or expires. Every client frame is checked: one that is not JSON, is over
 * FRAME_MAX_BYTES, holds a NUL character, names no known method or fails that method's schema gets
 * an `error` frame (the schema's own message when it has one), and the connection stays open. A
 * handler that throws an ApiError gets an error frame with its code and message.
 * Instances tell each other through PostgreSQL LISTEN/NOTIFY (PGlite: in-process), so a write
 * on any instance reaches the user's connections on every instance.
 *
 * `db` is the contextual db (publish joins the request transaction); `rootDb` is the database
 * itself, for the listening connection.
 */
export async function registerRealtime(app: FastifyInstance, db: Db, rootDb: Db): Promise<RealtimeHub> {
  const instanceId = newId();
  const byUser = new Map<string, Set<Connection>>();
  const delivers = new Map<string, Deliver>();
  const contributors: InitContributor[] = [];
  const clientMethods = new Map<string, { schema: z.ZodType; handler: ClientMethodHandler<RealtimeClientMethod> }>();

  const sendText = (c: Connection, text: string) => {
    if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
  };
  const send = (c: Connection, m: WsServerMessage) => sendText(c, JSON.stringify(m));
  const connections = () => [...byUser.values()].flatMap((s) => [...s]);

  const logout = (c: Connection) => {
    send(c, { method: 'logout', msg: WS_LOGOUT_MESSAGE });
    c.socket.close(WS_CLOSE_LOGOUT, 'logout');
  };

  const onlineUserIds = async () => {
    const since = new Date(Date.now() - STALE_MS);
    const rows = await db
      .selectDistinct({ userId: realtimePresence.userId })
      .from(realtimePresence)
      .innerJoin(realtimeInstances, eq(realtimeInstances.id, realtimePresence.instanceId))
      .where(sql`${realtimeInstances.seenAt} > ${since}`);
    return rows.map((r) => r.userId);
  };

  const dispatch = async (payload: string) => {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(payload) as RealtimeEvent;
    } catch {
      return;
    }
    if (event.k === 'revoke') {
      for (const c of connections()) if (c.sessionId === event.s) logout(c);
      return;
    }
    const deliver = delivers.get(event.k);
    if (!deliver || byUser.size === 0) return;
    try {
      const out = await deliver(event, [...byUser.keys()]);
      for (const [userId, message] of out) {
        const connections = byUser.get(userId);
        if (!connections?.size) continue;
        // Once per user, whatever the number of their connections (tabs, phones).
        const text = JSON.stringify(message);
        for (const c of connections) sendText(c, text);
      }
    } catch (err) {
      app.log.error({ err, event: event.k }, 'realtime delivery failed');
    }
  };

  // Instance bookkeeping: a beat keeps this instance's presence counting; dead instances are cleared.
  const beat = async () => {
    await rootDb
      .insert(realtimeInstances)
      .values({ id: instanceId, seenAt: new Date() })
      .onConflictDoUpdate({ target: realtimeInstances.id, set: { seenAt: new Date() } });
  };
  const sweep = async () => {
    const stale = await rootDb.select({ id: realtimeInstances.id }).from(realtimeInstances).where(lt(realtimeInstances.seenAt, new Date(Date.now() - 2 * STALE_MS)));
    if (!stale.length) return;
    const ids = stale.map((s) => s.id);
    await rootDb.delete(realtimePresence).where(inArray(realtimePresence.instanceId, ids));
    await rootDb.delete(realtimeInstances).where(inArray(realtimeInstances.id, ids));
  };

  let unlisten: Unlisten | null = null;
  let beatTimer: ReturnType<typeof setInterval> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;

  app.addHook('onReady', async () => {
    await beat();
    await sweep();
    unlisten = await listen(rootDb, REALTIME_CHANNEL, (p) => void dispatch(p));
    beatTimer = setInterval(() => {
      void beat()
        .then(sweep)
        .catch((err) => app.log.warn({ err }, 'realtime heartbeat failed'));
    }, HEARTBEAT_MS);
    beatTimer.unref();
    pingTimer = setInterval(() => {
      for (const c of connections()) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
      }
    }, PING_MS);
    pingTimer.unref();
  });
  app.addHook('preClose', async () => {
    if (beatTimer) clearInterval(beatTimer);
    if (pingTimer) clearInterval(pingTimer);
    await unlisten?.();
    for (const c of connections()) {
      if (c.expiry) clearTimeout(c.expiry);
      c.socket.close(1001, 'server stopping');
    }
    byUser.clear();
    try {
      await rootDb.delete(realtimePresence).where(eq(realtimePresence.instanceId, instanceId));
      await rootDb.delete(realtimeInstances).where(eq(realtimeInstances.id, instanceId));
    } catch {
      /* the database may already be gone (tests); the sweep of another instance clears it */
    }
  });

  const { default: websocket } = await import('@fastify/websocket');
  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });

  const hub: RealtimeHub = {
    instanceId,
    async publish(event) {
      await db.execute(sql`select ${notifyExpression(sql`${JSON.stringify(event)}`)}`);
    },
    onEvent(kind, deliver) {
      delivers.set(kind, deliver);
    },
    onInit(contributor) {
      contributors.push(contributor);
    },
    onClientMethod(method, schema, handler) {
      if (method === 'OnConnection' || clientMethods.has(method)) throw new Error(`realtime: the client method ${method} has a handler already`);
      clientMethods.set(method, { schema, handler: handler as ClientMethodHandler<RealtimeClientMethod> });
    },
    onlineUserIds,
    connectionCount: () => connections().length,
  };
  app.decorate('realtime', hub);
  hub.onClientMethod('heartCheck', heartCheckSchema, (_frame, c) => c.send({ method: 'heartCheck' }));

  app.get(REALTIME_PATH, { websocket: true, config: { auth: false } }, (socket, request) => {
    let conn: Connection | null = null;
    let opening = false;
    const lang = requestLanguage(request.headers['accept-language']);
    /** Answers a frame the server cannot take (naming its method and id when known); the connection stays open. */
    const refuse = (code: number, msg: string, frame?: { method: string; id?: string }, params?: Record<string, string | number>) =>
      send({ socket } as Connection, {
        method: 'error',
        code,
        msg: translate(msg, lang, params),
        ...(frame ? { request: frame.method } : {}),
        ...(frame?.id === undefined ? {} : { id: frame.id }),
      });
    const view = (c: Connection): RealtimeConnection => ({ userId: c.userId, sessionId: c.sessionId, send: (m) => send(c, m) });
    const hello = setTimeout(() => socket.close(4000, 'OnConnection expected'), HELLO_TIMEOUT_MS);
    socket.on('pong', () => {
      if (conn) conn.alive = true;
    });

    const open = async (token: string) => {
      opening = true;
      let auth;
      try {
        auth = await resolveSession(db, token);
      } catch {
        clearTimeout(hello);
        send({ socket } as Connection, { method: 'logout', msg: WS_LOGOUT_MESSAGE });
        socket.close(WS_CLOSE_LOGOUT, 'logout');
        return;
      }
      clearTimeout(hello);
      if (socket.readyState !== socket.OPEN) return;
      const c: Connection = { id: newId(), socket, userId: auth.userId, sessionId: auth.sessionId, alive: true, closed: false, expiry: null };
      conn = c;
      const scheduleExpiry = (at: Date) => {
        const ms = Math.min(Math.max(0, at.getTime() - Date.now()), 2 ** 31 - 1);
        c.expiry = setTimeout(() => {
          resolveSession(db, token).then(
            (again) => scheduleExpiry(again.expiresAt),
            () => logout(c),
          );
        }, ms + 50);
        c.expiry.unref?.();
      };
      scheduleExpiry(auth.expiresAt);
      let set = byUser.get(c.userId);
      if (!set) byUser.set(c.userId, (set = new Set()));
      set.add(c);
      await db.insert(realtimePresence).values({ connectionId: c.id, instanceId, userId: c.userId, sessionId: c.sessionId });
      // Closed while the row was written: the close handler's delete may have run first.
      if (c.closed) {
        await db.delete(realtimePresence).where(eq(realtimePresence.connectionId, c.id));
        return;
      }
      const [parts, onlineUsers] = await Promise.all([Promise.all(contributors.map((f) => f(c.userId))), onlineUserIds()]);
      // The modules' fields first, then unreadNums (until chat fills it) and onlineUsers.
      const init = { method: 'initMessage', ...Object.assign({}, ...parts) } as WsInitMessage;
      init.unreadNums ??= {};
      init.onlineUsers = onlineUsers;
      send(c, init);
    };

    socket.on('message', (raw: Buffer | ArrayBuffer | Buffer[]) => {
      const size = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength;
      if (size > FRAME_MAX_BYTES) return refuse(Code.PAYLOAD_TOO_LARGE, '请求内容过大');
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        return refuse(Code.BAD_REQUEST, '请求格式不正确');
      }
      const frame = wsFrameSchema.safeParse(parsed);
      if (!frame.success) return refuse(Code.BAD_REQUEST, '请求格式不正确');
      const method = frame.data.method;
      const id = frame.data.id;
      // The frame as error frames name it: its method, and its id (a message's device id) when it is a short string.
      const named = { method, ...(typeof id === 'string' && id.length <= 64 && !id.includes('\u0000') ? { id } : {}) };
      // PostgreSQL text cannot hold a NUL character (as the HTTP input guard).
      if (holdsNul(parsed)) return refuse(Code.BAD_REQUEST, '请求内容含有不允许的字符', named);
      if (method === 'OnConnection') {
        const greeting = onConnectionSchema.safeParse(parsed);
        if (!greeting.success) return refuse(Code.BAD_REQUEST, '请求格式不正确', named);
        if (conn || opening) return;
        open(greeting.data.token).catch((err) => {
          request.log.error({ err }, 'realtime connection failed');
          socket.close(1011, 'server error');
        });
        return;
      }
      const entry = clientMethods.get(method);
      if (!entry) return refuse(Code.NOT_FOUND, '接口不存在', named);
      const valid = entry.schema.safeParse(parsed);
      if (!valid.success) {
        // A schema's own message (消息内容不能为空, …) when it has one; otherwise the generic one.
        const known = catalogIssue(valid.error);
        return refuse(Code.BAD_REQUEST, known?.msg ?? '请求格式不正确', named, known?.params);
      }
      // Before OnConnection there is no user to act for: nothing is answered.
      if (!conn) return;
      const c = conn;
      Promise.resolve()
        .then(() => entry.handler(valid.data as WsClientFrame<RealtimeClientMethod>, view(c)))
        .catch((err) => {
          // A refusal the handler meant (ApiError) is told as it is; anything else is a server error.
          if (err instanceof ApiError) return refuse(err.code, err.message, named, err.params);
          request.log.error({ err, method }, 'realtime handler failed');
          refuse(Code.SERVER_ERROR, '服务器错误，请稍后重试', named);
        });
    });

    socket.on('close', () => {
      clearTimeout(hello);
      const c = conn;
      if (!c) return;
      c.closed = true;
      if (c.expiry) clearTimeout(c.expiry);
      const set = byUser.get(c.userId);
      set?.delete(c);
      if (set && set.size === 0) byUser.delete(c.userId);
      db.delete(realtimePresence)
        .where(eq(realtimePresence.connectionId, c.id))
        .catch(() => undefined);
    });
  });

  return hub;
}
