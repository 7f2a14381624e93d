import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageCounts, messageReceipts, messages, users } from '../../db/schema';
import { likePattern, pageWindow, sortBy } from '../../lib/records';
import type { ListQuery } from '../../../src/contracts/common';
import type { SortField } from '../../../src/contracts/list-sort';
import { MessageType } from '../../../src/contracts/message';

export type MessageRecord = typeof messages.$inferSelect;
/** A message with its author's name (null: a system message, or the author is gone). */
export type MessageWithSender = MessageRecord & { senderName: string | null };

/** One received message: the receipt's fields and the message's. */
export interface ReceivedRecord {
  messageId: string;
  type: number;
  receivedAt: Date;
  isRead: boolean;
  title: string;
  bodyText: string;
  creatorUserId: string | null;
  senderName: string | null;
  version: number;
}

export interface ReceivedQuery extends Pick<ListQuery, 'currentPage' | 'pageSize' | 'keyword'> {
  sort: 'asc' | 'desc';
  type?: number;
}

/**
 * Who receives a message. Notices (`enabledOnly`): the named users that are enabled, or every
 * enabled user when none are named. System messages: the named users that exist, nobody else.
 */
export interface Recipients {
  userIds: string[];
  enabledOnly: boolean;
}

/** The title contains the keyword, case-insensitively (the stored lower-cased title, a plain LIKE). */
const titleMatches = (keyword: string) => (keyword ? sql`${messages.searchTitle} like lower(${likePattern(keyword)})` : undefined);

/** A user's receipts, of a type and with a title keyword when given (the keyword needs messages joined). */
const receivedWhere = (userId: string, q: Pick<ReceivedQuery, 'keyword' | 'type'>) =>
  and(eq(messageReceipts.userId, userId), q.type === undefined ? undefined : eq(messageReceipts.type, q.type), titleMatches(q.keyword));

/** A text[] parameter (one bound value, whatever the number of ids): `col = any(…)`. */
const textArray = (ids: string[]) => sql`${sql.param(ids, messages.toUserIds)}::text[]`;

/** A receipt with its message and sender (receipts joined to messages, left-joined to users). */
const receivedFields = {
  messageId: messageReceipts.messageId,
  type: messageReceipts.type,
  receivedAt: messageReceipts.receivedAt,
  isRead: messageReceipts.isRead,
  title: messages.title,
  bodyText: messages.bodyText,
  creatorUserId: messages.creatorUserId,
  senderName: users.realName,
  version: messages.version,
};

/** The notice list's sort fields (`sidx`, src/contracts/list-sort.ts) and their columns. */
const noticeSort: Record<SortField<'notices'>, SQL> = {
  title: sql`${messages.title}`,
  enabledMark: sql`${messages.enabledMark}`,
  releaseTime: sql`${messages.releasedAt}`,
  creatorTime: sql`${messages.createdAt}`,
};

