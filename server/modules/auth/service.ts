import type { CurrentUser, LoginBody, LockScreenBody, LoginResult, PermissionEntry, UserInfo } from '../../../src/contracts/auth';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MINUTES,
} from '../../../src/contracts/limits';
import type { MenuItem, MenuTypeValue, LinkTarget } from '../../../src/contracts/menu';
import { parseSubAccount } from '../../../src/contracts/validation';
import type { AuthContext } from '../../plugins/auth';
import { badRequest, tooManyAttempts } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { newToken, tokenHash, verifyPassword } from '../../lib/passwords';
import type { AuthRepo } from './repo';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** A readable place for an address; no geo database is shipped, so only the network kind is named. */
export function addressName(ip: string): string {
  const v4 = ip.replace(/^::ffff:/, '');
  if (v4 === '127.0.0.1' || v4 === '::1' || v4.startsWith('127.')) return '本机';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|fc|fd|fe80)/i.test(v4)) return '内网';
  return '未知';
}

type ModuleRow = Awaited<ReturnType<AuthRepo['grants']>>['modules'][number];

/** Builds the menu tree; directories left without children are dropped (no menu to nowhere). */
export function buildMenuTree(rows: ModuleRow[]): MenuItem[] {
  const items = new Map<string, MenuItem>();
  for (const r of rows) {
    items.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      enCode: r.enCode,
      fullName: r.fullName,
      icon: r.icon,
      type: r.type as MenuTypeValue,
      urlAddress: r.urlAddress,
      linkTarget: (r.linkTarget as LinkTarget | null) ?? null,
      propertyJson: { ...r.propertyJson, moduleId: (r.propertyJson.moduleId as string | undefined) ?? r.id },
      hasChildren: false,
      children: [],
      sortCode: r.sortCode,
    });
  }
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    const parent = item.parentId ? items.get(item.parentId) : undefined;
    if (parent) parent.children.push(item);
    else if (!item.parentId) roots.push(item);
  }
  const finish = (list: MenuItem[]): MenuItem[] =>
    list
      .sort((a, b) => a.sortCode - b.sortCode || a.enCode.localeCompare(b.enCode))
      .map((m) => {
        m.children = finish(m.children);
        m.hasChildren = m.children.length > 0;
        return m;
      })
      .filter((m) => m.type !== 1 || m.hasChildren);
  return finish(roots);
}

export function authService(repo: AuthRepo, opts: { tokenTtlMs: number }) {
  async function throttle(account: string, ip: string) {
    const since = new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000);
    const [byAccount, byIp] = await Promise.all([
      repo.countRecentFailures('account', account, since),
      repo.countRecentFailures('ip', ip, since),
    ]);
    if (byAccount >= LOGIN_MAX_FAILURES_PER_ACCOUNT || byIp >= LOGIN_MAX_FAILURES_PER_ADDRESS) {
      throw tooManyAttempts(LOGIN_WINDOW_MINUTES);
    }
  }

  /** Checks account and password; records the attempt; throws the documented errors. */
  async function checkCredentials(body: { account: string; password: string }, client: ClientInfo, platform: string) {
    const account = body.account.trim();
    const sub = parseSubAccount(account);
    // mobile@account counts against the same account as the plain form.
    await throttle(sub ? sub.account : account, client.ip);
    const user = sub ? await repo.findUserByMobileAndAccount(sub.mobile, sub.account) : await repo.findUserByAccount(account);
    const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? null);
    const log = {
      id: newId(),
      userId: user?.id ?? null,
      account: sub ? sub.account : account,
      ipAddress: client.ip,
      ipAddressName: addressName(client.ip),
      platform,
      userAgent: client.userAgent.slice(0, 300),
    };
    if (!user || !passwordOk) {
      await repo.insertLoginLog({ ...log, success: false, abstracts: '账户或密码错误' });
      throw badRequest('账户或密码错误');
    }
    if (!user.enabled) {
      await repo.insertLoginLog({ ...log, success: false, abstracts: '账户已被禁用，请联系管理员' });
      throw badRequest('账户已被禁用，请联系管理员');
    }
    await repo.insertLoginLog({ ...log, success: true, abstracts: platform === 'unlock' ? '解锁成功' : '登录成功' });
    return { user, logId: log.id };
  }

  return {
    async login(body: LoginBody, client: ClientInfo): Promise<LoginResult> {
      const { user, logId } = await checkCredentials(body, client, body.platform ?? 'web');
      const token = newToken();
      await repo.insertSession({
        id: newId(),
        userId: user.id,
        tokenHash: tokenHash(token),
        expiresAt: new Date(Date.now() + opts.tokenTtlMs),
        ipAddress: client.ip,
        userAgent: client.userAgent.slice(0, 300),
        loginLogId: logId,
      });
      return { token, theme: user.theme };
    },

    /** Unlock check (spec 4 Screen lock): credentials must be right and, with a session, its own. */
    async unlock(body: LockScreenBody, client: ClientInfo, session: AuthContext | null): Promise<void> {
      if (session && session.account !== body.account.trim()) {
        throw badRequest('账户与当前登录用户不一致');
      }
      await checkCredentials(body, client, 'unlock');
    },

    async logout(session: AuthContext): Promise<void> {
      await repo.revokeSession(session.sessionId);
    },

    async currentUser(session: AuthContext): Promise<CurrentUser> {
      const user = await repo.findUser(session.userId);
      if (!user) throw badRequest('请求的资源不存在');
      const [names, roleRows, prev] = await Promise.all([
        repo.orgNames(user),
        repo.rolesOf(user.id),
        repo.previousLogin(user.id, session.loginLogId),
      ]);
      const grants = await repo.grants(
        roleRows.map((r) => r.id),
        user.isAdministrator,
      );
      const permissionList: PermissionEntry[] = grants.modules
        .map((m) => ({
          modelId: m.id,
          moduleName: m.fullName,
          column: grants.columns.filter((c) => c.moduleId === m.id).map((c) => ({ enCode: c.enCode, fullName: c.fullName })),
          button: grants.buttons.filter((b) => b.moduleId === m.id).map((b) => ({ enCode: b.enCode, fullName: b.fullName })),
        }))
        .filter((p) => p.column.length || p.button.length);
      const userInfo: UserInfo = {
        userId: user.id,
        userAccount: user.account,
        userName: user.realName,
        headIcon: user.headIcon,
        portalId: user.portalId,
        theme: user.theme,
        language: user.language,
        ...names,
        roleName: roleRows.map((r) => r.fullName).join(','),
        isAdministrator: user.isAdministrator,
        prevLogin: prev ? 1 : 0,
        prevLoginTime: prev ? prev.createdAt.toISOString() : null,
        prevLoginIPAddress: prev?.ipAddress ?? null,
        prevLoginIPAddressName: prev?.ipAddressName ?? null,
      };
      return { menuList: buildMenuTree(grants.modules), userInfo, permissionList };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
