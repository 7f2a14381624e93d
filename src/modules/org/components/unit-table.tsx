import { useMemo } from 'react';
import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Pencil, Plus } from 'lucide-react';
import { StateBadge } from '@/components/list-status';
import { ListTable, type ListColumn, type ListEmpty } from '@/components/list/list-table';
import { actionsColumn, deleteAction, type RowAction } from '@/components/list/row-actions';
import { useToggleSet } from '@/components/list/use-toggle-set';
import type { OrganizeRow } from '@/contracts/org';
import { formatDateTime } from '@/lib/format';
import { usePagePermission } from '@/modules/auth/public';

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
  /** The shown top rows with their children (undefined while loading), and the ids whose write waits. */
  view: { rows: OrganizeRow[] | undefined; pending: ReadonlySet<string> };
  empty: ListEmpty;
  onEdit(row: OrganizeRow): void;
  onDelete(row: OrganizeRow): void;
  /** 新建下级 under a row (a sub-company or sub-department). */
  onAddChild(row: OrganizeRow): void;
  testId: string;
}

/**
 * A tree table of companies or departments: name (indented, opens and closes), code, manager,
 * state, sort and creation time, each shown only when its column is granted, and the row's
 * actions allowed by the page's buttons.
 */
export function UnitTable({ view, empty, onEdit, onDelete, onAddChild, testId }: UnitTableProps) {
  const perm = usePagePermission();
  const [closed, toggle] = useToggleSet();
  const { rows } = view;
  const shown = useMemo(() => rows && visible(rows, closed), [rows, closed]);
  const actions: RowAction<Shown>[] = [
    { key: 'add', label: <Trans>新建下级</Trans>, icon: <Plus />, code: 'btn_add', run: ({ row }) => onAddChild(row) },
    { key: 'edit', label: <Trans>编辑</Trans>, icon: <Pencil />, code: 'btn_edit', run: ({ row }) => onEdit(row), testId: `${testId}-edit` },
    deleteAction(({ row }) => row.fullName, ({ row }) => onDelete(row), `${testId}-delete`),
  ];
  const columns: ListColumn<Shown>[] = [
    { key: 'fullName', header: <Trans>名称</Trans>, show: perm.column('fullName'), minWidth: '48', cell: ({ row }) => <Text as="span">{row.fullName}</Text> },
    { key: 'enCode', nowrap: true, header: <Trans>编码</Trans>, show: perm.column('enCode'), cell: ({ row }) => row.enCode },
    { key: 'manager', header: <Trans>负责人</Trans>, show: perm.column('manager'), cell: ({ row }) => row.manager },
    { key: 'enabledMark', nowrap: true, header: <Trans>状态</Trans>, show: perm.column('enabledMark'), cell: ({ row }) => <StateBadge enabled={row.enabledMark === 1} /> },
    { key: 'sortCode', nowrap: true, header: <Trans>排序</Trans>, show: perm.column('sortCode'), cell: ({ row }) => row.sortCode },
    { key: 'creatorTime', header: <Trans>创建时间</Trans>, show: perm.column('creatorTime'), nowrap: true, cell: ({ row }) => formatDateTime(row.creatorTime) },
    actionsColumn(actions, perm.button),
  ];

  return (
    <ListTable
      testId={testId}
      rowTestId={`${testId}-row`}
      columns={columns}
      view={{ rows: shown, pending: view.pending }}
      rowKey={({ row }) => row.id}
      tree={{ depth: (s) => s.depth, expanded: (s) => (s.row.children?.length ? s.open : null), toggle: (s) => toggle(s.row.id) }}
      empty={empty}
    />
  );
}
