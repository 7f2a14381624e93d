import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { CacheNote, type CachedListState } from '@/components/list-status';
import { ListPagination } from '@/components/list-pagination';
import { ListToolbar } from '@/components/list-toolbar';
import { clampPage } from '@/components/pagination-model';
import type { ListPaging, ListSearch } from '@/lib/list-search';
import { network } from '@/lib/network';
import { ListFrameContext, type ColumnMeta, type ListFrameState } from './list-context';
import type { ListEmpty } from './list-table';
import { ListActions, type CanUse, type ListAction } from './row-actions';
import { useTableSettings } from './table-settings';
import { TableTools } from './table-tools';

const denyAll: CanUse = () => false;

/** What the frame needs of a list as read (a remote list's view has it all). */
export interface ListFrameView extends CachedListState {
  rows: readonly unknown[] | undefined;
  total: number;
  loading: boolean;
  refetch(): void;
}

export interface ListFrameProps {
  view: ListFrameView;
  /** The list's query in the URL: the keyword box, the sorting headers and the pager follow it. */
  query: ListSearch<ListPaging>;
  /**
   * Names the list for the user's table settings (hidden columns, density), kept per user on this
   * device (`yunmian_table_<userId>_<tableKey>`); without it they last while the page is open.
   */
  tableKey?: string;
  placeholder: string;
  /** More filter controls after the keyword box. */
  filters?: ReactNode;
  /** The toolbar's buttons (新建 …), those granted by `can`. */
  actions?: readonly ListAction[];
  /** The page's button permission (spec 6); without it only actions without a code show. */
  can?: CanUse;
  /** Above the toolbar (what the list belongs to). */
  heading?: ReactNode;
  /** Lines between the toolbar and the table (counts, this device's reserves). */
  notes?: ReactNode;
  /**
   * Said while offline: what becomes of changes made now (without 离线 in it). A second line of the
   * note that the rows are this device's copy, which already says 离线.
   */
  offlineNote?: ReactNode;
  /** With the pager (default); a whole list or tree has none. */
  paged?: boolean;
  testId?: string;
  /** The table. */
  children: ReactNode;
}

/**
 * A list with what goes around it: the toolbar (keyword, filters, the page's buttons, a spinner
 * while the server is asked again), the note when the rows are this device's copy (重试 after a
 * failure; offline with the page's `offlineNote` under it), the table and the pager. A page left empty (its last rows deleted, a smaller total)
 * goes back to the last page there is. A filter panel beside it goes in PageCard's `filter`.
 */
export function ListFrame({ view, query, tableKey, placeholder, filters, actions = [], can = denyAll, heading, notes, offlineNote, paged = true, testId, children }: ListFrameProps) {
  const online = useSnapshot(network).online;
  // Offline with nothing of the list here, 新建 would lead nowhere: disabled, saying why.
  const noLocalData = useNoLocalDataReason(view);
  const shownActions = noLocalData ? actions.map((a) => (a.needsLocalData && !a.disabled ? { ...a, disabled: noLocalData } : a)) : actions;
  const [settings, setSettings] = useTableSettings(tableKey);
  const [columns, setColumns] = useState<ColumnMeta[]>([]);
  const sortBy = query.sortBy;
  const onSort = useCallback((value: string) => sortBy(value), [sortBy]);
  const shared = useMemo<ListFrameState>(
    () => ({ settings, setSettings, setColumns, sort: query.values.sort, sortable: query.sortable, onSort }),
    [settings, setSettings, query.values.sort, query.sortable, onSort],
  );
  const { rows, total } = view;
  const { page, size } = query.values;
  const paginate = query.paginate;
  // Only on the server's own answer for this page: a copy pieced together from other pages may be short.
  const settled = !view.loading && !view.fromCache;
  useEffect(() => {
    if (paged && settled && rows && rows.length === 0 && page > 1 && total > 0) paginate(clampPage(page, total, size), size);
  }, [paged, settled, rows, total, page, size, paginate]);
  const refreshing = view.loading && rows !== undefined;
  // Offline, the page's own note goes into the copy's note: one notice under the shell's banner.
  const offlineDetail = offlineNote && !online ? offlineNote : null;

  return (
    <ListFrameContext.Provider value={shared}>
      <Stack gap="3" flex="1" minW="0" data-testid={testId}>
        {heading}
        <ListToolbar keyword={query.values.q} onSearch={query.search} placeholder={placeholder} filters={filters}>
          <ListActions actions={shownActions} can={can} />
          <TableTools onRefresh={view.refetch} refreshing={refreshing} canRefresh={online} columns={columns} settings={settings} onSettings={setSettings} />
        </ListToolbar>
        {offlineDetail && !view.fromCache ? (
          // Offline with no copy read yet (a moment at most): the page's note alone.
          <Alert.Root status="warning" size="sm" data-testid="cache-note">
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{offlineDetail}</Alert.Title>
          </Alert.Root>
        ) : (
          <CacheNote
            view={view}
            testId="cache-note"
            detail={offlineDetail}
            action={
              online && view.error ? (
                <Button size="xs" variant="outline" alignSelf="center" onClick={view.refetch}>
                  <Trans>重试</Trans>
                </Button>
              ) : null
            }
          />
        )}
        {notes}
        {children}
        {paged && rows !== undefined && total > 0 ? <ListPagination total={total} page={page} pageSize={size} onChange={paginate} /> : null}
      </Stack>
    </ListFrameContext.Provider>
  );
}

/**
 * Why a list's 新建 (and other actions that need its rows) cannot be used now: offline, and this
 * device holds nothing of the list (no answer cached, no row written here). Null otherwise: with
 * local rows, offline writes are queued as usual.
 */
export function useNoLocalDataReason(view: Pick<ListFrameView, 'rows' | 'fetchedAt'>): string | null {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  return !online && view.fetchedAt === null && view.rows?.length === 0 ? t`离线且本机没有此列表的数据，联网后才能新建` : null;
}

export interface ListEmptyTexts {
  /** The list has nothing at all. */
  none: ReactNode;
  /** Nothing matches the keyword or filters. */
  noMatch: ReactNode;
  /** This device has no copy of the list (offline). */
  noCopy?: ReactNode;
}

/**
 * What an empty list says: a failed first load (with 重试), no copy on this device, nothing
 * matching (with 清除搜索 for a keyword, or 清除筛选 when the page's `clear` resets more), or nothing at all
 * (with the page's `action`, e.g. 新建).
 */
export function useListEmpty(
  view: ListFrameView,
  query: ListSearch<ListPaging>,
  texts: ListEmptyTexts,
  opts: { filtered?: boolean; clear?: () => void; action?: ReactNode } = {},
): ListEmpty {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  if (view.fromCache && !view.fetchedAt) {
    if (online && view.error) {
      const error = view.error;
      return {
        text: t`加载失败：${error}`,
        action: (
          <Button size="sm" variant="outline" onClick={view.refetch}>
            <Trans>重试</Trans>
          </Button>
        ),
      };
    }
    if (texts.noCopy) return { text: texts.noCopy };
    if (!online) return { text: t`离线：本机还没有此列表的数据，联网后显示` };
  }
  if (opts.filtered ?? !!query.values.q) {
    const clear = opts.clear ?? (query.values.q ? () => query.search('') : null);
    return {
      text: texts.noMatch,
      action: clear ? (
        <Button size="sm" variant="outline" onClick={clear}>
          {opts.clear ? <Trans>清除筛选</Trans> : <Trans>清除搜索</Trans>}
        </Button>
      ) : undefined,
    };
  }
  return { text: texts.none, action: opts.action };
}
