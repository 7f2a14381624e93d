import { index, integer, jsonb, pgTable, primaryKey, text, boolean, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Menu entries ("modules" in the permission model): spec 3 Menu item. */
export const modules = pgTable(
  'modules',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    enCode: text('en_code').notNull().unique(),
    fullName: text('full_name').notNull(),
    icon: text('icon').notNull().default(''),
    type: integer('type').notNull(),
    urlAddress: text('url_address').notNull().default(''),
    linkTarget: text('link_target'),
    propertyJson: jsonb('property_json').$type<Record<string, unknown>>().notNull().default({}),
    sortCode: integer('sort_code').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('modules_parent_idx').on(t.parentId)],
);

/** Button and column controls of a module (spec 6 page controls). */
export const moduleButtons = pgTable(
  'module_buttons',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id').notNull(),
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
  },
  (t) => [uniqueIndex('module_buttons_uq').on(t.moduleId, t.enCode)],
);

export const moduleColumns = pgTable(
  'module_columns',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id').notNull(),
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
  },
  (t) => [uniqueIndex('module_columns_uq').on(t.moduleId, t.enCode)],
);

/** What a role may see: itemType 'module' | 'button' | 'column'. */
export const roleAuthorize = pgTable(
  'role_authorize',
  {
    roleId: text('role_id').notNull(),
    itemType: text('item_type').notNull(),
    itemId: text('item_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.itemType, t.itemId] })],
);

/** Data migrations (seed steps) applied to this database, so each runs once. */
export const dataMigrations = pgTable('data_migrations', {
  id: text('id').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
