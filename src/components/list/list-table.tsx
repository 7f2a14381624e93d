import { Fragment, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Box, chakra, HStack, IconButton, Table } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight } from 'lucide-react';
import { FailedBadge, PendingBadge, TableFiller } from '@/components/list-status';
import { useMediaQuery } from '@/components/use-media';
import { nextSort, parseSort, sortValue } from '@/lib/list-sort';
import { useListFrame, type ColumnMeta, type ListFrameState } from './list-context';

/**
 * The one table of every list. Pages describe columns and rows as data; how they are drawn lives
 * here only: sorting by a column (the columns the list's query sorts by, see list-search.ts), the
 * columns the user hid and the density (ListFrame's settings), a minimum width per column so a
 * narrow screen scrolls the table sideways instead of squeezing a column to a character per line,
 * and the actions pinned at the right edge.
 */

/** One column of a list; `key` names it (the code of its list permission, spec 6). */
export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  /** Granted (spec 6 list permissions); shown unless false. */
  show?: boolean;
  cell(item: T): ReactNode;
  /** Keeps to one line (dates, names, buttons). */
  nowrap?: boolean;
  align?: 'start' | 'end';
  /** Chakra size tokens. */
  width?: string;
  /** Below it the table scrolls sideways; DEFAULT_MIN_WIDTH for a column that wraps, none for one that keeps to one line. */
  minWidth?: string;
  /** The user may hide it in the column menu (default true; the first column and the pinned one never hide). */
  hideable?: boolean;
  /** Stays in view at the right edge when a wide table scrolls sideways (the actions). */
  pinned?: boolean;
  /** Clicks inside do not reach the row's own click (checkboxes, buttons). */
  ownClicks?: boolean;
  /** On each of its cells. */
  testId?: string;
}

/** Rows that open and close (a tree table): the first column is indented and gets the toggle. */
export interface ListTree<T> {
  /** Indent of an item among the rows given (default 0). */
  depth?(item: T): number;
  /** Open or closed; null for a row without children. */
  expanded(item: T): boolean | null;
  toggle(item: T): void;
  toggleTestId?: string;
}

/** How a list's rows are drawn: shared by its table and by the rows a tree level adds later. */
export interface ListRowsSpec<T> {
  columns: readonly ListColumn<T>[];
  /** The item's id unless given. */
  rowKey?(item: T): string;
  rowTestId: string;
  /** Keys of the items whose write waits for the server: `data-pending` on the row, 待同步 in its first column. */
  pending?: ReadonlySet<string>;
  /** Keys of the items whose write the server refused, with its reason: `data-failed`, 同步失败 in the first column. */
  failed?: ReadonlyMap<string, string>;
  tree?: ListTree<T>;
  /** More `data-*` attributes of a row (data-id, data-state …). */
  rowData?(item: T): Record<`data-${string}`, string | number | undefined>;
  onRowClick?(item: T): void;
  /** Rows drawn under an item at `depth` (an opened tree level with its own query). */
  below?(item: T, depth: number): ReactNode;
}

/** What a list with no rows says, and a way out (清除搜索, 重试, 新建 …). */
export interface ListEmpty {
  text: ReactNode;
  action?: ReactNode;
}

export interface ListTableProps<T> extends Omit<ListRowsSpec<T>, 'pending' | 'failed'> {
  /** The rows (undefined while nothing is known yet: a spinner) and the keys of those whose write waits (or was refused). */
  view: { rows: readonly T[] | undefined; pending?: ReadonlySet<string>; failed?: ReadonlyMap<string, string> };
  /** On the table. */
  testId: string;
  empty: ListEmpty;
  loadingTestId?: string;
}

const INDENT_PX = 20;
/** The least width of a column whose text wraps: about five characters of Chinese a line. */
const DEFAULT_MIN_WIDTH = '5.5rem';
const stopClick = (e: MouseEvent) => e.stopPropagation();
const idOf = (item: unknown) => (item as { id: string }).id;

/**
 * The pinned column stays at the right edge over the scrolled cells, with a shadow while the
 * table is wider than its box (more columns to its left, reached by scrolling); a cell whose popover
 * is open (the delete confirmation) comes above the pinned cells of the rows around it.
 */
const pinnedStyle = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bg: 'bg',
  '[data-overflowing=true] &': { boxShadow: '-8px 0 8px -8px rgba(0, 0, 0, 0.25), inset 1px 0 0 var(--chakra-colors-border)' },
  '&:has([data-state=open])': { zIndex: 2 },
} as const;

/**
 * Whether the table is wider than its box (it scrolls sideways), the box's own width (what is in
 * view: the empty state keeps to it), and a scrollbar kept at the bottom of the screen while the
 * table's own bottom is below it (a mouse reaches the columns on the right without scrolling down to
 * the table's end). The two scroll together.
 */
