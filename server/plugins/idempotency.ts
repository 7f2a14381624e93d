import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { Code } from '../../src/contracts/codes';
import type { Db } from '../db/client';
import { idempotencyKeys, sessions } from '../db/schema';
import { ApiError, badRequest } from '../lib/errors';
import { requireAuth } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route ignores Idempotency-Key. For routes that read a streamed body in the
     * handler (uploads): the transaction would stay open, and on PGlite block every other
     * query, for as long as the client takes to send.
     */
    idempotency?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Stored answers are kept this long; the client's outbox gives up on an entry well before. */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 3600_000;
/** Expired rows are purged at start and then this often (not on the path of a write). */
const PURGE_EVERY_MS = 3600_000;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** ULID: 26 Crockford base32 characters, the first at most 7 (48-bit time). */
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

export function parseIdempotencyKey(value: string): string {
  const key = value.trim().toUpperCase();
  if (!ULID.test(key)) throw badRequest('Idempotency-Key格式不正确，应为26位ULID');
  return key;
}

/** What the key is bound to: method, path and query minus the client's cache-busting `n`. */
export function requestTarget(request: FastifyRequest): { method: string; url: string } {
  const raw = request.url;
  const q = raw.indexOf('?');
  if (q < 0) return { method: request.method, url: raw };
  const params = new URLSearchParams(raw.slice(q + 1));
  params.delete('n');
  const query = params.toString();
  return { method: request.method, url: raw.slice(0, q) + (query ? `?${query}` : '') };
}

type Stored = Pick<typeof idempotencyKeys.$inferSelect, 'method' | 'url' | 'status' | 'body'>;

function keyStore(db: Db) {
  const where = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  return {
    async find(userId: string, key: string): Promise<Stored | null> {
      const rows = await db
        .select({ method: idempotencyKeys.method, url: idempotencyKeys.url, status: idempotencyKeys.status, body: idempotencyKeys.body })
        .from(idempotencyKeys)
        .where(where(userId, key))
        .limit(1);
      return rows[0] ?? null;
    },
    /**
     * The same lookup as SQL over the session's row, read in the session's own query (see
     * registerAuth): the stored answer as JSON, or null.
     */
    alongSession(key: string) {
      return sql`(select json_build_object('method', ${idempotencyKeys.method}, 'url', ${idempotencyKeys.url}, 'status', ${idempotencyKeys.status}, 'body', ${idempotencyKeys.body}) from ${idempotencyKeys} where ${idempotencyKeys.userId} = ${sessions.userId} and ${idempotencyKeys.key} = ${key})`;
    },
    /**
     * Stores the answer under the key, in the transaction of the effect. A concurrent request with
     * the same key that got there first makes PostgreSQL wait until its transaction ends (PGlite
     * runs transactions one at a time): false when it committed, and this one must roll back.
     */
    async store(userId: string, key: string, method: string, url: string, status: number, body: unknown): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ userId, key, method, url, status, body })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    },
  };
}

/** The request's key when the idempotency wrapper will look it up (a mutating, signed-in route), else null; a malformed key throws 400. */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || !MUTATING.has(request.method)) return null;
  const config = request.routeOptions.config;
  if (config?.auth === false || config?.idempotency === false) return null;
  return parseIdempotencyKey(String(header));
}

/** Deletes stored answers older than IDEMPOTENCY_TTL_MS (an index on created_at keeps it cheap). */
export async function purgeIdempotencyKeys(db: Db, now = Date.now()) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)));
}

/** A handler's answer that is not to be stored: the transaction rolls back, the answer is still sent. */
class Unstored {
  constructor(readonly payload: unknown) {}
}

/** Another request with the same key committed first: this one rolls back and answers as it did. */
class LostRace {}

function isJsonValue(payload: unknown): boolean {
  if (payload == null || ['string', 'number', 'boolean'].includes(typeof payload)) return true;
  if (typeof payload !== 'object') return false;
  if (Buffer.isBuffer(payload) || ArrayBuffer.isView(payload)) return false;
  return typeof (payload as { pipe?: unknown }).pipe !== 'function'; // a stream
}

