import { z } from 'zod';
import { idSchema, listQuerySchema, type Paged } from './common';
import type * as realtime from './realtime';
import { NOTICE_BODY_MAX, NOTICE_RECIPIENTS_MAX, NOTICE_TITLE_MAX, RECORD_DELETE_MAX, type ReadFlag } from './message-values';

/**
 * Notices and system messages (spec 3 Message, 4 Message, 7.4) and their part of the realtime
 * protocol (spec 7.10: messagePush, and the unread counts of initMessage; the base is realtime.ts).
 */

export * from './message-values';

// ---- Requests ------------------------------------------------------------------------------------

/** GET /Message: the list query of spec 3 plus the type filter; newest first unless asked. */
export const messageListQuerySchema = listQuerySchema.extend({
  sort: z.enum(['asc', 'desc']).default('desc'),
  type: z.coerce.number({ error: '消息类型不正确' }).int({ error: '消息类型不正确' }).min(1, { error: '消息类型不正确' }).max(99, { error: '消息类型不正确' }).optional(),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

/** GET /Message/Notice (notice administration): keyword and paging; newest first. */
export const noticeListQuerySchema = listQuerySchema.extend({ sort: z.enum(['asc', 'desc']).default('desc') });
export type NoticeListQuery = z.input<typeof noticeListQuerySchema>;

/** POST /Message and PUT /Message/{id}: a notice (draft until released). */
export const noticeBodySchema = z.object({
  id: idSchema.optional(),
  title: z
    .string({ error: '标题不能为空' })
    .trim()
    .min(1, { error: '标题不能为空' })
    .max(NOTICE_TITLE_MAX, { error: `标题长度不能超过${NOTICE_TITLE_MAX}个字符` }),
  bodyText: z.string({ error: '内容不能为空' }).max(NOTICE_BODY_MAX, { error: '内容过长' }).default(''),
  /** Recipients; empty: every enabled staff member at release. */
  toUserIds: z.array(idSchema).max(NOTICE_RECIPIENTS_MAX, { error: `接收人不能超过${NOTICE_RECIPIENTS_MAX}个` }).default([]),
});
export type NoticeBody = z.input<typeof noticeBodySchema>;

/** POST /Message/Actions/ReadAll: everything received up to `upTo` (ms, the newest message the user saw); all when left out. */
export const readAllBodySchema = z
  .object({
    upTo: z.coerce.number().int().positive().optional(),
    type: z.coerce.number().int().min(1).max(99).optional(),
  })
  .default({});

/** DELETE /Message/Record: the user's own copies of these messages. */
export const recordDeleteBodySchema = z.object({
  ids: z.array(idSchema, { error: '请选择要删除的消息' }).min(1, { error: '请选择要删除的消息' }).max(RECORD_DELETE_MAX, { error: `一次最多删除${RECORD_DELETE_MAX}条消息` }),
});

// ---- Answers -------------------------------------------------------------------------------------

/** A message as the user receives it (drawer, centre, push). */
export interface MessageRow {
  id: string;
  type: number;
  title: string;
  /** HTML of a notice (sanitized), JSON of a workflow message. Listed, so cached messages read offline. */
  bodyText: string;
  isRead: ReadFlag;
  /** Who sent it (real name, or 系统). */
  creatorUser: string;
  /** When it reached the user (release time of a notice), ms epoch. */
  lastModifyTime: number;
}

/**
 * A system message another server module sends (workflow: types 2-4) through the message
 * service's sendSystemMessage. `body` is the bodyText: a string, or an object sent as JSON
 * (workflow: `{ type, flowId, taskId, … }`). Without `creatorUserId` the sender shows as 系统.
 */
export interface SystemMessageInput {
  type: number;
  title: string;
  body: string | Record<string, unknown>;
  /** Recipients (existing users; unknown ids are skipped). Empty: nothing is sent. */
  toUserIds: string[];
  creatorUserId?: string | null;
}

/** Unread counts: system messages (type ≠ 1) and notices (type 1). */
export interface UnreadCounts {
  unreadMessageCount: number;
  unreadNoticeCount: number;
}

/** GET /Message: a page, with the unread counts (the badge is right even without the websocket). */
export type MessagePage = Paged<MessageRow> & UnreadCounts;

/** A notice in the administration list (GET /Message/Notice) and its detail (GET /Message/{id}). */
export interface NoticeRow {
  id: string;
  title: string;
  /** 0 draft, 1 released. */
  enabledMark: 0 | 1;
  creatorUser: string;
  creatorTime: number;
  lastModifyTime: number;
  releaseTime: number | null;
  /** Recipients named (empty: everyone). */
  toUserIds: string[];
  /** Released: how many received it and how many have read it. */
  recipientCount: number;
  readCount: number;
  version: number;
}
export interface NoticeInfo extends NoticeRow {
  bodyText: string;
}

// ---- Realtime (spec 7.10): this module's methods, added to the protocol of realtime.ts ----------

declare module './realtime' {
  interface RealtimeInitFields extends UnreadCounts {}
  interface RealtimeServerMethods {
    /** A message reached the user (a notice released, a system message sent). */
    messagePush: { message: MessageRow };
  }
}

export type WsMessagePush = realtime.WsServerFrame<'messagePush'>;
