import type { z } from 'zod';
import {
  MessageType,
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  SYSTEM_SENDER,
  type MessagePage,
  type MessageRow,
  type NoticeInfo,
  type NoticeRow,
  type SystemMessageInput,
  type UnreadCounts,
  type WsMessagePush,
  type messageListQuerySchema,
  type noticeBodySchema,
  type noticeListQuerySchema,
  type readAllBodySchema,
} from '../../../src/contracts/message';
import type { Paged } from '../../../src/contracts/common';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageWindow, paged } from '../../lib/records';
import { sanitizeNoticeHtml } from '../../lib/sanitize-html';
import type { RealtimeHub } from '../../plugins/realtime';
import type { MessageRecord, MessageRepo, ReceivedRecord } from './repo';

type MessageListQuery = z.output<typeof messageListQuerySchema>;
type NoticeListQuery = z.output<typeof noticeListQuerySchema>;
type NoticeInput = z.output<typeof noticeBodySchema>;
type ReadAllInput = z.output<typeof readAllBodySchema>;
type Counts = Awaited<ReturnType<MessageRepo['counts']>>;

/** The realtime event of a message that reached users: `{ k: 'msg', id }`. */
export const MESSAGE_EVENT = 'msg';

/** Notice bodies sanitized on the way out, by message id and version (a version never changes). */
const SANITIZED_CACHE_MAX = 1000;
/** Keyword searches remembered per instance, and the most matches whose ids one keeps. */
const SEARCHES_MAX = 100;
const SEARCH_IDS_MAX = 2000;

const ms = (d: Date | null) => (d ? d.getTime() : null);
const sender = (creatorUserId: string | null, name: string | null) => (creatorUserId ? (name ?? '') : SYSTEM_SENDER);

