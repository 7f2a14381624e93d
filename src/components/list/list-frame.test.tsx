import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { ListPaging, ListSearch } from '@/lib/list-search';
import { network } from '@/lib/network';

/** Server-rendered markup (the unit project has no DOM): the toolbar's 新建 for a list as read, and the notes above the table. */

const { system } = await import('@/app/system');
const { ListFrame } = await import('./list-frame');
const { addAction } = await import('./row-actions');

const query: ListSearch<ListPaging> = {
  values: { page: 1, size: 20, q: '', sort: '' },
  sortable: [],
  search: () => {},
  filter: () => {},
  paginate: () => {},
  sortBy: () => {},
};
const view = (rows: unknown[] | undefined, fetchedAt: number | null) => ({ rows, total: rows?.length ?? 0, loading: false, fromCache: !network.online, fetchedAt, error: null, refetch: () => {} });
const render = (el: ReactNode) =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>{el}</ChakraProvider>
    </I18nProvider>,
  );
const addButton = (v: ReturnType<typeof view>) => {
  const html = render(
    <ListFrame view={v} query={query} placeholder="" can={() => true} actions={[addAction('新建岗位', () => {}, 'add')]}>
      <div />
    </ListFrame>,
  );
  return /<button[^>]*data-testid="add"[^>]*>/.exec(html)?.[0] ?? '';
};
const REASON = '离线且本机没有此列表的数据，联网后才能新建';

afterEach(() => {
  network.online = true;
});

describe('a list’s 新建', () => {
  it('offline with nothing of the list on this device: disabled, saying why', () => {
    network.online = false;
    const button = addButton(view([], null));
    expect(button).toContain('disabled');
    expect(button).toContain(`title="${REASON}"`);
  });

  it('offline with local rows (a cached answer, or rows written here): usable, the write is queued', () => {
    network.online = false;
    expect(addButton(view([{ id: 'a' }], Date.now()))).not.toContain('disabled');
    expect(addButton(view([], Date.now()))).not.toContain('disabled');
    expect(addButton(view([{ id: 'new' }], null))).not.toContain('disabled');
  });

  it('online: usable, copy or not', () => {
    expect(addButton(view([], null))).not.toContain('disabled');
    expect(addButton(view(undefined, null))).not.toContain('disabled');
  });
});

describe('a list’s notes offline', () => {
  const OWN = '新建和修改保存在本机，联网后自动同步。';
  const frame = (v: ReturnType<typeof view>, offlineNote?: string) =>
    render(
      <ListFrame view={v} query={query} placeholder="" offlineNote={offlineNote}>
        <div />
      </ListFrame>,
    );
  const notes = (html: string) => html.match(/data-testid="cache-note"/g)?.length ?? 0;
  const fetchedAt = Date.parse('2024-05-06T07:08:00');

  it('offline the page’s own note is a line of the copy’s note: one notice, saying 离线 once', () => {
    network.online = false;
    const html = frame(view([{ id: 'a' }], fetchedAt), OWN);
    expect(notes(html)).toBe(1);
    expect(html).toContain('离线：显示的是 2024-05-06 07:08 的数据');
    // The page's note is the second line of the copy's note, not a notice of its own.
    expect(html.split(OWN)).toHaveLength(2);
    expect(html).toMatch(new RegExp(`class="[^"]*chakra-alert__description[^"]*"[^>]*>${OWN}<`));
    expect(html.match(/离线/g)).toHaveLength(1);
  });

  it('offline with no copy on the device: the one note says so, with the page’s line', () => {
    network.online = false;
    const html = frame(view([], null), OWN);
    expect(notes(html)).toBe(1);
    expect(html).toContain('离线：本机没有此列表的数据，请联网后查看。');
    expect(html).toMatch(new RegExp(`class="[^"]*chakra-alert__description[^"]*"[^>]*>${OWN}<`));
  });

  it('offline before the copy is read: the page’s note alone, once', () => {
    network.online = false;
    const html = frame({ ...view(undefined, null), fromCache: false, loading: true }, OWN);
    expect(notes(html)).toBe(1);
    expect(html).toMatch(new RegExp(`class="[^"]*chakra-alert__title[^"]*"[^>]*>${OWN}<`));
    expect(html.split(OWN)).toHaveLength(2);
  });

  it('online: neither', () => {
    const html = frame(view([{ id: 'a' }], fetchedAt), OWN);
    expect(notes(html)).toBe(0);
    expect(html).not.toContain(OWN);
  });
});
