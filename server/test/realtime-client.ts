import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { REALTIME_PATH, type WsInitMessage, type WsServerMessage } from '../../src/contracts/realtime';

/** How long a test waits for a frame, and watches for "nothing arrives". */
export const WAIT_MS = 5000;
export const QUIET_MS = 400;

/** A websocket of the realtime hub as a test drives it (app.injectWS: no port, same process). */
export interface RealtimeClient {
  ws: WebSocket;
  received: WsServerMessage[];
  /** Sends a frame (an object: JSON; a string: as it is). */
  send(frame: object | string): void;
  /** The first frame (not taken before) that matches, waiting for it if need be. */
  next<T extends WsServerMessage>(match: (m: WsServerMessage) => boolean, what?: string): Promise<T>;
  /** Frames of one method received so far. */
  all<M extends WsServerMessage['method']>(method: M): Extract<WsServerMessage, { method: M }>[];
  closed: Promise<{ code: number; reason: string }>;
}

export const quiet = (ms = QUIET_MS) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens a connection; with a token, says OnConnection. The sockets opened are kept in `open` (to
 * terminate after the tests).
 */
export async function connectClient(app: FastifyInstance, open: WebSocket[], token?: string, headers: Record<string, string> = {}): Promise<RealtimeClient> {
  const ws = await app.injectWS(REALTIME_PATH, { headers });
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
      if (left <= 0) throw new Error(`no ${what} within ${WAIT_MS} ms; got ${JSON.stringify(received).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  const client: RealtimeClient = {
    ws,
    received,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next,
    all: (method) => received.filter((m) => m.method === method) as never,
    closed,
  };
  if (token) client.send({ method: 'OnConnection', token });
  return client;
}

/** Signed in and greeted: the socket is registered on its instance. */
export async function onlineClient(app: FastifyInstance, open: WebSocket[], token: string) {
  const c = await connectClient(app, open, token);
  const init = await c.next<WsInitMessage>((m) => m.method === 'initMessage', 'initMessage');
  return { c, init };
}