export function messageRepo(db: Db) {
  const senderName = users.realName;

  return {
    /** Runs `fn` in one transaction (a savepoint inside a request-wide one); repos join it. */
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return db.transaction(() => fn());
    },

    // ---- what a user received -----------------------------------------------------------------
    /**
     * One page of a user's messages. The page is picked from the receipts alone (index user_id,
     * received_at, message_id; the messages table only when a keyword filters on the title), then
     * titles, bodies and senders are joined to those rows only.
     */
    async receivedPage(userId: string, q: ReceivedQuery): Promise<ReceivedRecord[]> {
      const dir = q.sort === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(q);
      const picked = db
        .select({
          pageMessageId: messageReceipts.messageId,
          pageType: messageReceipts.type,
          pageReceivedAt: messageReceipts.receivedAt,
          pageIsRead: messageReceipts.isRead,
        })
        .from(messageReceipts);
      const page = (q.keyword ? picked.innerJoin(messages, eq(messages.id, messageReceipts.messageId)) : picked)
        .where(receivedWhere(userId, q))
        .orderBy(dir(messageReceipts.receivedAt), dir(messageReceipts.messageId))
        .limit(limit)
        .offset(offset)
        .as('page');
      return db
        .select({
          messageId: page.pageMessageId,
          type: page.pageType,
          receivedAt: page.pageReceivedAt,
          isRead: page.pageIsRead,
          title: messages.title,
          bodyText: messages.bodyText,
          creatorUserId: messages.creatorUserId,
          senderName,
          version: messages.version,
        })
        .from(page)
        .innerJoin(messages, eq(messages.id, page.pageMessageId))
        .leftJoin(users, eq(users.id, messages.creatorUserId))
        .orderBy(dir(page.pageReceivedAt), dir(page.pageMessageId));
    },
    /**
     * The ids of the user's messages that match a keyword (and type), in list order, at most
     * `max`: one pass over the user's receipts and their titles.
     */
    async receivedIds(userId: string, q: Pick<ReceivedQuery, 'keyword' | 'type' | 'sort'>, max: number) {
      const dir = q.sort === 'asc' ? asc : desc;
      const rows = await db
        .select({ id: messageReceipts.messageId })
        .from(messageReceipts)
        .innerJoin(messages, eq(messages.id, messageReceipts.messageId))
        .where(receivedWhere(userId, q))
        .orderBy(dir(messageReceipts.receivedAt), dir(messageReceipts.messageId))
        .limit(max);
      return rows.map((r) => r.id);
    },
    /** These received messages of the user (in no particular order). */
    async receivedByIds(userId: string, messageIds: string[]): Promise<ReceivedRecord[]> {
      if (!messageIds.length) return [];
      return db
        .select(receivedFields)
        .from(messageReceipts)
        .innerJoin(messages, eq(messages.id, messageReceipts.messageId))
        .leftJoin(users, eq(users.id, messages.creatorUserId))
        .where(and(eq(messageReceipts.userId, userId), sql`${messageReceipts.messageId} = any(${textArray(messageIds)})`));
    },
    /** How many messages of the user match a keyword (and type): a count over the user's receipts. */
    async receivedMatches(userId: string, q: Pick<ReceivedQuery, 'keyword' | 'type'>) {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messageReceipts)
        .innerJoin(messages, eq(messages.id, messageReceipts.messageId))
        .where(receivedWhere(userId, q));
      return rows[0]?.n ?? 0;
    },
    /** The user's receipts counted by type (kept by triggers): totals, unread, versions. */
    async counts(userId: string) {
      return db
        .select({ type: messageCounts.type, total: messageCounts.total, unread: messageCounts.unread, version: messageCounts.version })
        .from(messageCounts)
        .where(eq(messageCounts.userId, userId));
    },
    async received(userId: string, messageId: string): Promise<ReceivedRecord | null> {
      const rows = await db
        .select(receivedFields)
        .from(messageReceipts)
        .innerJoin(messages, eq(messages.id, messageReceipts.messageId))
        .leftJoin(users, eq(users.id, messages.creatorUserId))
        .where(and(eq(messageReceipts.userId, userId), eq(messageReceipts.messageId, messageId)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Marks one receipt read (once: a read receipt keeps its first read time). */
    async markRead(userId: string, messageId: string) {
      await db
        .update(messageReceipts)
        .set({ isRead: true, readAt: sql`now()` })
        .where(and(eq(messageReceipts.userId, userId), eq(messageReceipts.messageId, messageId), sql`not ${messageReceipts.isRead}`));
    },
    /** Marks a user's unread receipts read: those received before `before` and of `type` when given. */
    async markAllRead(userId: string, before: Date | undefined, type: number | undefined) {
      const rows = await db
        .update(messageReceipts)
        .set({ isRead: true, readAt: sql`now()` })
        .where(
          and(
            eq(messageReceipts.userId, userId),
            sql`not ${messageReceipts.isRead}`,
            before ? sql`${messageReceipts.receivedAt} < ${before}` : undefined,
            type === undefined ? undefined : eq(messageReceipts.type, type),
          ),
        )
        .returning({ id: messageReceipts.messageId });
      return rows.length;
    },
    /** Deletes the user's own receipts of these messages; others keep theirs. */
    async deleteReceipts(userId: string, messageIds: string[]) {
      const rows = await db
        .delete(messageReceipts)
        .where(and(eq(messageReceipts.userId, userId), sql`${messageReceipts.messageId} = any(${textArray(messageIds)})`))
        .returning({ id: messageReceipts.messageId });
      return rows.length;
    },

    // ---- messages -----------------------------------------------------------------------------
    async message(id: string): Promise<MessageWithSender | null> {
      const rows = await db
        .select({ message: messages, senderName })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.creatorUserId))
        .where(eq(messages.id, id))
        .limit(1);
      const r = rows[0];
      return r ? { ...r.message, senderName: r.senderName } : null;
    },
    /** The receipts of one message held by these users (a realtime push: the connected ones). */
    async receiptsOf(messageId: string, userIds: string[]) {
      if (!userIds.length) return [];
      return db
        .select({ userId: messageReceipts.userId, isRead: messageReceipts.isRead, receivedAt: messageReceipts.receivedAt })
        .from(messageReceipts)
        .where(and(eq(messageReceipts.messageId, messageId), sql`${messageReceipts.userId} = any(${textArray(userIds)})`));
    },
    /** The new row, or null when the id is taken. */
    async insertMessage(row: typeof messages.$inferInsert) {
      const rows = await db.insert(messages).values(row).onConflictDoNothing({ target: messages.id }).returning();
      return rows[0] ?? null;
    },
    /** A message released when written (system messages), at the database's time like its receipts. */
    async insertReleased(row: Omit<typeof messages.$inferInsert, 'enabledMark' | 'releasedAt'>) {
      await db.insert(messages).values({ ...row, enabledMark: 1, releasedAt: sql`now()` });
    },
    /**
     * One receipt per recipient, received now (the release time within its transaction), in one
     * statement. Returns how many were written.
     */
    async deliver(messageId: string, type: number, to: Recipients) {
      if (!to.enabledOnly && !to.userIds.length) return 0;
      const whom: SQL[] = [];
      if (to.enabledOnly) whom.push(sql`${users.enabled}`);
      if (to.userIds.length) whom.push(sql`${users.id} = any(${textArray(to.userIds)})`);
      const rows = await db
        .insert(messageReceipts)
        .select((qb) =>
          qb
            .select({
              userId: users.id,
              messageId: sql`${messageId}::text`.as('message_id'),
              type: sql`${type}::int`.as('type'),
              receivedAt: sql`now()`.as('received_at'),
              isRead: sql`false`.as('is_read'),
              readAt: sql`null::timestamptz`.as('read_at'),
            })
            .from(users)
            .where(and(...whom)),
        )
        .onConflictDoNothing()
        .returning({ userId: messageReceipts.userId });
      return rows.length;
    },

    // ---- notices (administration) -------------------------------------------------------------
    async noticePage(q: Pick<ListQuery, 'currentPage' | 'pageSize' | 'keyword' | 'sidx'> & { sort: 'asc' | 'desc' }) {
      const where = and(eq(messages.type, MessageType.notice), titleMatches(q.keyword));
      const by = sortBy(noticeSort, q);
      // `sort` orders the chosen field; without one it orders by creation (newest first by default).
      const dir = by.length || q.sort === 'desc' ? desc : asc;
      const { limit, offset } = pageWindow(q);
      const [rows, count] = await Promise.all([
        db
          .select({ message: messages, senderName })
          .from(messages)
          .leftJoin(users, eq(users.id, messages.creatorUserId))
          .where(where)
          .orderBy(...by, dir(messages.createdAt), dir(messages.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where),
      ]);
      return { rows: rows.map((r) => ({ ...r.message, senderName: r.senderName })), total: count[0]?.n ?? 0 };
    },
    /** How many received each of these messages and how many of them read it. */
    async receiptStats(messageIds: string[]) {
      if (!messageIds.length) return new Map<string, { recipients: number; read: number }>();
      const rows = await db
        .select({
          messageId: messageReceipts.messageId,
          recipients: sql<number>`count(*)::int`,
          read: sql<number>`(count(*) filter (where ${messageReceipts.isRead}))::int`,
        })
        .from(messageReceipts)
        .where(sql`${messageReceipts.messageId} = any(${textArray(messageIds)})`)
        .groupBy(messageReceipts.messageId);
      return new Map(rows.map((r) => [r.messageId, { recipients: r.recipients, read: r.read }]));
    },
    /** Saves a draft notice (still a draft, at `baseVersion` when given), checked in the statement. */
    async updateDraft(id: string, patch: Pick<typeof messages.$inferInsert, 'title' | 'bodyText' | 'toUserIds'>, baseVersion?: number) {
      const rows = await db
        .update(messages)
        .set({ ...patch, updatedAt: new Date(), version: sql`${messages.version} + 1` })
        .where(and(eq(messages.id, id), eq(messages.type, MessageType.notice), eq(messages.enabledMark, 0), atVersion(baseVersion)))
        .returning({ id: messages.id });
      return rows.length > 0;
    },
    /** Releases a draft notice (at `baseVersion` when given): enabled, released now. */
    async releaseDraft(id: string, baseVersion?: number) {
      const rows = await db
        .update(messages)
        .set({ enabledMark: 1, releasedAt: sql`now()`, updatedAt: sql`now()`, version: sql`${messages.version} + 1` })
        .where(and(eq(messages.id, id), eq(messages.type, MessageType.notice), eq(messages.enabledMark, 0), atVersion(baseVersion)))
        .returning();
      return rows[0] ?? null;
    },
    /** Deletes a notice (at `baseVersion` when given) and every receipt of it. */
    async deleteNotice(id: string, baseVersion?: number) {
      const rows = await db
        .delete(messages)
        .where(and(eq(messages.id, id), eq(messages.type, MessageType.notice), atVersion(baseVersion)))
        .returning({ id: messages.id });
      if (!rows.length) return false;
      await db.delete(messageReceipts).where(eq(messageReceipts.messageId, id));
      return true;
    },
    /** How many of these ids are users (recipients named by a notice must exist). */
    async existingUsers(ids: string[]) {
      if (!ids.length) return 0;
      const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.id} = any(${textArray(ids)})`);
      return rows[0]?.n ?? 0;
    },
  };
}
export type MessageRepo = ReturnType<typeof messageRepo>;

const atVersion = (baseVersion: number | undefined) => (baseVersion === undefined ? undefined : eq(messages.version, baseVersion));
