import { z } from 'zod';

export { homePaths } from './home-paths';

const count = z.number().int().nonnegative();

/**
 * GET /api/home/summary: the figures of the staff dashboard on /home. Every number is counted by
 * the server; a module that is not built yet answers 0, never an invented figure.
 */
export const homeSummarySchema = z.object({
  /** Unread notices (公告) of the caller. */
  unreadNotices: count,
  /** Unread messages of the caller. */
  unreadMessages: count,
  /** Approvals waiting for the caller (待办审批). */
  todoApprovals: count,
  /** Enabled staff of the caller's organisation: the company and its departments. */
  staffInOrganize: count,
  /** Enabled departments of the caller's company (nested ones included, sub-companies not). */
  departmentsInOrganize: count,
  /** Sessions of the organisation's staff that are neither expired nor revoked. */
  onlineSessions: count,
  /** ISO time of the caller's sign-in before the current one; null on the first sign-in. */
  lastLoginTime: z.string().nullable(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;
