import { useMemo, useState } from 'react';
import { Box, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { DeleteConfirm } from '@/components/delete-confirm';
import { PendingBadge, StateBadge } from '@/components/list-status';
import type { OrganizeRow } from '@/contracts/org';
import { formatDateTime } from '@/lib/format';
import { usePagePermission } from '@/modules/auth/page-permission';
import { ListTable, type ListColumn } from './list-table';

interface Shown {
  row: OrganizeRow;
  depth: number;
  open: boolean;
}

/** The rows in view: depth first, children of open rows only. */
function visible(rows: OrganizeRow[], closed: ReadonlySet<string>): Shown[] {
  const out: Shown[] = [];
  const walk = (list: OrganizeRow[], depth: number) => {
    for (const row of list) {
      const open = !closed.has(row.id);
      out.push({ row, depth, open });
      if (open && row.children?.length) walk(row.children, depth + 1);
    }
  };
  walk(rows, 0);
  return out;
}

export interface UnitTableProps {
  /** The page's top rows with their children. */
  rows: OrganizeRow[] | undefined;
  loading: boolean;
  pending: ReadonlySet<string>;
  emptyText: string;
  onEdit(row: OrganizeRow): void;
  onDelete(row: OrganizeRow): void;
  /** 新建 under a row (departments: a sub-department). */
  onAddChild?(row: OrganizeRow): void;
  testId: string;
}

/**
 * A tree table of companies or departments: name (indented, opens and closes), code, manager,
 * state, sort and creation time, each shown only when its column is granted, and the row's
 * actions allowed by the page's buttons.
 */
export function UnitTable({ rows, loading, pending, emptyText, onEdit, onDelete, onAddChild, testId }: UnitTableProps) {
  const { t } = useLingui();
  const perm = usePagePermission();
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => visible(rows ?? [], closed), [rows, closed]);
  const can = { add: !!onAddChild && perm.button('btn_add'), edit: perm.button('btn_edit'), remove: perm.button('btn_remove') };
  const toggle = (id: string) =>
    setClosed((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const columns: ListColumn<Shown>[] = [
    {
      key: 'fullName',
      header: <Trans>名称</Trans>,
      show: perm.column('fullName'),
      cell: ({ row, depth, open }) => (
        <HStack gap="1" ps={`${depth * 20}px`} minW="48">
          {row.children?.length ? (
            <IconButton size="2xs" variant="ghost" aria-label={open ? t`收起` : t`展开`} aria-expanded={open} onClick={() => toggle(row.id)}>
              {open ? <ChevronDown /> : <ChevronRight />}
            </IconButton>
          ) : (
            <Box w="6" flexShrink={0} />
          )}
          <Text as="span">{row.fullName}</Text>
          {pending.has(row.id) ? <PendingBadge testId="org-pending" /> : null}
        </HStack>
      ),
    },
    { key: 'enCode', header: <Trans>编码</Trans>, show: perm.column('enCode'), cell: ({ row }) => row.enCode },
    { key: 'manager', header: <Trans>负责人</Trans>, show: perm.column('manager'), cell: ({ row }) => row.manager },
    { key: 'enabledMark', header: <Trans>状态</Trans>, show: perm.column('enabledMark'), cell: ({ row }) => <StateBadge enabled={row.enabledMark === 1} /> },
    { key: 'sortCode', header: <Trans>排序</Trans>, show: perm.column('sortCode'), cell: ({ row }) => row.sortCode },
    { key: 'creatorTime', header: <Trans>创建时间</Trans>, show: perm.column('creatorTime'), nowrap: true, cell: ({ row }) => formatDateTime(row.creatorTime) },
    {
      key: 'actions',
      header: <Trans>操作</Trans>,
      show: can.add || can.edit || can.remove,
      nowrap: true,
      cell: ({ row }) => (
        <HStack gap="1">
          {can.add ? (
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => onAddChild!(row)}>
              <Trans>新建下级</Trans>
            </Button>
          ) : null}
          {can.edit ? (
            <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => onEdit(row)} data-testid={`${testId}-edit`}>
              <Trans>编辑</Trans>
            </Button>
          ) : null}
          {can.remove ? (
            <DeleteConfirm onConfirm={() => onDelete(row)}>
              <Button size="xs" variant="ghost" colorPalette="red" data-testid={`${testId}-delete`}>
                <Trans>删除</Trans>
              </Button>
            </DeleteConfirm>
          ) : null}
        </HStack>
      ),
    },
  ];

  return (
    <ListTable
      testId={testId}
      rowTestId={`${testId}-row`}
      columns={columns}
      items={shown}
      itemKey={({ row }) => row.id}
      isPending={({ row }) => pending.has(row.id)}
      loading={loading || rows === undefined}
      emptyText={emptyText}
    />
  );
}
