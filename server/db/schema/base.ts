import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Areas managed by administrators (System → area): a lazy tree, root parent '-1'. */
export const areas = pgTable(
  'areas',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').notNull(),
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    /** Level: 1 province, 2 city, 3 district (deeper levels allowed for managed areas). */
    type: integer('type').notNull().default(1),
    description: text('description'),
    sortCode: integer('sort_code').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('areas_parent_idx').on(t.parentId, t.sortCode), uniqueIndex('areas_code_uq').on(t.enCode)],
);

/** China's administrative divisions (read-only, seeded from a maintained package): spec 3 Region. */
export const regions = pgTable(
  'regions',
  {
    id: text('id').primaryKey(),
    /** '-1' for provinces. */
    parentId: text('parent_id').notNull(),
    name: text('name').notNull(),
    grade: integer('grade').notNull(),
    leaf: boolean('leaf').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
  },
  (t) => [index('regions_parent_idx').on(t.parentId, t.grade, t.sortCode)],
);

export const dictionaryTypes = pgTable(
  'dictionary_types',
  {
    id: text('id').primaryKey(),
    /** '-1' for a top-level category. */
    parentId: text('parent_id').notNull(),
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    /** Its data form a tree (1) or a flat list (0). */
    isTree: integer('is_tree').notNull().default(0),
    description: text('description'),
    sortCode: integer('sort_code').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('dictionary_types_code_uq').on(t.enCode)],
);

export const dictionaryData = pgTable(
  'dictionary_data',
  {
    id: text('id').primaryKey(),
    dictionaryTypeId: text('dictionary_type_id').notNull(),
    /** '0' for a top-level item. */
    parentId: text('parent_id').notNull().default('0'),
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    description: text('description'),
    sortCode: integer('sort_code').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('dictionary_data_type_idx').on(t.dictionaryTypeId, t.sortCode),
    uniqueIndex('dictionary_data_code_uq').on(t.dictionaryTypeId, t.enCode),
  ],
);

/**
 * Bill-number rules: prefix + date part + zero-padded sequence. `seq` is the last number handed
 * out in period `periodKey`; one UPDATE … RETURNING moves it, so concurrent takers never share one.
 */
export const billRules = pgTable(
  'bill_rules',
  {
    id: text('id').primaryKey(),
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    prefix: text('prefix').notNull().default(''),
    /** Date part: '' (none), 'YYYY', 'YYYYMM', 'YYYYMMDD', 'YYMMDD'. */
    dateFormat: text('date_format').notNull().default(''),
    /** Width of the sequence part, zero-padded. */
    digit: integer('digit').notNull().default(4),
    startNumber: bigint('start_number', { mode: 'number' }).notNull().default(1),
    /** When the sequence starts again: 'never' | 'day' | 'month' | 'year'. */
    resetPeriod: text('reset_period').notNull().default('never'),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    periodKey: text('period_key').notNull().default(''),
    description: text('description'),
    sortCode: integer('sort_code').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('bill_rules_code_uq').on(t.enCode)],
);

/** Blocks of numbers reserved by a device for offline use (and single numbers handed out), for audit. */
export const billNumberBlocks = pgTable(
  'bill_number_blocks',
  {
    ruleId: text('rule_id').notNull(),
    periodKey: text('period_key').notNull(),
    first: bigint('first', { mode: 'number' }).notNull(),
    last: bigint('last', { mode: 'number' }).notNull(),
    userId: text('user_id').notNull(),
    deviceId: text('device_id').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.periodKey, t.first] })],
);
