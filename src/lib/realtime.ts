import type ReconnectingWebSocket from 'reconnecting-websocket';
import { proxy, subscribe } from 'valtio';
import { REALTIME_PATH, WS_CLOSE_LOGOUT, type RealtimeClientMethods, type WsServerMessage } from '@/contracts/realtime';
import { API_BASE } from './http-config';
import { network } from './network';

/**
 * The signed-in user's websocket (spec 7.10): one reconnecting connection per tab that says
 * OnConnection with the token on every open, then hands the server's messages to the modules
 * (`onRealtime`). Reconnects with backoff (1 s doubling to 30 s, jittered), at once when the
 * network returns or the tab becomes visible again (after sleep), and stays closed while offline
 * and after a logout message.
 */
export type RealtimeState = 'idle' | 'connecting' | 'open' | 'closed';

export const realtimeStatus = proxy({
  state: 'idle' as RealtimeState,
  /** Times the connection opened since sign-in; above 1 means it came back after a gap. */
  opens: 0,
  /** Users online on any server instance (from initMessage). */
  onlineUsers: [] as string[],
});

type Method = WsServerMessage['method'];
type Handler<M extends Method> = (message: Extract<WsServerMessage, { method: M }>) => void;

const handlers = new Map<Method, Set<(message: WsServerMessage) => void>>();

/** A module's handlers of server methods (its module.ts `realtime`). */
export type RealtimeHandlers = { [M in Method]?: Handler<M> };

/** Subscribes a module's handlers; returns the unsubscribe function. */
export function onRealtimeMethods(declared: RealtimeHandlers): () => void {
  const offs = Object.entries(declared).map(([method, handler]) => onRealtime(method as Method, handler as Handler<Method>));
  return () => offs.forEach((off) => off());
}

/** Subscribes to one server method; returns the unsubscribe function. */
export function onRealtime<M extends Method>(method: M, handler: Handler<M>): () => void {
  let set = handlers.get(method);
  if (!set) handlers.set(method, (set = new Set()));
  const h = handler as unknown as (message: WsServerMessage) => void;
  set.add(h);
  return () => set.delete(h);
}

export interface RealtimeHooks {
  /** The server ended the session (spec 4, 8): show the message, reset the token, reload. */
  onLogout(message: string): void;
  /** Mobile device flag sent with OnConnection. */
  mobileDevice(): boolean;
}
const hooks: RealtimeHooks = { onLogout: () => {}, mobileDevice: () => false };

export function configureRealtime(h: Partial<RealtimeHooks>) {
  Object.assign(hooks, h);
}

/** Server ping interval of the client (keeps idle connections through proxies). */
const HEART_CHECK_MS = 45_000;

interface Running {
  token: string;
  socket: ReconnectingWebSocket | null;
  cleanup: Array<() => void>;
}
let running: Running | null = null;

