import type { ReactNode } from 'react';
import { Box, Table } from '@chakra-ui/react';
import { TableFiller } from '@/components/list-status';

/** The actions column stays in view at the right edge when a wide table scrolls sideways. */
const stickyEnd = (key: string) =>
  key === 'actions' ? ({ position: 'sticky', right: 0, bg: 'bg', boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)' } as const) : {};

/** One column of a list: shown only when granted (spec 6; the actions column when a button is). */
export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  show: boolean;
  cell(item: T): ReactNode;
  /** The cell keeps to one line (dates, action buttons). */
  nowrap?: boolean;
}

export interface ListTableProps<T> {
  /** On the table; its rows are `rowTestId`. */
  testId: string;
  rowTestId: string;
  columns: readonly ListColumn<T>[];
  items: readonly T[];
  itemKey(item: T): string;
  /** The item has a write still waiting for the server (data-pending on its row). */
  isPending(item: T): boolean;
  /** No items yet because they are being read: a spinner instead of the empty state. */
  loading: boolean;
  emptyText: string;
}

/** The table of every list of the module: the granted columns, and a spinner or the empty state when there are no rows. */
export function ListTable<T>({ testId, rowTestId, columns, items, itemKey, isPending, loading, emptyText }: ListTableProps<T>) {
  const shown = columns.filter((c) => c.show);
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {shown.map((c) => (
              <Table.ColumnHeader key={c.key} whiteSpace="nowrap" {...stickyEnd(c.key)}>
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!items.length ? (
            <TableFiller colSpan={shown.length || 1} loading={loading} text={emptyText} loadingTestId="org-loading" />
          ) : (
            items.map((item) => (
              <Table.Row key={itemKey(item)} data-testid={rowTestId} data-pending={isPending(item) || undefined}>
                {shown.map((c) => (
                  <Table.Cell key={c.key} whiteSpace={c.nowrap ? 'nowrap' : undefined} {...stickyEnd(c.key)}>
                    {c.cell(item)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
