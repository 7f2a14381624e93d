import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { ListPaging, ListSearch } from '@/lib/list-search';
import { network } from '@/lib/network';

/** Server-rendered markup (the unit project has no DOM): the toolbar's 新建 for a list as read. */

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
