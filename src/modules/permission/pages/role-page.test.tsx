import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider, Dialog } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { AuthorityData, RoleRow } from '@/contracts/org';

/** Server-rendered markup of the screens (the unit project has no DOM): what they show for a given state. */

const role = (id: string, fullName: string, enCode: string, extra: Partial<RoleRow> = {}): RoleRow => ({
  id,
  fullName,
  enCode,
  dataScope: 'self',
  description: null,
  sortCode: 0,
  enabledMark: 1,
  userCount: 0,
  creatorTime: '2024-01-01T00:00:00.000Z',
  version: 3,
  ...extra,
});
const rows = [role('01J00000000000000000000002', '导购', 'guide'), role('01J00000000000000000000003', '管理员', 'admin', { dataScope: 'all', userCount: 2 })];

const allowed = { buttons: new Set(['btn_add', 'btn_edit', 'btn_remove', 'btn_authorize']), columns: new Set(['fullName', 'enCode', 'dataScope', 'userCount', 'enabledMark', 'creatorTime']) };
vi.mock('@/modules/auth/public', () => ({
  usePagePermission: () => ({ modelId: 'm', button: (c: string) => allowed.buttons.has(c), column: (c: string) => allowed.columns.has(c) }),
  IfButton: ({ code, children }: { code: string; children: ReactNode }) => (allowed.buttons.has(code) ? children : null),
}));
// The pages keep their query in the URL: rendered here without a router, on the default query.
vi.mock('@tanstack/react-router', async (orig) => ({ ...(await orig<typeof import('@tanstack/react-router')>()), useSearch: () => ({}), useNavigate: () => () => Promise.resolve() }));
vi.mock('../list-hooks', () => ({
  useRoleList: () => ({ rows, total: 2, pending: new Set([rows[0]!.id]), loading: false, fromCache: true, fetchedAt: Date.parse('2024-05-06T07:08:00'), error: null, refetch: () => {} }),
}));
vi.mock('../store', async (orig) => ({
  ...(await orig<typeof import('../store')>()),
  usePendingGrants: () => new Set([rows[1]!.id]),
}));

const { system } = await import('@/app/system');
const { network } = await import('@/lib/network');
// The kept copies below are shown because the device is offline.
beforeEach(() => {
  network.online = false;
});
afterEach(() => {
  network.online = true;
});
const { RolePage } = await import('./role-page');
const { GrantEditor } = await import('../components/authorize-dialog');

const render = (el: ReactNode) =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>{el}</ChakraProvider>
    </I18nProvider>,
  );

describe('role page', () => {
  it('lists roles with their data scope in words, marks waiting writes and says when the list is a kept copy', () => {
    const html = render(<RolePage />);
    expect(html).toContain('导购');
    expect(html).toContain('仅本人');
    expect(html).toContain('全部数据');
    expect(html).toContain('待同步');
    expect(html).toContain('授权待同步');
    expect(html).toContain('离线：显示的是 2024-05-06 07:08 的数据');
    expect(html).toContain('新建角色');
    expect(html).toContain('data-testid="list-pagination"');
  });

  it('controls and columns the page permission does not allow are not there', () => {
    allowed.buttons.delete('btn_add');
    allowed.buttons.delete('btn_authorize');
    allowed.columns.delete('userCount');
    try {
      const html = render(<RolePage />);
      expect(html).not.toContain('data-testid="role-add"');
      expect(html).not.toContain('data-testid="role-authorize"');
      expect(html).not.toContain('用户数');
      expect(html).toContain('data-testid="role-edit"');
    } finally {
      allowed.buttons.add('btn_add').add('btn_authorize');
      allowed.columns.add('userCount');
    }
  });
});

describe('authorize dialog', () => {
  const data: AuthorityData = {
    modules: [{ id: 'm', parentId: null, fullName: '用户管理', enCode: 'permission.user', icon: 'users', type: 2 }],
    buttons: [{ id: 'b', moduleId: 'm', fullName: '新建', enCode: 'btn_add' }],
    columns: [],
    granted: { module: ['m'], button: [], column: [] },
  };
  const dialog = (el: ReactNode) => render(<Dialog.Root open>{el}</Dialog.Root>);

  it('opened from the kept copy it is read-only, says from when, and shows a waiting grant set as such', () => {
    const html = dialog(<GrantEditor role={rows[0]!} view={{ data, fetchedAt: Date.parse('2024-05-06T07:08:00'), fromCache: true, pending: true }} onClose={() => {}} onReload={() => {}} />);
    expect(html).toContain('菜单权限');
    expect(html).toContain('按钮权限');
    expect(html).toContain('列表权限');
    expect(html).toContain('离线：显示的是 2024-05-06 07:08 的数据');
    expect(html).toContain('待同步');
    expect(html).not.toContain('data-testid="authorize-save"');
    expect(html).toContain('下次刷新页面或重新登录后');
  });

  it('online it can be saved (once something changed)', () => {
    const html = dialog(<GrantEditor role={rows[0]!} view={{ data, fetchedAt: Date.now(), fromCache: false, pending: false }} onClose={() => {}} onReload={() => {}} />);
    expect(html).toContain('data-testid="authorize-save"');
    expect(html).toContain('data-testid="grant-all-module"');
  });
});
