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
  return {
    async summary(session: AuthContext): Promise<HomeSummary> {
      const user = await repo.user(session.userId);
      if (!user) throw notFound();
      const start = user.organizeId ?? user.departmentId;
      const companyId = start ? await repo.companyOf(start) : null;
      const [staffInOrganize, departmentsInOrganize, onlineSessions, prev, unread] = await Promise.all([
        companyId ? repo.staffCount(companyId) : 0,
        companyId ? repo.departmentCount(companyId) : 0,
        companyId ? repo.onlineSessionCount(companyId) : 0,
        auth.previousLogin(user.id, session.loginLogId),
        messages.unreadCounts(user.id),
      ]);
      return {
        unreadNotices: unread.unreadNoticeCount,
        unreadMessages: unread.unreadMessageCount,
        // Workflow is not built yet: its module (a later issue) fills the approvals waiting for the caller.
        todoApprovals: 0,
        staffInOrganize,
        departmentsInOrganize,
        onlineSessions,
        lastLoginTime: prev ? prev.createdAt.toISOString() : null,
      };
    },
  };
}
export type HomeService = ReturnType<typeof homeService>;