function useOverflowing() {
  const ref = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ overflowing: false, width: 0, boxWidth: 0 });
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setSize({ overflowing: box.scrollWidth > box.clientWidth + 1, width: box.scrollWidth, boxWidth: box.clientWidth });
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const follow = (from: HTMLDivElement | null, to: HTMLDivElement | null) => {
    if (from && to && Math.abs(to.scrollLeft - from.scrollLeft) > 0.5) to.scrollLeft = from.scrollLeft;
  };
  return {
    ref,
    bar,
    ...size,
    onBoxScroll: () => follow(ref.current, bar.current),
    onBarScroll: () => follow(bar.current, ref.current),
  };
}

/** The granted columns, in their order. */
export function shownColumns<T>(columns: readonly ListColumn<T>[]): ListColumn<T>[] {
  return columns.filter((c) => c.show !== false);
}

/** Whether the user may hide a column: not the first granted one, not the pinned one, unless the page says so. */
const canHide = <T,>(c: ListColumn<T>, i: number) => i > 0 && !c.pinned && c.hideable !== false;

/** The columns drawn: the granted ones the user did not hide (in the frame's column menu). */
function visibleColumns<T>(columns: readonly ListColumn<T>[], frame: ListFrameState | null): ListColumn<T>[] {
  const granted = shownColumns(columns);
  const hidden = frame?.settings.hidden;
  if (!hidden?.length) return granted;
  return granted.filter((c, i) => !canHide(c, i) || !hidden.includes(c.key));
}

function cellProps<T>(c: ListColumn<T>) {
  return {
    whiteSpace: c.nowrap ? 'nowrap' : undefined,
    textAlign: c.align,
    w: c.width,
    minW: c.minWidth ?? (c.nowrap || c.pinned || c.width ? undefined : DEFAULT_MIN_WIDTH),
    ...(c.pinned ? pinnedStyle : {}),
  };
}

/** Tells the frame the table's columns (for its column menu) when they change. */
function useColumnMenu<T>(columns: readonly ListColumn<T>[], frame: ListFrameState | null) {
  const { i18n } = useLingui();
  const metas: ColumnMeta[] = shownColumns(columns).map((c, i) => ({ key: c.key, header: c.header, hideable: canHide(c, i) }));
  const signature = `${i18n.locale}|${metas.map((m) => `${m.key}:${m.hideable ? 1 : 0}`).join(',')}`;
  const latest = useRef(metas);
  latest.current = metas;
  const setColumns = frame?.setColumns;
  useEffect(() => {
    setColumns?.(latest.current);
  }, [setColumns, signature]);
}

