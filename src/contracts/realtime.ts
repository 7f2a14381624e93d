
/**
 * The realtime protocol: JSON frames over one websocket (spec 7.10), `{ method, ...fields }` both
 * ways. This file holds the base of it; each module adds its own methods by declaration merging
 * of the interfaces below in its own contracts file (the message module adds messagePush in
 * message.ts; chat will add SendMessage, MessageList, receiveMessage, …):
 *
 *     declare module './realtime' {
 *       interface RealtimeServerMethods { messagePush: { message: MessageRow } }
 *     }
 */

/** The websocket endpoint (same origin as the API). */
export const REALTIME_PATH = '/api/message/websocket';
/** Spec 4 Session / 8: what the client shows on a websocket logout. */
export const WS_LOGOUT_MESSAGE = '登录过期,请重新登录';
/** Close code of a logout: the client must not reconnect after it. */
export const WS_CLOSE_LOGOUT = 4001;

/**
 * Fields of initMessage, the server's greeting after OnConnection. Modules that count something
 * for the user add their fields here (message: unreadMessageCount, unreadNoticeCount).
 */
export interface RealtimeInitFields {
  /** Unread chat messages per sender; the chat module fills it, {} until then. */
  unreadNums: Record<string, number>;
  /** Ids of users with an open connection, on any server instance. */
  onlineUsers: string[];
}

/** Server → client: method name → the frame's other fields. */
export interface RealtimeServerMethods {
  initMessage: RealtimeInitFields;
  /** The session ended (revoked or expired); the socket closes with WS_CLOSE_LOGOUT. */
  logout: { msg: string };
  /** The answer to the client's heartCheck. */
  heartCheck: Record<never, never>;
  /**
   * A frame the server could not take: not JSON, no known method, or fields that fail the
   * method's schema, or that its handler refused. The connection stays open. `code` and `msg` as in
   * the HTTP envelope; `request` the frame's method and `id` its `id` field when it had one (the
   * device id of a refused SendMessage, so the client knows which message failed).
   */
  error: { code: number; msg: string; request?: string; id?: string };
}

/** Client → server: method name → the frame's other fields. */
export interface RealtimeClientMethods {
  /** The first frame: the session token; answered with initMessage, or logout. */
  OnConnection: { token: string; mobileDevice?: boolean };
  /** Keeps idle connections through proxies; answered with heartCheck. */
  heartCheck: Record<never, never>;
}

export type RealtimeServerMethod = keyof RealtimeServerMethods;
export type RealtimeClientMethod = keyof RealtimeClientMethods;
/** One server frame of method `M`. */
export type WsServerFrame<M extends RealtimeServerMethod> = { method: M } & RealtimeServerMethods[M];
/** One client frame of method `M`. */
export type WsClientFrame<M extends RealtimeClientMethod> = { method: M } & RealtimeClientMethods[M];
/** Any frame the server sends. */
export type WsServerMessage = { [M in RealtimeServerMethod]: WsServerFrame<M> }[RealtimeServerMethod];
/** Any frame the client sends. */
export type WsClientMessage = { [M in RealtimeClientMethod]: WsClientFrame<M> }[RealtimeClientMethod];

export type WsInitMessage = WsServerFrame<'initMessage'>;
export type WsLogout = WsServerFrame<'logout'>;
export type WsHeartCheck = WsServerFrame<'heartCheck'>;
export type WsError = WsServerFrame<'error'>;
