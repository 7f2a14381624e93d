import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Notices (type 1, drafted and released by staff with the notice permission) and system messages
 * (other types, written by the server for events of other modules). One row per message.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    /** The title lower-cased, for keyword search: one plain LIKE per row instead of an ILIKE (several times faster). */
    searchTitle: text('search_title').generatedAlwaysAs(sql`lower("title")`),
    /** Sanitized HTML (notices) or JSON with a `type` (workflow messages). */
    bodyText: text('body_text').notNull().default(''),
    /** Author of a notice; null for a system message. */
    creatorUserId: text('creator_user_id'),
    /** Recipients a notice names; empty: every enabled user at release. */
    toUserIds: text('to_user_ids').array().notNull().default(sql`'{}'::text[]`),
    /** 0 draft, 1 released (system messages are released when written). */
    enabledMark: integer('enabled_mark').notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('messages_type_created_idx').on(t.type, t.createdAt)],
);

/**
 * A message as one user received it: written at release (notices) or when the server sends it
 * (system messages). Type and time are copied here so a user's list, filter and unread counts read
 * one index without the messages table.
 */
export const messageReceipts = pgTable(
  'message_receipts',
  {
    userId: text('user_id').notNull(),
    messageId: text('message_id').notNull(),
    type: integer('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    /** A user's list, newest first. */
    index('message_receipts_user_time_idx').on(t.userId, t.receivedAt, t.messageId),
    /** Unread counts per type. */
    index('message_receipts_unread_idx').on(t.userId, t.type).where(sql`not ${t.isRead}`),
    /** Read statistics and deletion of a notice. */
    index('message_receipts_message_idx').on(t.messageId),
  ],
);

/**
 * A user's receipts counted by type: how many, how many unread, and a version that moves on every
 * change to them. Kept by statement triggers on message_receipts (migration 0005), so the list's
 * total and the unread badges are one primary-key read however many messages a user has.
 */
export const messageCounts = pgTable(
  'message_counts',
  {
    userId: text('user_id').notNull(),
    type: integer('type').notNull(),
    total: integer('total').notNull().default(0),
    unread: integer('unread').notNull().default(0),
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** Running server instances (heartbeat): presence rows of an instance that stopped beating are ignored. */
export const realtimeInstances = pgTable('realtime_instances', {
  id: text('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Open websocket connections, on every instance: who is online (initMessage onlineUsers). */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    connectionId: text('connection_id').primaryKey(),
    instanceId: text('instance_id').notNull(),
    userId: text('user_id').notNull(),
    sessionId: text('session_id').notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_presence_instance_idx').on(t.instanceId), index('realtime_presence_user_idx').on(t.userId)],
);
