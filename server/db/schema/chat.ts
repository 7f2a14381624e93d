import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * jsonb holding any JSON value. Both drivers (pg, PGlite) parse jsonb already; drizzle's own jsonb
 * would parse a string value once more (the text "123" would come back as the number 123).
 */
const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});

/**
 * One-to-one staff chat (spec 3 Chat message). One row per message. `id` is the sending device's
 * ULID, unique per sender (a message sent twice is stored once); `seq` is the server's order of
 * storage, the cursor of history pages and of the catch-up. The pair columns hold the two users of
 * the conversation whoever sent, so one index pages a conversation newest first.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: text('id').notNull(),
    sendUserId: text('send_user_id').notNull(),
    toUserId: text('to_user_id').notNull(),
    /** The smaller and the greater of the two user ids: the conversation's key. */
    userLow: text('user_low')
      .notNull()
      .generatedAlwaysAs(sql`least("send_user_id", "to_user_id")`),
    userHigh: text('user_high')
      .notNull()
      .generatedAlwaysAs(sql`greatest("send_user_id", "to_user_id")`),
    /** ChatContentType: text, image, voice, video. */
    contentType: text('content_type').notNull(),
    /** A JSON string (text, emoji as bracketed alt texts) or the media object (path, width, height, base64). */
    content: jsonValue('content').notNull(),
    /**
     * A text message lower-cased, for keyword search (null for other types): one plain LIKE per row
     * instead of taking the text out of the JSON and lowering it each time (about 4 times faster).
     */
    searchText: text('search_text').generatedAlwaysAs(sql`case when "content_type" = 'text' then lower("content" #>> '{}') end`),
    sendTime: timestamp('send_time', { withTimezone: true }).notNull().defaultNow(),
    /** Read by the recipient. */
    isRead: boolean('is_read').notNull().default(false),
  },
  (t) => [
    /** Idempotency: a device id is used once per sender. */
    uniqueIndex('chat_messages_sender_id_uq').on(t.sendUserId, t.id),
    /**
     * One conversation's pages, newest first (and its cursors); also the catch-up, conversation by
     * conversation (those whose chat_counts.last_seq is past the cursor).
     */
    index('chat_messages_pair_seq_idx').on(t.userLow, t.userHigh, t.seq),
    /** Marking one sender's messages read: only the unread ones are in it. */
    index('chat_messages_unread_idx').on(t.toUserId, t.sendUserId).where(sql`not ${t.isRead}`),
    /** Who may download a chat file: the messages that reference its path. */
    index('chat_messages_media_idx').using('btree', sql`(${t.content} ->> 'path')`).where(sql`${t.contentType} <> 'text'`),
  ],
);

/**
 * Per user and conversation partner: messages of the conversation, those the partner sent the
 * user and the user has not read, and the newest message's seq. Two rows per conversation (one
 * per side), written in the transaction of each message and of each read mark, so the drawer's
 * unread counts, a conversation's total and its last message are one primary-key read at any volume.
 */
export const chatCounts = pgTable(
  'chat_counts',
  {
    userId: text('user_id').notNull(),
    peerId: text('peer_id').notNull(),
    total: integer('total').notNull().default(0),
    unread: integer('unread').notNull().default(0),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.peerId] })],
);
