import { Fragment, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Box, HStack, IconButton, Table } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { PendingBadge, TableFiller } from '@/components/list-status';

/**
 * The one table of every list. Pages describe columns and rows as data; how they are drawn lives
 * here only, so sorting, hiding columns, density or cards on phones are added in this one file.
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
  minWidth?: string;
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

export interface ListTableProps<T> extends Omit<ListRowsSpec<T>, 'pending'> {
  /** The rows (undefined while nothing is known yet: a spinner) and the keys of those whose write waits. */
  view: { rows: readonly T[] | undefined; pending?: ReadonlySet<string> };
  /** On the table. */
  testId: string;
  empty: ListEmpty;
  loadingTestId?: string;
}

const INDENT_PX = 20;
const stopClick = (e: MouseEvent) => e.stopPropagation();
const idOf = (item: unknown) => (item as { id: string }).id;

/**
 * The pinned column stays at the right edge over the scrolled cells, with a separator while the
 * table is wider than its box; a cell whose popover is open (the delete confirmation) comes above
 * the pinned cells of the rows around it.
 */
const pinnedStyle = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bg: 'bg',
  '[data-overflowing=true] &': { boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)' },
  '&:has([data-state=open])': { zIndex: 2 },
} as const;

/** Whether the table is wider than its box (it scrolls sideways). */
function useOverflowing() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
}

/** The columns drawn: the granted ones, in their order. */
export function shownColumns<T>(columns: readonly ListColumn<T>[]): ListColumn<T>[] {
  return columns.filter((c) => c.show !== false);
}

function cellProps<T>(c: ListColumn<T>) {
  return {
    whiteSpace: c.nowrap ? 'nowrap' : undefined,
    textAlign: c.align,
    w: c.width,
    minW: c.minWidth,
    ...(c.pinned ? pinnedStyle : {}),
  };
}

/** The table of a list: the granted columns, its rows, and a spinner or the empty state when there are none. */
export function ListTable<T>({ view, testId, empty, loadingTestId = 'list-loading', ...rest }: ListTableProps<T>) {
  const { rows, pending } = view;
  const spec: ListRowsSpec<T> = { ...rest, pending };
  const shown = shownColumns(spec.columns);
  const { ref, overflowing } = useOverflowing();
  return (
    <Box ref={ref} overflowX="auto" data-overflowing={overflowing}>
      <Table.Root size="sm" interactive data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {shown.map((c) => (
              <Table.ColumnHeader key={c.key} {...cellProps(c)} whiteSpace="nowrap">
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows?.length ? (
            <ListRows spec={spec} rows={rows} />
          ) : (
            <TableFiller colSpan={shown.length || 1} loading={rows === undefined} text={empty.text} action={empty.action} loadingTestId={loadingTestId} />
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Rows of a list's table; `depth` indents them as one level of a tree. */
export function ListRows<T>({ spec, rows, depth = 0 }: { spec: ListRowsSpec<T>; rows: readonly T[]; depth?: number }) {
  const shown = shownColumns(spec.columns);
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
  const pending = !!spec.pending?.has((spec.rowKey ?? idOf)(item));
  const onClick = spec.onRowClick;
  return (
    <Table.Row data-testid={spec.rowTestId} data-pending={pending || undefined} {...spec.rowData?.(item)} cursor={onClick ? 'pointer' : undefined} onClick={onClick ? () => onClick(item) : undefined}>
      {shown.map((c, i) => (
        <Table.Cell key={c.key} {...cellProps(c)} onClick={c.ownClicks ? stopClick : undefined} data-testid={c.testId}>
          {i === 0 && (spec.tree || pending) ? (
            <LeadCell tree={spec.tree} item={item} depth={depth} pending={pending}>
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

/** The first cell of a row: indent and toggle in a tree, 待同步 after the content. */
function LeadCell<T>({ tree, item, depth, pending, children }: { tree: ListTree<T> | undefined; item: T; depth: number; pending: boolean; children: ReactNode }) {
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
    </HStack>
  );
}

/** A line across a table (a tree level loading, or empty), indented under its parent row. */
export function ListNoteRow<T>({ spec, depth, children }: { spec: ListRowsSpec<T>; depth: number; children: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell colSpan={shownColumns(spec.columns).length || 1} ps={`${depth * INDENT_PX + 40}px`} color="fg.muted" fontSize="sm">
        {children}
      </Table.Cell>
    </Table.Row>
  );
}
