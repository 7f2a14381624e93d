import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ModelDefinition } from '../../../src/contracts/online-dev-model';

/**
 * Online development (issue 20). A model's draft (what the designer saves) and its published
 * definition (what users get: Config, and what every record write is checked against) are jsonb.
 * `version` moves with every save of the draft (If-Match); `published_version` with every publish.
 * `indexes` names the per-model partial indexes the last publish built on online_records
 * (docs/online-dev-storage.md).
 */
export const onlineModels = pgTable('online_models', {
  id: text('id').primaryKey(),
  enCode: text('en_code').notNull().unique(),
  fullName: text('full_name').notNull(),
  category: text('category').notNull().default('other'),
  description: text('description'),
  draft: jsonb('draft').$type<ModelDefinition>().notNull(),
  config: jsonb('config').$type<ModelDefinition>(),
  publishedVersion: integer('published_version').notNull().default(0),
  /** The menu entry users reach the model from (type 3), once published. */
  menuId: text('menu_id'),
  indexes: jsonb('indexes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** The list's equality filters whose values online_record_counts keeps a count of (record-query.ts tally). */
  countedFields: text('counted_fields').array().notNull().default(sql`'{}'::text[]`),
  creatorUserId: text('creator_user_id'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
});

/**
 * The records of every model, one table (docs/online-dev-storage.md: JSONB in one table with
 * per-model partial indexes). `data` holds one property per value field (system fields included);
 * a field removed from the model keeps its values here. `search_text` is the model's keyword
 * fields lower-cased and joined; `search_grams` every character and character pair of it, so a
 * contains search of any length is one GIN lookup (no extension, PGlite too).
 */
export const onlineRecords = pgTable(
  'online_records',
  {
    modelId: text('model_id').notNull(),
    id: text('id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    searchText: text('search_text').notNull().default(''),
    searchGrams: text('search_grams').array().notNull().default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(1),
    creatorUserId: text('creator_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifyUserId: text('last_modify_user_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /** The creator's company and department when the record was made (data scopes). */
    organizeId: text('organize_id'),
    departmentId: text('department_id'),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.id] }),
    index('online_records_time_idx').on(t.modelId, t.createdAt.desc(), t.id.desc()),
    // The data scopes (本部门, 本公司, 本人): a list in one reads its records, newest first, and counts them from these.
    index('online_records_department_idx').on(t.modelId, t.departmentId, t.createdAt.desc(), t.id.desc()),
    index('online_records_organize_idx').on(t.modelId, t.organizeId, t.createdAt.desc(), t.id.desc()),
    index('online_records_creator_idx').on(t.modelId, t.creatorUserId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * How many records of a model each creator made in each company and department — in all (`field`
 * and `value` ''), and per value of each of the model's counted fields (online_models
 * .counted_fields: the list's equality filters and its tree). Kept by statement triggers on
 * online_records (migration 0011), so a list's total with no search, or with one such filter or a
 * node of the tree, is a sum over a few rows instead of a count over every record, in any data
 * scope. '' stands for no company or department (the key has no nulls).
 */
export const onlineRecordCounts = pgTable(
  'online_record_counts',
  {
    modelId: text('model_id').notNull(),
    field: text('field').notNull().default(''),
    value: text('value').notNull().default(''),
    creatorUserId: text('creator_user_id').notNull(),
    departmentId: text('department_id').notNull().default(''),
    organizeId: text('organize_id').notNull().default(''),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'online_record_counts_pk', columns: [t.modelId, t.field, t.value, t.creatorUserId, t.departmentId, t.organizeId] })],
);

/** Stored files a record refers to (upload fields): who may download them (the model's grant). */
export const onlineRecordFiles = pgTable(
  'online_record_files',
  {
    fileName: text('file_name').notNull(),
    modelId: text('model_id').notNull(),
    recordId: text('record_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileName, t.modelId, t.recordId] }), index('online_record_files_record_idx').on(t.modelId, t.recordId)],
);

/**
 * Data interfaces (spec 7.7 DataInterface): what a report or a dynamic option list reads. `kind`
 * 'static' answers `config.rows`; 'modelAggregate' groups a model's records (by fields and/or a time
 * bucket) and counts or sums them. `display` is how a report shows it (chart and table).
 */
export const dataInterfaces = pgTable('data_interfaces', {
  id: text('id').primaryKey(),
  enCode: text('en_code').notNull().unique(),
  fullName: text('full_name').notNull(),
  kind: text('kind').notNull(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  display: jsonb('display').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
