import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { TaskRow } from '@/contracts/workflow';
import { taskRow } from '../test-support';

/** Server-rendered markup (the unit project has no DOM): what the task lists show for given rows. */

const rows: TaskRow[] = [
  taskRow(),
  taskRow({ id: 'D2', taskId: 'T2', fullName: '请假 - 李娜', flowName: '请假', launcherName: '李娜', status: 3, urgent: 3, decision: 'reject', time: '2026-11-29T09:30:00.000Z' }),
  // Any other urgency value counts as normal (spec 3).
  taskRow({ id: 'D3', taskId: 'T3', status: 2, urgent: 7 as never }),
];
let search: Record<string, unknown> = {};
vi.mock('@tanstack/react-router', async (orig) => ({ ...(await orig<typeof import('@tanstack/react-router')>()), useSearch: () => search, useNavigate: () => () => Promise.resolve() }));
const asked: unknown[] = [];
vi.mock('@/lib/sync/use-remote-list', () => ({
  useRemoteList: (_list: unknown, q: unknown) => {
    asked.push(q);
    return { rows, total: rows.length, pending: new Set(), failed: new Map(), loading: false, fromCache: false, fetchedAt: 1, error: null, refetch: () => {} };
  },
}));
vi.mock('../use-decisions', () => ({ useDecisions: () => ({ waiting: [{ entryId: 'E1', todoId: 'D9', taskId: 'T9', flowId: 'F9', title: '样品申领 - 张伟', action: 'audit', state: 'pending', at: 1 }], notes: [] }) }));
// The forms and pickers are other modules' (and tested there).
vi.mock('@/modules/online-dev/public', () => ({ ModelForm: () => null, FormServicesProvider: () => null, useModelFormServices: () => null }));
vi.mock('@/modules/org/public', () => ({ ApproverDialog: () => null }));
// A phone or not (the unit project has no window to match media queries against).
let phone = false;
vi.mock('@/components/use-media', async (orig) => ({ ...(await orig<typeof import('@/components/use-media')>()), usePhoneScreen: () => phone }));
// The drawer is tested on its own (components/task-drawer.dom.test.tsx).
vi.mock('../components/task-drawer', () => ({ TaskDrawer: (p: { taskId: string }) => `drawer:${p.taskId}` }));

const { system } = await import('@/app/system');
const { FlowDonePage, FlowLaunchPage, FlowTodoPage } = await import('./task-pages');

const render = (el: ReactNode) =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>{el}</ChakraProvider>
    </I18nProvider>,
  );

afterEach(() => {
  phone = false;
  search = {};
  asked.length = 0;
});

describe('the task lists', () => {
  it('show the status and urgency codes as coloured tags, with the spec pagination', () => {
    const html = render(<FlowDonePage />);
    expect(html).toContain('data-testid="wf-done-list"');
    expect(html.match(/data-testid="wf-row"/g)).toHaveLength(3);
    for (const text of ['样品申领 - 王晓明', '请假 - 李娜', '审批中', '已拒绝', '已通过', '普通', '紧急', '拒绝', '2026-11-29']) expect(html).toContain(text);
    expect(html).toContain('data-testid="wf-status-3"');
    expect(html).toContain('data-testid="wf-urgent-3"');
    // 7 is shown as 普通.
    expect(html.match(/data-testid="wf-urgent-1"/g)).toHaveLength(2);
    expect(html).toContain('data-testid="list-pagination"');
    expect(html).toContain('data-testid="wf-filter-status"');
    expect(html).toContain('data-testid="wf-filter-urgent"');
  });

  it('ask with the filters of the URL, and open the task it names (a message opens it so)', () => {
    search = { status: '3', urgent: '2', q: '李娜', taskId: 'T2', flowId: 'F1' };
    const html = render(<FlowLaunchPage />);
    expect(asked[0]).toMatchObject({ currentPage: 1, pageSize: 20, keyword: '李娜', status: 3, urgent: 2 });
    expect(html).toContain('drawer:T2');
    expect(html).toContain('data-testid="wf-launch-button"');
  });

  it('each row’s 查看 says its name beside its icon; on a phone the icon alone, named 查看, so the pinned column stays narrow', () => {
    const viewButtons = (html: string) => html.match(/<button[^>]*data-testid="wf-row-view"[^>]*>.*?<\/button>/g) ?? [];
    const wide = viewButtons(render(<FlowTodoPage />));
    expect(wide).toHaveLength(3);
    for (const b of wide) expect(b).toMatch(/<\/svg>查看<\/button>$/);
    for (const b of wide) expect(b).not.toContain('data-scope="tooltip"');
    phone = true;
    const html = render(<FlowTodoPage />);
    const narrow = viewButtons(html);
    expect(narrow).toHaveLength(3);
    for (const b of narrow) {
      // The label is there for assistive technology only (visually hidden), and in a tooltip.
      const hidden = /<span class="([^"]+)">查看<\/span><\/button>$/.exec(b)?.[1];
      expect(hidden).toBeTruthy();
      expect(html).toContain(`.${hidden}{border:0;clip:rect(0, 0, 0, 0);height:1px;width:1px;`);
      expect(b).toContain('data-scope="tooltip"');
    }
  });

  it('待办事宜 has no status filter (every todo waits) and lists the decisions waiting to sync', () => {
    const html = render(<FlowTodoPage />);
    expect(html).toContain('data-testid="wf-todo-list"');
    expect(html).not.toContain('data-testid="wf-filter-status"');
    expect(html).toContain('data-testid="wf-pending-decision"');
    expect(html).toContain('样品申领 - 张伟');
    expect(html).toContain('待同步');
  });
});
