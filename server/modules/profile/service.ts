import type {
  AuthorizeSummary,
  BaseInfo,
  BaseInfoUpdate,
  LoginLogEntry,
  ModifyPasswordBody,
  PageResult,
  SubordinateEntry,
} from '../../../src/contracts/auth';
import { hashPassword } from '../../../src/contracts/password';
import { isBuiltInAvatar } from '../../../src/contracts/files';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { storePassword, verifyPassword } from '../../lib/passwords';
import type { AuthContext } from '../../plugins/auth';
import type { AuthServices } from '../auth/public';
import type { FileServices } from '../file/public';
import type { ProfileRepo } from './repo';

/** The signed-in user's own data (spec 7.3); sessions and grants come from auth, upload owners from file. */
export function profileService(repo: ProfileRepo, auth: Pick<AuthServices, 'revokeOtherSessions' | 'rolesOf' | 'grants'>, files: FileServices) {
  async function me(session: AuthContext) {
    const user = await repo.user(session.userId);
    if (!user) throw notFound();
    return user;
  }
  async function baseInfo(session: AuthContext): Promise<BaseInfo> {
    const row = await repo.userWithNames(session.userId);
    if (!row) throw notFound();
    return toBaseInfo(row);
  }
  function toBaseInfo(row: NonNullable<Awaited<ReturnType<ProfileRepo['userWithNames']>>>): BaseInfo {
    const { user } = row;
    return {
      id: user.id,
      account: user.account,
      realName: user.realName,
      gender: user.gender,
      mobilePhone: user.mobilePhone,
      email: user.email,
      signature: user.signature,
      description: user.description,
      headIcon: user.headIcon,
      organizeName: row.organizeName ?? '',
      departmentName: row.departmentName ?? '',
      positionName: row.positionName ?? '',
      roleName: row.roleName ?? '',
      managerName: row.managerName ?? null,
      entryDate: user.entryDate?.toISOString() ?? null,
      creatorTime: user.createdAt.toISOString(),
      version: user.version,
    };
  }
  return {
    baseInfo,
    /**
     * Saves the fields. With `baseVersion` (If-Match) the row must still be at that version,
     * else 409 with the current BaseInfo and nothing changed. Answers the saved BaseInfo.
     */
    async updateBaseInfo(session: AuthContext, body: BaseInfoUpdate, baseVersion?: number): Promise<BaseInfo> {
      // The saved row comes back from the update itself: no second read.
      const saved = await repo.updateWithNames(
        session.userId,
        {
          realName: body.realName,
          gender: body.gender ?? null,
          mobilePhone: body.mobilePhone || null,
          email: body.email || null,
          signature: body.signature ?? null,
          description: body.description ?? null,
        },
        baseVersion,
      );
      if (!saved) throw conflict(await baseInfo(session));
      return toBaseInfo(saved);
    },
    /** A built-in avatar, or an image this user uploaded as userAvatar (the schema checked the form). */
    async setAvatar(session: AuthContext, name: string): Promise<BaseInfo> {
      if (!isBuiltInAvatar(name)) {
        const creator = await files.creatorOf('userAvatar', name);
        if (!creator) throw badRequest('头像名称不正确');
        if (creator !== session.userId) throw forbidden('只能使用本人上传的头像');
      }
      const saved = await repo.updateWithNames(session.userId, { headIcon: name });
      if (!saved) throw notFound();
      return toBaseInfo(saved);
    },
    async modifyPassword(session: AuthContext, body: ModifyPasswordBody) {
      const user = await me(session);
      if (!(await verifyPassword(body.oldPassword, user.passwordHash))) throw badRequest('原密码错误');
      const wire = hashPassword(body.password);
      if (wire === body.oldPassword) throw badRequest('新密码不能与原密码相同');
      await repo.update(user.id, { passwordHash: await storePassword(wire) });
      // Other devices signed in with the old password are signed out.
      await auth.revokeOtherSessions(user.id, session.sessionId);
    },
    async setTheme(session: AuthContext, theme: string) {
      await repo.update(session.userId, { theme });
    },
    async setLanguage(session: AuthContext, language: string) {
      await repo.update(session.userId, { language });
    },
    async loginLog(session: AuthContext, page: number, pageSize: number): Promise<PageResult<LoginLogEntry>> {
      const { rows, total } = await repo.loginLogs(session.userId, page, pageSize);
      return {
        list: rows.map((r) => ({
          id: r.id,
          loginTime: r.createdAt.toISOString(),
          ipAddress: r.ipAddress,
          ipAddressName: r.ipAddressName,
          platform: r.platform,
          success: r.success,
          abstracts: r.abstracts,
        })),
        pagination: { currentPage: page, pageSize, total },
      };
    },
    async subordinates(session: AuthContext): Promise<SubordinateEntry[]> {
      const rows = await repo.subordinates(session.userId);
      const names = await repo.orgNames(rows.flatMap((r) => [r.departmentId ?? '', r.positionId ?? '']));
      return rows.map((r) => ({
        id: r.id,
        realName: r.realName,
        account: r.account,
        headIcon: r.headIcon,
        departmentName: names.get(r.departmentId ?? '') ?? '',
        positionName: names.get(r.positionId ?? '') ?? '',
      }));
    },
    async authorize(session: AuthContext): Promise<AuthorizeSummary> {
      const user = await me(session);
      const roleRows = await auth.rolesOf(user.id);
      const grants = await auth.grants(
        roleRows.map((r) => r.id),
        user.isAdministrator,
      );
      return {
        roles: roleRows.map((r) => ({ id: r.id, fullName: r.fullName })),
        modules: grants.modules.map((m) => ({ id: m.id, fullName: m.fullName, enCode: m.enCode, type: m.type })),
        buttons: grants.buttons.map((b) => ({ moduleId: b.moduleId, enCode: b.enCode, fullName: b.fullName })),
        columns: grants.columns.map((c) => ({ moduleId: c.moduleId, enCode: c.enCode, fullName: c.fullName })),
      };
    },
  };
}
export type ProfileService = ReturnType<typeof profileService>;
