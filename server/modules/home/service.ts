import type { HomeSummary } from '../../../src/contracts/home';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import type { AuthServices } from '../auth/public';
import type { MessageServices } from '../message/public';
import type { HomeRepo } from './repo';

/**
 * The staff dashboard. The caller's organisation is their company (users.organizeId, or the company
 * above their department) with all its departments; all counts are real rows of that organisation.
 */
export function homeService(repo: HomeRepo, auth: Pick<AuthServices, 'previousLogin'>, messages: Pick<MessageServices, 'unreadCounts'>) {
  let todoApprovals: (userId: string) => Promise<number> = async () => 0;
  return {
    /** The approvals waiting for a user are counted by `count` (workflow's, registered through homeFigures). */
    countTodoApprovals(count: (userId: string) => Promise<number>) {
      todoApprovals = count;
    },
    async summary(session: AuthContext): Promise<HomeSummary> {
      const user = await repo.user(session.userId);
      if (!user) throw notFound();
      const start = user.organizeId ?? user.departmentId;
      const companyId = start ? await repo.companyOf(start) : null;
      const [staffInOrganize, departmentsInOrganize, onlineSessions, prev, unread, todos] = await Promise.all([
        companyId ? repo.staffCount(companyId) : 0,
        companyId ? repo.departmentCount(companyId) : 0,
        companyId ? repo.onlineSessionCount(companyId) : 0,
        auth.previousLogin(user.id, session.loginLogId),
        messages.unreadCounts(user.id),
        todoApprovals(user.id),
      ]);
      return {
        unreadNotices: unread.unreadNoticeCount,
        unreadMessages: unread.unreadMessageCount,
        todoApprovals: todos,
        staffInOrganize,
        departmentsInOrganize,
        onlineSessions,
        lastLoginTime: prev ? prev.createdAt.toISOString() : null,
      };
    },
  };
}
export type HomeService = ReturnType<typeof homeService>;