/**
 * Runs the handler and gives back its answer without sending it: what it returns, or what it
 * passed to reply.send (held back until the transaction has committed). Meanwhile the reply is
 * not thenable either: a handler that ends with `return reply` would otherwise wait for a send
 * that only happens after it.
 */
async function runHeld(handler: RouteHandlerMethod, app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  let sent: { payload: unknown } | null = null;
  const send = (payload?: unknown) => {
    sent = { payload };
    return reply;
  };
  Object.defineProperty(reply, 'send', { value: send, configurable: true, writable: true });
  Object.defineProperty(reply, 'then', { value: undefined, configurable: true, writable: true });
  try {
    const returned: unknown = await handler.call(app, request, reply);
    if (sent) return (sent as { payload: unknown }).payload;
    return returned === reply ? undefined : returned;
  } finally {
    delete (reply as unknown as Record<string, unknown>).send;
    delete (reply as unknown as Record<string, unknown>).then;
  }
}

/**
 * Idempotency-Key on signed-in writes (POST, PUT, PATCH, DELETE): the first request with a key runs
 * in one transaction that also stores its answer (status and JSON body) under (user, key); a
 * repeat gets that answer again, marked `Idempotent-Replayed: true`, without running the handler.
 * The same key on another method or URL → 422; a malformed key → 400. A failure (thrown, or a
 * status of 400 or more) rolls back and stores nothing, so a retry runs again. Requests without
 * the header, and routes without a session (`auth: false`), are untouched.
 *
 * `db` must be the app's contextual db (server/db/context.ts): the handler's repos then run on the
 * same transaction. Register before the routes.
 */
export function registerIdempotency(app: FastifyInstance, db: Db) {
  const store = keyStore(db);
  // The stored answer of the request's key is read with the session, so a new write costs no query
  // of its own before its transaction. (A malformed key is left to the handler's 400.)
  app.alongSession('idempotency', (request) => {
    try {
      const key = keyOf(request);
      return key ? store.alongSession(key) : null;
    } catch {
      return null;
    }
  });

  const purge = async () => {
    try {
      await purgeIdempotencyKeys(db);
    } catch (err) {
      app.log.warn({ err }, 'idempotency key purge failed');
    }
  };
  let purgeTimer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    await purge();
    purgeTimer = setInterval(() => void purge(), PURGE_EVERY_MS);
    purgeTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (purgeTimer) clearInterval(purgeTimer);
  });

  const replay = (stored: Stored, target: { method: string; url: string }, reply: FastifyReply) => {
    if (stored.method !== target.method || stored.url !== target.url) {
      throw new ApiError(Code.UNPROCESSABLE, 422, '该Idempotency-Key已用于另一个请求');
    }
    reply.code(stored.status).header(REPLAYED_HEADER, 'true');
    return stored.body;
  };

  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method);
    if (!methods.some((m) => MUTATING.has(m.toUpperCase()))) return;
    if (route.config?.auth === false || route.config?.idempotency === false) return;
    const handler = route.handler;
    route.handler = async function idempotent(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const key = keyOf(request);
      if (key === null) return handler.call(this, request, reply);
      const { userId } = requireAuth(request);
      const target = requestTarget(request);

      const along = request.alongSession;
      const earlier = along && 'idempotency' in along ? (along.idempotency as Stored | null) : await store.find(userId, key);
      if (earlier) return replay(earlier, target, reply);

      let payload: unknown;
      try {
        payload = await db.transaction(async () => {
          const answer = await runHeld(handler, this, request, reply);
          if (reply.statusCode >= 400) throw new Unstored(answer);
          if (!isJsonValue(answer)) throw new Error(`${target.method} ${request.routeOptions.url}: an idempotent answer must be JSON`);
          if (!(await store.store(userId, key, target.method, target.url, reply.statusCode, answer ?? null))) throw new LostRace();
          return answer;
        });
      } catch (e) {
        // A concurrent twin that committed first (this one waited for its row lock or its key, then
        // failed or lost): its effect stands, this one rolled back, and the answer is the twin's.
        const winner = await store.find(userId, key);
        if (winner) return replay(winner, target, reply);
        if (e instanceof LostRace) throw new Error('idempotency key taken but not found');
        if (e instanceof Unstored) return e.payload;
        throw e;
      }
      return payload;
    };
  });
}
