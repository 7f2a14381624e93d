import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Companies and departments form one tree (category tells which). */
export const organizes = pgTable(
  'organizes',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    category: text('category').notNull(), // 'company' | 'department'
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    /** The department head (a user id), shown in lists. */
    managerId: text('manager_id'),
    description: text('description'),
    sortCode: integer('sort_code').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('organizes_parent_idx').on(t.parentId), uniqueIndex('organizes_code_uq').on(t.enCode)],
);

export const positions = pgTable(
  'positions',
  {
    id: text('id').primaryKey(),
    /** The department (or company) the position belongs to. */
    organizeId: text('organize_id').notNull(),
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    /** Dictionary code of the position type (postType), free text when the dictionary has none. */
    type: text('type'),
    description: text('description'),
    sortCode: integer('sort_code').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('positions_organize_idx').on(t.organizeId), uniqueIndex('positions_code_uq').on(t.enCode)],
);

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  enCode: text('en_code').notNull().unique(),
  fullName: text('full_name').notNull(),
  /**
   * Rows of the directory the role's holders may see (spec 6 data permission):
   * 'all' | 'company' | 'departmentAndBelow' | 'department' | 'self'. Several roles: the widest wins.
   */
  dataScope: text('data_scope').notNull().default('all'),
  description: text('description'),
  sortCode: integer('sort_code').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});
