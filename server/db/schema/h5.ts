import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** How many times the work was published: the number of its newest snapshot (0: never). */
    publishCount: integer('publish_count').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    /** My works, newest change first (deleted ones left out). */
    index('h5_works_creator_updated_idx').on(t.creatorUserId, t.updatedAt, t.id).where(sql`${t.deletedAt} is null`),
    /** The template centre, newest change first. */
    index('h5_works_template_idx').on(t.updatedAt, t.id).where(sql`${t.isTemplate} and ${t.deletedAt} is null`),
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

/**
 * Published snapshots of works (issue 19): one immutable row per publish, numbered 1, 2, 3 … per
 * work (`h5_works.publish_count` is the newest). `work` is the Work as saved when published, its
 * rich text sanitized. The public page serves the newest while the work is published.
 */
export const h5WorkSnapshots = pgTable(
  'h5_work_snapshots',
  {
    workId: text('work_id').notNull(),
    version: integer('version').notNull(),
    work: jsonb('work').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workId, t.version] })],
);

/**
 * Form submissions of published pages: anonymous, one row per `submission_id` (made by the
 * visitor's browser, so a resend from its offline queue is stored once). `fields`: answers by
 * element uuid.
 */
export const h5FormSubmissions = pgTable(
  'h5_form_submissions',
  {
    id: text('id').primaryKey(),
    workId: text('work_id').notNull(),
    submissionId: text('submission_id').notNull(),
    /** The published version that was filled in. */
    version: integer('version').notNull(),
    fields: jsonb('fields').$type<Record<string, string | string[]>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('h5_form_submissions_once_uq').on(t.workId, t.submissionId), index('h5_form_submissions_work_idx').on(t.workId, t.createdAt, t.id)],
);

/** Page views and visitors of a published work per day (Asia/Shanghai), added to in batches. */
export const h5WorkStats = pgTable(
  'h5_work_stats',
  {
    workId: text('work_id').notNull(),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workId, t.day] })],
);

/**
 * Who visited a work on a day: the hash of the visitor id the page sends (never the id itself),
 * one row per visitor and day, so `visitors` counts each once a day and the total counts distinct
 * hashes. Rows grow with distinct visitors, not with views.
 */
export const h5WorkVisitors = pgTable(
  'h5_work_visitors',
  {
    workId: text('work_id').notNull(),
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workId, t.day, t.visitorHash] })],
);
