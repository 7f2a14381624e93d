import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea; node-postgres gives a Buffer, PGlite a Uint8Array: both come out as Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Uploaded files (spec 7.8), bytes included: every server instance on one PostgreSQL serves the
 * same files without shared disk. `name` (ULID + extension) is what URLs and `users.head_icon` hold.
 */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    /** FileType of src/contracts/files.ts, e.g. 'userAvatar'. */
    type: text('type').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    creatorUserId: text('creator_user_id').notNull(),
    /**
     * The uploader's Idempotency-Key (a ULID made on the device with the file): the same upload sent
     * again (a lost answer, a queued upload replayed) answers the file stored the first time.
     */
    uploadKey: text('upload_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_type_name_uq').on(t.type, t.name),
    index('files_creator_idx').on(t.creatorUserId, t.type),
    uniqueIndex('files_upload_key_uq').on(t.creatorUserId, t.uploadKey).where(sql`${t.uploadKey} is not null`),
  ],
);
