import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { MessageRow } from '@/contracts/message';

/** Server-rendered markup (the unit project has no DOM): what the centre and the badge show for a given state. */

const row = (n: number, extra: Partial<MessageRow> = {}): MessageRow => ({
  id: `01J0000000000000000000P${String(n).padStart(3, '0')}`,
  type: 1,
  title: `公告${n}`,
  bodyText: '<p>x</p>',
  isRead: '0',
  creatorUser: '王晓明',
  lastModifyTime: Date.parse('2024-05-06T07:08:00'),
  ...extra,
});
const rows = [row(1), row(2, { type: 2, title: '请审批报销单', isRead: '1', creatorUser: '系统' })];

// The pages keep their query in the URL: rendered here without a router, on the default query.
vi.mock('@tanstack/react-router', async (orig) => ({ ...(await orig<typeof import('@tanstack/react-router')>()), useSearch: () => ({}), useNavigate: () => () => Promise.resolve() }));
vi.mock('../record-list', async (orig) => ({
  ...(await orig<typeof import('../record-list')>()),
  useMessageRecords: () => ({ rows, total: 2, loading: false, fromCache: true, fetchedAt: Date.parse('2024-05-06T07:08:00'), error: null, refetch: () => {} }),
}));
vi.mock('../components/use-open-message', () => ({ useOpenMessage: () => () => {} }));

const { system } = await import('@/app/system');
const { network } = await import('@/lib/network');
const { MessageRecordPage } = await import('./message-record-page');
const { MessageEntryButton } = await import('../components/message-entry-button');
const { setUnreadCounts } = await import('../store');
const { MessageItem } = await import('../components/message-drawer');

const render = (el: ReactNode) =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>{el}</ChakraProvider>
    </I18nProvider>,
  );

afterEach(() => {
  network.online = true;
  setUnreadCounts({ unreadMessageCount: 0, unreadNoticeCount: 0 });
});

describe('message centre', () => {
  it('lists title, type, sender, time and read state, and says when the list is a kept copy', () => {
    network.online = false;
    const html = render(<MessageRecordPage />);
    expect(html).toContain('data-testid="message-record-page"');
    expect(html.match(/data-testid="message-record-row"/g)).toHaveLength(2);
    for (const text of ['公告1', '请审批报销单', '公告', '流程待办', '王晓明', '系统', '2024-05-06 07:08', '未读', '已读']) expect(html).toContain(text);
    expect(html).toContain('data-read="0"');
    expect(html).toContain('离线：显示的是 2024-05-06 07:08 的数据');
    expect(html).toContain('data-testid="list-pagination"');
  });
});

describe('message badge', () => {
  it('shows the unread total, 99+ above 99, and nothing at 0', () => {
    expect(render(<MessageEntryButton />)).not.toContain('message-badge');
    setUnreadCounts({ unreadMessageCount: 3, unreadNoticeCount: 2 });
    expect(render(<MessageEntryButton />)).toMatch(/data-testid="message-badge"[^>]*>5</);
    setUnreadCounts({ unreadMessageCount: 100, unreadNoticeCount: 2 });
    expect(render(<MessageEntryButton />)).toMatch(/data-testid="message-badge"[^>]*>99\+</);
  });
});

describe('message drawer rows', () => {
  it('show title, type, sender and time; an unread one carries the dot', () => {
    const unread = render(<MessageItem row={{ ...rows[0]!, lastModifyTime: Date.now() - 5 * 60_000 }} onOpen={() => {}} />);
    expect(unread).toContain('data-testid="message-unread-dot"');
    expect(unread).toContain('data-read="0"');
    for (const text of ['公告1', '公告', '王晓明', '5分钟前', '未读']) expect(unread).toContain(text);
    const read = render(<MessageItem row={rows[1]!} onOpen={() => {}} />);
    expect(read).not.toContain('message-unread-dot');
    expect(read).toContain('流程待办');
  });
});
