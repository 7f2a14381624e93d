import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Campaign-page works (spec 3 Work, 7.9). One row per work; the document's pages and datasources
 * are jsonb (a save replaces the whole work). `version` moves with every accepted save (If-Match);
 * a delete sets `deleted_at` and keeps the row, so the server can restore it.
 */
export const h5Works = pgTable(
  'h5_works',
  {
    id: text('id').primaryKey(),
    creatorUserId: text('creator_user_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Page objects of src/contracts/h5.ts (pageSchema), in order; at least one. */
    pages: jsonb('pages').$type<unknown[]>().notNull(),
    datasources: jsonb('datasources').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    coverImageUrl: text('cover_image_url').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** PAGE_MODE of the contract: h5_swipper or h5_long_page. */
    pageMode: text('page_mode').notNull(),
    /** Shape version of the document (WORK_SCHEMA_VERSION of the client that saved it). */
    schemaVersion: integer('schema_version').notNull().default(1),
    isPublish: boolean('is_publish').notNull().default(false),
    isTemplate: boolean('is_template').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    /** My works, newest change first (deleted ones left out). */
    index('h5_works_creator_updated_idx').on(t.creatorUserId, t.updatedAt, t.id).where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * The image library of a user (background and picture images for works): one row per upload of
 * the file type `h5` (the bytes are in `files`). Removing an image from the library sets
 * `deleted_at`: works that show it keep their picture.
 */
export const h5Images = pgTable(
  'h5_images',
  {
    /** The stored file's id (the ULID of its name). */
    id: text('id').primaryKey(),
    creatorUserId: text('creator_user_id').notNull(),
    /** The stored file's name (ULID + extension), as the image URL holds it. */
    fileName: text('file_name').notNull(),
    /** The name the file was uploaded under. */
    name: text('name').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  /** My images, newest first (removed ones left out). */
  (t) => [index('h5_images_creator_created_idx').on(t.creatorUserId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`)],
);
