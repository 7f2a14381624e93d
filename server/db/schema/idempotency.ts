import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per (user, Idempotency-Key) of a write that succeeded: written in the same transaction
 * as the write's effect, so a repeat finds either nothing (the write did not happen) or the stored
 * answer (it did). The primary key is the unique constraint concurrent duplicates meet. Rows older
 * than a week are purged (server/plugins/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    /** A ULID (26 characters, Crockford base32), upper-cased. */
    key: text('key').notNull(),
    method: text('method').notNull(),
    /** Path and query of the request, without the client's cache-busting `n` parameter. */
    url: text('url').notNull(),
    /** HTTP status of the stored answer; 0 only inside the claiming transaction. */
    status: integer('status').notNull(),
    /** The answer's JSON body (the envelope), replayed as it was. */
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
