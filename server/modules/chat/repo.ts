import { and, asc, desc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { chatCounts, chatMessages, organizes, users } from '../../db/schema';
import { likePattern } from '../../lib/records';

export type ChatRecord = typeof chatMessages.$inferSelect;
export type NewChatRecord = Pick<typeof chatMessages.$inferInsert, 'id' | 'sendUserId' | 'toUserId' | 'contentType' | 'content'>;

/** The page of a conversation a MessageList asks for, in the repo's terms. */
export interface PageQuery {
  /** Pages backward (older than `before`), forward (newer than `after`), or by number from either end. */
  before?: number;
  after?: number;
  /** Counted from the newest (desc) or the oldest (asc) when no cursor is given. */
  currentPage: number;
  pageSize: number;
  sord: 'asc' | 'desc';
  keyword?: string;
}

/** Advisory lock class of chat writes (the second key is the user id's hash). */
const LOCK_CLASS = 17_001;

/** The columns a message is read with. */
const fields = {
  seq: chatMessages.seq,
  id: chatMessages.id,
  sendUserId: chatMessages.sendUserId,
  toUserId: chatMessages.toUserId,
  contentType: chatMessages.contentType,
  content: chatMessages.content,
  sendTime: chatMessages.sendTime,
  isRead: chatMessages.isRead,
};
export type ChatRow = Pick<ChatRecord, keyof typeof fields>;

/** A row as the statement of `store` answers it (no column mapping: numbers, and the time in ms). */
interface RawRow {
  seq: number;
  id: string;
  send_user_id: string;
  to_user_id: string;
  content_type: string;
  content: unknown;
  send_ms: number;
  is_read: boolean;
}
const fromRaw = (r: RawRow): ChatRow => ({
  seq: Number(r.seq),
  id: r.id,
  sendUserId: r.send_user_id,
  toUserId: r.to_user_id,
  contentType: r.content_type,
  content: r.content,
  sendTime: new Date(Number(r.send_ms)),
  isRead: r.is_read,
});

/** The conversation of two users, whoever sent (the pair index's prefix). */
const pairOf = (a: string, b: string) =>
  and(eq(chatMessages.userLow, sql`least(${a}::text, ${b}::text)`), eq(chatMessages.userHigh, sql`greatest(${a}::text, ${b}::text)`));

/** Text messages containing the keyword, case-insensitively. */
const textMatches = (keyword: string | undefined): SQL | undefined => (keyword ? sql`${chatMessages.searchText} like lower(${likePattern(keyword)})` : undefined);

/** A text[] parameter (one bound value, whatever the number of ids). */
const textArray = (ids: string[]) => sql`${sql.param(ids)}::text[]`;

export function chatRepo(db: Db) {
  return {
    /**
     * Stores messages and counts them, in one statement (its own transaction when none is open):
     * - first waits for the chat writes of other transactions touching their senders or
     *   recipients (advisory locks, held to the commit), so each user's messages get their seq in
     *   the order they commit: a catch-up reading "after seq N" never passes over a message that
     *   commits later with a smaller seq. The insert reads the locks' row, so seqs are taken
     *   after them, in the order of `rows`;
     * - inserts each message unless its recipient is not an enabled user, or its sender used its
     *   device id before (also earlier in `rows`): then nothing is written for it (null);
     * - counts them on both sides of their conversations (per conversation side: how many more,
     *   how many more unread for the recipient, the newest seq; rows in key order, so concurrent
     *   writers lock them in the same order);
     * - tells every instance when it commits, one NOTIFY per message (`event`: the NOTIFY
     *   expression over the new row's columns seq, send_user_id, to_user_id).
     * Answers the stored message of each of `rows`, in their order (null where none was stored).
     */
    async store(rows: NewChatRecord[], event: SQL): Promise<(ChatRow | null)[]> {
      if (!rows.length) return [];
      const column = <K extends keyof NewChatRecord>(k: K) => textArray(rows.map((r) => (k === 'content' ? JSON.stringify(r[k]) : String(r[k]))));
      const result = await db.execute(sql`
        with input as (
          select * from unnest(${column('id')}, ${column('sendUserId')}, ${column('toUserId')}, ${column('contentType')}, ${column('content')})
            with ordinality as i(id, send_user_id, to_user_id, content_type, content, ord)
        ), locked as (
          select pg_advisory_xact_lock(${LOCK_CLASS}, k)
          from (select distinct hashtext(u) as k from input, unnest(array[send_user_id, to_user_id]) as u) s order by k
        ), ins as (
          insert into ${chatMessages} (id, send_user_id, to_user_id, content_type, content)
          select i.id, i.send_user_id, i.to_user_id, i.content_type, i.content::jsonb
          from input i, (select count(*) from locked) l
          where exists (select 1 from ${users} where ${users.id} = i.to_user_id and ${users.enabled})
          order by i.ord
          on conflict (send_user_id, id) do nothing
          returning *
        ), counted as (
          insert into ${chatCounts} as c (user_id, peer_id, total, unread, last_seq)
          select v.u, v.p, sum(v.t)::int, sum(v.n)::int, max(v.s) from ins,
            lateral (values (ins.to_user_id, ins.send_user_id, 1, 1, ins.seq), (ins.send_user_id, ins.to_user_id, 1, 0, ins.seq)) as v(u, p, t, n, s)
          group by v.u, v.p order by v.u, v.p
          on conflict (user_id, peer_id) do update set total = c.total + excluded.total, unread = c.unread + excluded.unread, last_seq = greatest(c.last_seq, excluded.last_seq)
        ), told as (
          select ${event} from ins
        )
        select seq::float8 as seq, id, send_user_id, to_user_id, content_type, content,
               (extract(epoch from send_time) * 1000)::float8 as send_ms, is_read, (select count(*) from told) as told
        from ins`);
      const stored = new Map((result as unknown as { rows: RawRow[] }).rows.map((r) => [`${r.send_user_id}\u0001${r.id}`, fromRaw(r)]));
      // A device id twice in `rows`: the first is stored, the second answered null.
      return rows.map((r) => {
        const key = `${r.sendUserId}\u0001${r.id}`;
        const row = stored.get(key) ?? null;
        stored.delete(key);
        return row;
      });
    },
    /** The message a sender stored under a device id. */
    async bySender(sendUserId: string, id: string): Promise<ChatRow | null> {
      const rows = await db
        .select(fields)
        .from(chatMessages)
        .where(and(eq(chatMessages.sendUserId, sendUserId), eq(chatMessages.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The messages of these seqs (in no particular order). */
    async bySeqs(seqs: number[]): Promise<ChatRow[]> {
      if (!seqs.length) return [];
      return db.select(fields).from(chatMessages).where(inArray(chatMessages.seq, seqs));
    },
    /**
     * Marks what `fromUserId` sent `userId` read and takes them off the unread counter, in one
     * statement. Returns how many were marked.
     */
    async markRead(userId: string, fromUserId: string): Promise<number> {
      const result = await db.execute(sql`
        with marked as (
          update ${chatMessages} set is_read = true
          where to_user_id = ${userId} and send_user_id = ${fromUserId} and not is_read
          returning 1
        ), counted as (
          update ${chatCounts} set unread = greatest(unread - (select count(*) from marked), 0)
          where user_id = ${userId} and peer_id = ${fromUserId}
        )
        select count(*)::int as n from marked`);
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    },
    /** Unread messages per sender (only senders with some). */
    async unreadBySender(userId: string) {
      return db
        .select({ peerId: chatCounts.peerId, unread: chatCounts.unread })
        .from(chatCounts)
        .where(and(eq(chatCounts.userId, userId), gt(chatCounts.unread, 0)));
    },
    /** The counter of the conversation of `userId` and `peerId`: its messages and its newest seq. */
    async counter(userId: string, peerId: string) {
      const rows = await db
        .select({ total: chatCounts.total, lastSeq: chatCounts.lastSeq })
        .from(chatCounts)
        .where(and(eq(chatCounts.userId, userId), eq(chatCounts.peerId, peerId)))
        .limit(1);
      return rows[0] ?? { total: 0, lastSeq: 0 };
    },
    /** Text messages of the conversation that contain the keyword. */
    async matches(userId: string, peerId: string, keyword: string) {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(and(pairOf(userId, peerId), textMatches(keyword)));
      return rows[0]?.n ?? 0;
    },
    /**
     * One page of a conversation (pair index, seq order), with one row more than the page when a
     * cursor pages (to tell whether more remain). Rows in the order read: newest first when paging
     * backward or by number from the newest, oldest first otherwise.
     */
    async page(userId: string, peerId: string, q: PageQuery): Promise<{ rows: ChatRow[]; backward: boolean }> {
      const cursor = q.before !== undefined || q.after !== undefined;
      const backward = q.before !== undefined || (!cursor && q.sord === 'desc');
      const where = and(
        pairOf(userId, peerId),
        q.before === undefined ? undefined : lt(chatMessages.seq, q.before),
        q.after === undefined ? undefined : gt(chatMessages.seq, q.after),
        textMatches(q.keyword),
      );
      const rows = await db
        .select(fields)
        .from(chatMessages)
        .where(where)
        // All three columns of the pair index: the planner reads it in order, whatever it guesses
        // of the conversation's share of the table (by seq alone, a busy conversation can send it
        // along the primary key, filtering every other conversation's messages on the way).
        .orderBy(...[chatMessages.userLow, chatMessages.userHigh, chatMessages.seq].map((c) => (backward ? desc(c) : asc(c))))
        .limit(cursor ? q.pageSize + 1 : q.pageSize)
        .offset(cursor ? 0 : (q.currentPage - 1) * q.pageSize);
      return { rows, backward };
    },
    /**
     * A user's messages, received and sent, stored after `after`, oldest first (at most `limit`):
     * the conversations whose newest message is past `after` (the user's counters), each read in
     * order from the pair index from `after` on, merged. One query per conversation, in one
     * statement: with its pair as values the planner knows how big the conversation is (read from
     * a join, it guesses, and may read all of a big one to sort it).
     */
    async since(userId: string, after: number, limit: number): Promise<ChatRow[]> {
      const peers = await db
        .select({ peerId: chatCounts.peerId })
        .from(chatCounts)
        .where(and(eq(chatCounts.userId, userId), gt(chatCounts.lastSeq, after)));
      const parts = peers.map(({ peerId }) =>
        db
          .select(fields)
          .from(chatMessages)
          .where(and(pairOf(userId, peerId), gt(chatMessages.seq, after)))
          .orderBy(asc(chatMessages.userLow), asc(chatMessages.userHigh), asc(chatMessages.seq))
          .limit(limit),
      );
      const [first, second, ...rest] = parts;
      if (!first) return [];
      const rows = second ? await unionAll(first, second, ...rest) : await first;
      return rows.sort((a, b) => a.seq - b.seq).slice(0, limit);
    },
    /**
     * Enabled staff but `userId`, with their department's name and, for each, the conversation's
     * counter (unread from them, newest message) and that newest message.
     */
    async contacts(userId: string) {
      const dept = alias(organizes, 'dept');
      const counts = alias(chatCounts, 'counts');
      return db
        .select({
          id: users.id,
          realName: users.realName,
          account: users.account,
          headIcon: users.headIcon,
          quickQuery: users.quickQuery,
          organize: dept.fullName,
          unread: counts.unread,
          lastContentType: chatMessages.contentType,
          lastContent: chatMessages.content,
          lastSendTime: chatMessages.sendTime,
          lastSendUserId: chatMessages.sendUserId,
        })
        .from(users)
        .leftJoin(dept, eq(dept.id, users.departmentId))
        .leftJoin(counts, and(eq(counts.userId, userId), eq(counts.peerId, users.id)))
        .leftJoin(chatMessages, eq(chatMessages.seq, counts.lastSeq))
        .where(and(eq(users.enabled, true), ne(users.id, userId)))
        .orderBy(asc(users.sortCode), asc(users.account));
    },
    /** Whether a message `userId` sent or received holds this media path (who may download a chat file). */
    async holdsMedia(userId: string, path: string) {
      const rows = await db
        .select({ seq: chatMessages.seq })
        .from(chatMessages)
        .where(
          and(
            // Literal, as the partial index's predicate (a bound value would not prove it).
            sql`${chatMessages.contentType} <> 'text'`,
            sql`(${chatMessages.content} ->> 'path') = ${path}`,
            sql`(${chatMessages.sendUserId} = ${userId} or ${chatMessages.toUserId} = ${userId})`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type ChatRepo = ReturnType<typeof chatRepo>;
