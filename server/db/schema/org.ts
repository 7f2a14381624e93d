import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Companies and departments form one tree (category tells which). */
export const organizes = pgTable(
  'organizes',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    category: text('category').notNull(), // 'company' | 'department'
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('organizes_parent_idx').on(t.parentId)],
);

export const positions = pgTable('positions', {
  id: text('id').primaryKey(),
  organizeId: text('organize_id').notNull(),
  enCode: text('en_code').notNull(),
  fullName: text('full_name').notNull(),
  sortCode: integer('sort_code').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  enCode: text('en_code').notNull().unique(),
  fullName: text('full_name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});
