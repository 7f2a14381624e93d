import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { NoticeRow } from '@/contracts/message';

/** Server-rendered markup of the page (the unit project has no DOM): what it shows for a given state. */

const notice = (id: string, title: string, extra: Partial<NoticeRow> = {}): NoticeRow => ({
  id,
  title,
  enabledMark: 0,
  creatorUser: '管理员',
  creatorTime: Date.parse('2024-05-01T08:00:00'),
  lastModifyTime: Date.parse('2024-05-01T08:00:00'),
  releaseTime: null,
  toUserIds: [],
  recipientCount: 0,
  readCount: 0,
  version: 1,
  ...extra,
});
const rows = [
  notice('01J0000000000000000000N001', '培训通知', { toUserIds: ['01J0000000000000000000W001', '01J0000000000000000000W002'] }),
  notice('01J0000000000000000000N002', '五一放假通知', { enabledMark: 1, releaseTime: Date.parse('2024-04-28T09:30:00'), recipientCount: 12, readCount: 5 }),
];

const allowed = { buttons: new Set(['btn_add', 'btn_edit', 'btn_remove', 'btn_release']) };
vi.mock('@/modules/auth/public', () => ({
  usePagePermission: () => ({ modelId: 'm', button: (c: string) => allowed.buttons.has(c), column: () => true }),
  IfButton: ({ code, children }: { code: string; children: ReactNode }) => (allowed.buttons.has(code) ? children : null),
}));
// The pages keep their query in the URL: rendered here without a router, on the default query.
vi.mock('@tanstack/react-router', async (orig) => ({ ...(await orig<typeof import('@tanstack/react-router')>()), useSearch: () => ({}), useNavigate: () => () => Promise.resolve() }));
vi.mock('../notice-list-hooks', () => ({
  useNoticeList: () => ({ rows, total: 2, pending: new Set([rows[0]!.id]), loading: false, fromCache: true, fetchedAt: Date.parse('2024-05-06T07:08:00'), error: null, refetch: () => {} }),
}));

const { system } = await import('@/app/system');
const { network } = await import('@/lib/network');
const { NoticePage } = await import('./notice-page');
beforeEach(() => {
  network.online = false;
});
afterEach(() => {
  network.online = true;
});

const render = (el: ReactNode) =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>{el}</ChakraProvider>
    </I18nProvider>,
  );

/** The markup of each row, in order. */
const rowsOf = (html: string) => html.split('data-testid="notice-row"').slice(1);

describe('notice page', () => {
  it('lists drafts and released notices with their state, recipients, sender, time and readers', () => {
    const html = render(<NoticePage />);
    const [draft, released] = rowsOf(html);
    expect(draft).toContain('培训通知');
    expect(draft).toContain('草稿');
    expect(draft).toContain('2 人');
    expect(draft).toContain('待同步');
    expect(released).toContain('已发布');
    expect(released).toContain('全部人员');
    expect(released).toContain('管理员');
    expect(released).toContain('2024-04-28 09:30');
    expect(released).toContain('5/12');
    expect(html).toContain('离线：显示的是 2024-05-06 07:08 的数据');
    expect(html).toContain('data-testid="list-pagination"');
  });

  it('a draft can be edited, released and deleted; a released notice only viewed and deleted', () => {
    const [draft, released] = rowsOf(render(<NoticePage />));
    for (const id of ['notice-edit', 'notice-release', 'notice-delete']) expect(draft).toContain(`data-testid="${id}"`);
    expect(draft).not.toContain('data-testid="notice-view"');
    expect(released).toContain('data-testid="notice-view"');
    expect(released).toContain('data-testid="notice-delete"');
    expect(released).not.toContain('data-testid="notice-edit"');
    expect(released).not.toContain('data-testid="notice-release"');
  });

  it('buttons the page permission does not allow are not there', () => {
    allowed.buttons.clear();
    try {
      const html = render(<NoticePage />);
      for (const id of ['notice-add', 'notice-edit', 'notice-release', 'notice-delete']) expect(html).not.toContain(`data-testid="${id}"`);
      expect(html).toContain('data-testid="notice-view"');
    } finally {
      for (const b of ['btn_add', 'btn_edit', 'btn_remove', 'btn_release']) allowed.buttons.add(b);
    }
    expect(render(<NoticePage />)).toContain('data-testid="notice-add"');
  });
});
