import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    account: text('account').notNull().unique(),
    realName: text('real_name').notNull(),
    /** Pinyin initials of realName (spec 3 User quickQuery), for keyword search. */
    quickQuery: text('quick_query').notNull().default(''),
    /** scrypt$N$r$p$salt$hash of the client-side SHA-256 of the password. */
    passwordHash: text('password_hash').notNull(),
    headIcon: text('head_icon').notNull().default('001.svg'),
    gender: text('gender'),
    mobilePhone: text('mobile_phone'),
    email: text('email'),
    signature: text('signature'),
    description: text('description'),
    organizeId: text('organize_id'),
    departmentId: text('department_id'),
    positionId: text('position_id'),
    managerId: text('manager_id'),
    portalId: text('portal_id').notNull().default(''),
    theme: text('theme').notNull().default('classic'),
    language: text('language').notNull().default('zh-CN'),
    isAdministrator: boolean('is_administrator').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    entryDate: timestamp('entry_date', { withTimezone: true }),
    /** Order in the admin user list (spec 7.5 Users form). */
    sortCode: integer('sort_code').notNull().default(0),
    /**
     * What the admin list's keyword matches (account, realName, quickQuery, mobilePhone), lower-cased
     * and joined by chr(1): one plain LIKE per row instead of four ILIKEs (several times faster; no
     * pg_trgm on PGlite).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("account" || chr(1) || "real_name" || chr(1) || "quick_query" || chr(1) || coalesce("mobile_phone", ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('users_department_idx').on(t.departmentId),
    index('users_manager_idx').on(t.managerId),
    index('users_organize_idx').on(t.organizeId),
    /** The admin list's order: a page without a keyword reads 20 index entries, not the table. */
    index('users_sort_idx').on(t.sortCode, t.account),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id').notNull(),
    roleId: text('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Opaque bearer tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** The login log row this session was created by, to find the login before it. */
    loginLogId: text('login_log_id'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every sign-in attempt; failures in a window throttle further attempts (per account and address). */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id'),
    account: text('account').notNull(),
    ipAddress: text('ip_address').notNull(),
    ipAddressName: text('ip_address_name').notNull(),
    platform: text('platform').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    success: boolean('success').notNull(),
    abstracts: text('abstracts').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_logs_account_idx').on(t.account, t.createdAt),
    index('login_logs_ip_idx').on(t.ipAddress, t.createdAt),
    index('login_logs_user_idx').on(t.userId, t.createdAt),
  ],
);