export function messageService(repo: MessageRepo, realtime: Pick<RealtimeHub, 'publish'>) {
  const sanitized = new Map<string, string>();
  /** A notice's HTML made safe again (rows may predate the sanitizer or come from elsewhere); other bodies are JSON. */
  const bodyOut = (m: { id: string; type: number; bodyText: string; version: number }) => {
    if (m.type !== MessageType.notice) return m.bodyText;
    const key = `${m.id}:${m.version}`;
    let html = sanitized.get(key);
    if (html === undefined) {
      html = sanitizeNoticeHtml(m.bodyText);
      if (sanitized.size >= SANITIZED_CACHE_MAX) sanitized.delete(sanitized.keys().next().value!);
      sanitized.set(key, html);
    }
    return html;
  };

  const receivedRow = (r: ReceivedRecord): MessageRow => ({
    id: r.messageId,
    type: r.type,
    title: r.title,
    bodyText: bodyOut({ id: r.messageId, type: r.type, bodyText: r.bodyText, version: r.version }),
    isRead: r.isRead ? '1' : '0',
    creatorUser: sender(r.creatorUserId, r.senderName),
    lastModifyTime: r.receivedAt.getTime(),
  });

  const noticeRow = (m: MessageRecord & { senderName: string | null }, stats?: { recipients: number; read: number }): NoticeRow => ({
    id: m.id,
    title: m.title,
    enabledMark: m.enabledMark === 1 ? 1 : 0,
    creatorUser: sender(m.creatorUserId, m.senderName),
    creatorTime: m.createdAt.getTime(),
    lastModifyTime: m.updatedAt.getTime(),
    releaseTime: ms(m.releasedAt),
    toUserIds: m.toUserIds,
    recipientCount: stats?.recipients ?? 0,
    readCount: stats?.read ?? 0,
    version: m.version,
  });

  /** Unread notices (type 1) and other messages, from the user's counters. */
  const unreadOf = (counts: Counts): UnreadCounts => ({
    unreadMessageCount: counts.filter((c) => c.type !== MessageType.notice).reduce((n, c) => n + c.unread, 0),
    unreadNoticeCount: counts.filter((c) => c.type === MessageType.notice).reduce((n, c) => n + c.unread, 0),
  });
  async function unreadCounts(userId: string): Promise<UnreadCounts> {
    return unreadOf(await repo.counts(userId));
  }

  /**
   * Keyword searches of a user's list, remembered while the user's receipts stay as they were (the
   * counters' versions move on every change, on any instance): the ids of the matches in order
   * (up to SEARCH_IDS_MAX; beyond, only their number). The next page of the same search, and the
   * same search again, then cost the counters and one page of rows instead of a pass over every
   * title the user received.
   */
  const searches = new Map<string, { stamp: string; total: number; ids: string[] | null }>();
  const remember = (key: string, entry: { stamp: string; total: number; ids: string[] | null }) => {
    searches.delete(key);
    if (searches.size >= SEARCHES_MAX) searches.delete(searches.keys().next().value!);
    searches.set(key, entry);
  };

  async function keywordPage(userId: string, q: MessageListQuery): Promise<MessagePage> {
    const counts = await repo.counts(userId);
    const stamp = counts.map((c) => `${c.type}:${c.version}`).join(',');
    const key = [userId, q.type ?? '', q.sort, q.keyword].join('\u0001');
    let found = searches.get(key);
    if (!found || found.stamp !== stamp) {
      const ids = await repo.receivedIds(userId, q, SEARCH_IDS_MAX + 1);
      found = ids.length <= SEARCH_IDS_MAX ? { stamp, total: ids.length, ids } : { stamp, total: await repo.receivedMatches(userId, q), ids: null };
    }
    remember(key, found);
    let rows: ReceivedRecord[];
    if (found.ids) {
      const { offset, limit } = pageWindow(q);
      const pageIds = found.ids.slice(offset, offset + limit);
      const byId = new Map((await repo.receivedByIds(userId, pageIds)).map((r) => [r.messageId, r]));
      rows = pageIds.map((id) => byId.get(id)).filter((r): r is ReceivedRecord => !!r);
    } else {
      rows = await repo.receivedPage(userId, q);
    }
    return { ...paged(rows.map(receivedRow), q, found.total), ...unreadOf(counts) };
  }

  /** A notice (type 1) for administration; 404 for anything else. */
  async function noticeInfo(id: string): Promise<NoticeInfo> {
    const m = await repo.message(id);
    if (!m || m.type !== MessageType.notice) throw notFound('公告不存在');
    const stats = (await repo.receiptStats([id])).get(id);
    return { ...noticeRow(m, stats), bodyText: bodyOut(m) };
  }

  /** Title trimmed, body sanitized and within its limit, recipients deduplicated and existing. */
  async function noticeFields(body: NoticeInput) {
    const bodyText = sanitizeNoticeHtml(body.bodyText);
    if (bodyText.length > NOTICE_BODY_MAX) throw badRequest('内容过长');
    const toUserIds = [...new Set(body.toUserIds)];
    if ((await repo.existingUsers(toUserIds)) !== toUserIds.length) throw badRequest('接收人不存在');
    return { title: body.title, bodyText, toUserIds };
  }

  /**
   * A write to a notice that matched nothing: it is gone (404), released (400 `releasedMsg`) or at
   * another version than the client's If-Match (409 with the current notice).
   */
  async function refused(id: string, releasedMsg: string): Promise<never> {
    const m = await repo.message(id);
    if (!m || m.type !== MessageType.notice) throw notFound('公告不存在');
    if (m.enabledMark === 1) throw badRequest(releasedMsg);
    throw conflict(await noticeInfo(id));
  }

  /**
   * Writes a released message and its receipts, then tells every instance (sent when the
   * surrounding transaction commits). Runs in the caller's transaction when there is one.
   */
  async function sendSystemMessage(input: SystemMessageInput): Promise<{ id: string; recipients: number } | null> {
    if (!Number.isInteger(input.type) || input.type < 1) throw new Error(`sendSystemMessage: bad type ${input.type}`);
    const toUserIds = [...new Set(input.toUserIds)];
    if (!toUserIds.length) return null;
    const title = input.title.trim().slice(0, NOTICE_TITLE_MAX);
    const raw = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
    const bodyText = input.type === MessageType.notice ? sanitizeNoticeHtml(raw) : raw;
    const id = newId();
    return repo.transaction(async () => {
      await repo.insertReleased({ id, type: input.type, title, bodyText, creatorUserId: input.creatorUserId ?? null, toUserIds });
      const recipients = await repo.deliver(id, input.type, { userIds: toUserIds, enabledOnly: false });
      await realtime.publish({ k: MESSAGE_EVENT, id });
      return { id, recipients };
    });
  }

  return {
    // ---- what the signed-in user received -------------------------------------------------------
    /**
     * A page of the user's messages with both unread counts: the page and the counters, two
     * queries. With a keyword, see keywordPage.
     */
    async received(userId: string, q: MessageListQuery): Promise<MessagePage> {
      if (q.keyword) return keywordPage(userId, q);
      const [rows, counts] = await Promise.all([repo.receivedPage(userId, q), repo.counts(userId)]);
      const total = counts.filter((c) => q.type === undefined || c.type === q.type).reduce((n, c) => n + c.total, 0);
      return { ...paged(rows.map(receivedRow), q, total), ...unreadOf(counts) };
    },
    /** One received message, marked read (idempotent). */
    async readInfo(userId: string, messageId: string): Promise<MessageRow> {
      const r = await repo.received(userId, messageId);
      if (!r) throw notFound('消息不存在');
      if (!r.isRead) await repo.markRead(userId, messageId);
      return { ...receivedRow(r), isRead: '1' };
    },
    /** Marks read what the user received up to `upTo` (ms, inclusive) and of `type`; the new counts. */
    async readAll(userId: string, body: ReadAllInput): Promise<UnreadCounts> {
      await repo.markAllRead(userId, body.upTo === undefined ? undefined : new Date(body.upTo + 1), body.type);
      return unreadCounts(userId);
    },
    async deleteRecords(userId: string, messageIds: string[]): Promise<{ deleted: number }> {
      return { deleted: await repo.deleteReceipts(userId, [...new Set(messageIds)]) };
    },
    unreadCounts,

    // ---- notices (administration) ---------------------------------------------------------------
    async noticeList(q: NoticeListQuery): Promise<Paged<NoticeRow>> {
      const { rows, total } = await repo.noticePage(q);
      const stats = await repo.receiptStats(rows.filter((r) => r.enabledMark === 1).map((r) => r.id));
      return paged(
        rows.map((r) => noticeRow(r, stats.get(r.id))),
        q,
        total,
      );
    },
    noticeInfo,
    /** A draft notice by `authorId`. */
    async createNotice(authorId: string, body: NoticeInput): Promise<NoticeInfo> {
      const fields = await noticeFields(body);
      const row = await repo.insertMessage({ id: body.id ?? newId(), type: MessageType.notice, creatorUserId: authorId, enabledMark: 0, ...fields });
      if (!row) throw badRequest('记录已存在');
      return noticeInfo(row.id);
    },
    /** Saves a draft; a released notice cannot change. */
    async updateNotice(id: string, body: NoticeInput, baseVersion?: number): Promise<NoticeInfo> {
      const fields = await noticeFields(body);
      if (!(await repo.updateDraft(id, fields, baseVersion))) await refused(id, '已发布的公告不能修改');
      return noticeInfo(id);
    },
    /** Deletes a notice and every copy users received. */
    async deleteNotice(id: string, baseVersion?: number): Promise<void> {
      const done = await repo.transaction(() => repo.deleteNotice(id, baseVersion));
      if (done) return;
      const m = await repo.message(id);
      if (!m || m.type !== MessageType.notice) throw notFound('公告不存在');
      throw conflict(await noticeInfo(id));
    },
    /**
     * Releases a draft: one receipt per recipient (the named users, or every enabled user), and a
     * push to those connected, once the transaction commits.
     */
    async releaseNotice(id: string, baseVersion?: number): Promise<NoticeInfo> {
      const released = await repo.transaction(async () => {
        const m = await repo.releaseDraft(id, baseVersion);
        if (!m) return false;
        await repo.deliver(id, MessageType.notice, { userIds: m.toUserIds, enabledOnly: true });
        await realtime.publish({ k: MESSAGE_EVENT, id });
        return true;
      });
      if (!released) await refused(id, '该公告已发布');
      return noticeInfo(id);
    },

    // ---- for other modules and the realtime hub -------------------------------------------------
    sendSystemMessage,
    /** The pushes of one message to those of `userIds` who received it (two queries, whatever their number). */
    async pushes(messageId: string, userIds: string[]): Promise<Array<[string, WsMessagePush]>> {
      const [m, receipts] = await Promise.all([repo.message(messageId), repo.receiptsOf(messageId, userIds)]);
      if (!m || m.enabledMark !== 1 || !receipts.length) return [];
      const base = {
        id: m.id,
        type: m.type,
        title: m.title,
        bodyText: bodyOut(m),
        creatorUser: sender(m.creatorUserId, m.senderName),
      };
      return receipts.map((r) => [r.userId, { method: 'messagePush', message: { ...base, isRead: r.isRead ? '1' : '0', lastModifyTime: r.receivedAt.getTime() } }]);
    },
  };
}
export type MessageService = ReturnType<typeof messageService>;