/** A column's header: a button that sorts (ascending, descending, the default order) when the list sorts by it. */
function HeaderCell<T>({ column, frame }: { column: ListColumn<T>; frame: ListFrameState | null }) {
  const { t } = useLingui();
  const sortable = !!frame && frame.sortable.includes(column.key);
  if (!sortable) return <>{column.header}</>;
  const current = parseSort(frame.sort);
  const dir = current?.field === column.key ? current.dir : null;
  const Icon = dir === 'asc' ? ArrowUp : dir === 'desc' ? ArrowDown : ArrowUpDown;
  const hint = dir === 'asc' ? t`点击降序` : dir === 'desc' ? t`点击取消排序` : t`点击升序`;
  return (
    <chakra.button
      type="button"
      display="inline-flex"
      alignItems="center"
      gap="1"
      font="inherit"
      color="inherit"
      cursor="pointer"
      rounded="sm"
      _hover={{ color: 'brand.fg' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
      title={hint}
      onClick={() => frame.onSort(sortValue(nextSort(current, column.key)))}
      data-testid={`sort-${column.key}`}
      data-sort={dir ?? undefined}
    >
      {column.header}
      <Icon size={13} aria-hidden style={{ opacity: dir ? 1 : 0.4, flexShrink: 0 }} />
    </chakra.button>
  );
}

const ariaSort = (frame: ListFrameState | null, key: string): 'ascending' | 'descending' | 'none' | undefined => {
  if (!frame?.sortable.includes(key)) return undefined;
  const s = parseSort(frame.sort);
  return s?.field !== key ? 'none' : s.dir === 'asc' ? 'ascending' : 'descending';
};

/**
 * The table of a list: the granted columns the user did not hide, its rows, and a spinner or the
 * empty state when there are none. Inside a ListFrame the headers of the columns its query sorts by
 * sort the list, and the frame's density applies.
 */
export function ListTable<T>({ view, testId, empty, loadingTestId = 'list-loading', ...rest }: ListTableProps<T>) {
  const { t } = useLingui();
  const { rows, pending, failed } = view;
  const spec: ListRowsSpec<T> = { ...rest, pending, failed };
  const frame = useListFrame();
  const shown = visibleColumns(spec.columns, frame);
  useColumnMenu(spec.columns, frame);
  const { ref, bar, overflowing, width, boxWidth, onBoxScroll, onBarScroll } = useOverflowing();
  const mouse = useMediaQuery('(hover: hover) and (pointer: fine)');
  const compact = frame?.settings.density === 'compact';
  const stickyBar = overflowing && mouse;
  return (
    <Box>
      <Box
        ref={ref}
        overflowX="auto"
        onScroll={stickyBar ? onBoxScroll : undefined}
        css={stickyBar ? { scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } } : undefined}
        tabIndex={overflowing ? 0 : undefined}
        role={overflowing ? 'region' : undefined}
        aria-label={overflowing ? t`表格（可左右滚动）` : undefined}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
        data-overflowing={overflowing}
        data-density={compact ? 'compact' : 'comfortable'}
      >
        <Table.Root size="sm" interactive data-testid={testId} css={compact ? { '& td, & th': { py: '1' } } : undefined}>
          <Table.Header>
            <Table.Row>
              {shown.map((c) => (
                <Table.ColumnHeader key={c.key} {...cellProps(c)} whiteSpace="nowrap" aria-sort={ariaSort(frame, c.key)} data-column={c.key}>
                  <HeaderCell column={c} frame={frame} />
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows?.length ? (
              <ListRows spec={spec} rows={rows} />
            ) : (
              <TableFiller
                colSpan={shown.length || 1}
                loading={rows === undefined}
                text={empty.text}
                action={empty.action}
                loadingTestId={loadingTestId}
                visibleWidth={boxWidth || undefined}
              />
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      {stickyBar ? (
        <Box ref={bar} position="sticky" bottom="0" zIndex={3} overflowX="auto" overflowY="hidden" bg="bg" onScroll={onBarScroll} aria-hidden data-testid="table-scrollbar">
          <Box h="1px" w={`${width}px`} />
        </Box>
      ) : null}
    </Box>
  );
}

/** Rows of a list's table; `depth` indents them as one level of a tree. */
export function ListRows<T>({ spec, rows, depth = 0 }: { spec: ListRowsSpec<T>; rows: readonly T[]; depth?: number }) {
  const shown = visibleColumns(spec.columns, useListFrame());
  return (
    <>
      {rows.map((item) => {
        const itemDepth = depth + (spec.tree?.depth?.(item) ?? 0);
        return (
          <Fragment key={(spec.rowKey ?? idOf)(item)}>
            <ListRow spec={spec} shown={shown} item={item} depth={itemDepth} />
            {spec.below?.(item, itemDepth)}
          </Fragment>
        );
      })}
    </>
  );
}

function ListRow<T>({ spec, shown, item, depth }: { spec: ListRowsSpec<T>; shown: ListColumn<T>[]; item: T; depth: number }) {
  const key = (spec.rowKey ?? idOf)(item);
  const failed = spec.failed?.get(key);
  const pending = failed === undefined && !!spec.pending?.has(key);
  const onClick = spec.onRowClick;
  return (
    <Table.Row
      data-testid={spec.rowTestId}
      data-pending={pending || undefined}
      data-failed={failed !== undefined || undefined}
      {...spec.rowData?.(item)}
      cursor={onClick ? 'pointer' : undefined}
      onClick={onClick ? () => onClick(item) : undefined}
    >
      {shown.map((c, i) => (
        <Table.Cell key={c.key} {...cellProps(c)} onClick={c.ownClicks ? stopClick : undefined} data-testid={c.testId}>
          {i === 0 && (spec.tree || pending || failed !== undefined) ? (
            <LeadCell tree={spec.tree} item={item} depth={depth} pending={pending} failed={failed}>
              {c.cell(item)}
            </LeadCell>
          ) : (
            c.cell(item)
          )}
        </Table.Cell>
      ))}
    </Table.Row>
  );
}

/** The first cell of a row: indent and toggle in a tree, 待同步 (or 同步失败) after the content. */
function LeadCell<T>({ tree, item, depth, pending, failed, children }: { tree: ListTree<T> | undefined; item: T; depth: number; pending: boolean; failed?: string; children: ReactNode }) {
  const { t } = useLingui();
  const open = tree?.expanded(item) ?? null;
  return (
    <HStack gap="1.5" ps={depth ? `${depth * INDENT_PX}px` : undefined}>
      {tree ? (
        <Box w="6" flexShrink={0} me="-0.5">
          {open !== null ? (
            <IconButton size="2xs" variant="ghost" aria-label={open ? t`收起` : t`展开`} aria-expanded={open} onClick={() => tree.toggle(item)} data-testid={tree.toggleTestId}>
              {open ? <ChevronDown /> : <ChevronRight />}
            </IconButton>
          ) : null}
        </Box>
      ) : null}
      {children}
      {pending ? <PendingBadge testId="row-pending" /> : null}
      {failed !== undefined ? <FailedBadge reason={failed} testId="row-failed" /> : null}
    </HStack>
  );
}

/** A line across a table (a tree level loading, or empty), indented under its parent row. */
export function ListNoteRow<T>({ spec, depth, children }: { spec: ListRowsSpec<T>; depth: number; children: ReactNode }) {
  const columns = visibleColumns(spec.columns, useListFrame());
  return (
    <Table.Row>
      <Table.Cell colSpan={columns.length || 1} ps={`${depth * INDENT_PX + 40}px`} color="fg.muted" fontSize="sm">
        {children}
      </Table.Cell>
    </Table.Row>
  );
}