export function realtimeUrl(): string {
  const base = API_BASE || window.location.origin;
  const url = new URL(REALTIME_PATH, base.endsWith('/') ? base : `${base}/`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function dispatch(message: WsServerMessage) {
  if (message.method === 'initMessage') realtimeStatus.onlineUsers = message.onlineUsers;
  for (const h of handlers.get(message.method) ?? []) {
    try {
      h(message);
    } catch (e) {
      console.warn(`realtime ${message.method}`, e);
    }
  }
  for (const l of [...listeners]) l(message);
}

let Socket: typeof ReconnectingWebSocket | null = null;
const loadSocket = async () => {
  Socket ??= (await import('reconnecting-websocket')).default;
};

/** Opens the connection for this token (again after each sign-in); a second call with the same token does nothing. */
export function startRealtime(token: string) {
  if (running?.token === token) return;
  stopRealtime();
  const run: Running = { token, socket: null, cleanup: [] };
  running = run;
  realtimeStatus.opens = 0;

  /**
   * A new reconnecting socket. A stopped one is never restarted: reconnecting-websocket keeps its
   * connect lock when it is closed during a backoff wait, and would then never connect again.
   */
  const connect = () => {
    // The socket's code loads with the first connection, not with the first paint.
    if (!Socket) {
      realtimeStatus.state = 'connecting';
      void loadSocket().then(() => {
        if (running === run && network.online && !run.socket) connect();
      }, (e: unknown) => console.warn('realtime: the socket code did not load', e));
      return;
    }
    run.socket?.close(1000, 'replaced');
    const socket = new Socket(realtimeUrl(), [], {
      minReconnectionDelay: 1000 + Math.random() * 1000,
      maxReconnectionDelay: 30_000,
      reconnectionDelayGrowFactor: 2,
      connectionTimeout: 8000,
    });
    run.socket = socket;
    realtimeStatus.state = 'connecting';
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: hooks.mobileDevice() }));
    });
    socket.addEventListener('message', (ev) => {
      if (run.socket !== socket) return;
      let message: WsServerMessage;
      try {
        message = JSON.parse(String(ev.data)) as WsServerMessage;
      } catch {
        return;
      }
      if (message.method === 'logout') {
        stopRealtime();
        hooks.onLogout(message.msg);
        return;
      }
      // Open for the app once the server has the connection under the user (initMessage).
      if (message.method === 'initMessage') {
        realtimeStatus.state = 'open';
        realtimeStatus.opens += 1;
      }
      dispatch(message);
    });
    socket.addEventListener('close', (ev) => {
      if (running !== run || run.socket !== socket) return;
      realtimeStatus.state = 'closed';
      // The server's logout close: never reconnect with this token.
      if (ev.code === WS_CLOSE_LOGOUT) stopRealtime();
    });
  };

  const reopen = () => {
    if (running !== run || !network.online) return;
    const s = run.socket;
    if (s && (s.readyState === s.OPEN || s.readyState === s.CONNECTING)) return;
    connect();
  };
  // Offline the connection is closed on purpose (a half-open socket would hide missed pushes, and
  // retries would only fail); the catch-up after the return fills the gap.
  const onOffline = () => {
    if (running !== run || !run.socket) return;
    run.socket.close(1000, 'offline');
    run.socket = null;
    realtimeStatus.state = 'closed';
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') reopen();
  };
  window.addEventListener('online', reopen);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  // The app's own idea of connectivity (failed calls, probes) also opens and closes it.
  let wasOnline = network.online;
  const unwatch = subscribe(network, () => {
    if (network.online === wasOnline) return;
    wasOnline = network.online;
    if (wasOnline) reopen();
    else onOffline();
  });
  const heart = setInterval(() => {
    const s = run.socket;
    if (s && s.readyState === s.OPEN) s.send(JSON.stringify({ method: 'heartCheck' }));
  }, HEART_CHECK_MS);
  run.cleanup.push(
    () => window.removeEventListener('online', reopen),
    () => window.removeEventListener('offline', onOffline),
    () => document.removeEventListener('visibilitychange', onVisible),
    unwatch,
    () => clearInterval(heart),
  );
  if (network.online) connect();
  else realtimeStatus.state = 'closed';
}

/** A frame's fields without the token, which `sendRealtime` adds (spec 7.10: every client method carries it). */
export type ClientFields<M extends keyof RealtimeClientMethods> = Omit<RealtimeClientMethods[M], 'token'>;

/** Whether frames can go now: the connection is open and the server has greeted it (initMessage). */
export function realtimeOpen(): boolean {
  const s = running?.socket;
  return realtimeStatus.state === 'open' && !!s && s.readyState === s.OPEN;
}

/** Sends a client frame with the session's token; false (nothing sent) while the connection is not open. */
export function sendRealtime<M extends keyof RealtimeClientMethods>(method: M, fields: ClientFields<M>): boolean {
  const run = running;
  if (!run || !realtimeOpen()) return false;
  run.socket!.send(JSON.stringify({ method, ...fields, token: run.token }));
  return true;
}

/**
 * Sends a frame and waits for the server's answer: the first server message `answer` picks (or an
 * error frame it picks), within `ms`. Null when the connection is not open or no answer came in time.
 */
export function askRealtime<M extends keyof RealtimeClientMethods, T>(method: M, fields: ClientFields<M>, answer: (message: WsServerMessage) => T | undefined, ms = 5000): Promise<T | null> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: T | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      listeners.delete(listen);
      resolve(v);
    };
    const listen = (m: WsServerMessage) => {
      const v = answer(m);
      if (v !== undefined) finish(v);
    };
    listeners.add(listen);
    const timer = setTimeout(() => finish(null), ms);
    if (!sendRealtime(method, fields)) finish(null);
  });
}
const listeners = new Set<(message: WsServerMessage) => void>();

/** Closes the connection (sign-out, logout message, token change). */
export function stopRealtime() {
  const run = running;
  if (!run) return;
  running = null;
  for (const c of run.cleanup) c();
  run.socket?.close(1000, 'stop');
  run.socket = null;
  realtimeStatus.state = 'idle';
  realtimeStatus.onlineUsers = [];
}
