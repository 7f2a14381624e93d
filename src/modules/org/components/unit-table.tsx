import { useMemo, useState } from 'react';
import { Box, Button, HStack, IconButton, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { DeleteConfirm } from '@/components/delete-confirm';
import type { OrganizeRow } from '@/contracts/org';
import { formatDateTime } from '@/lib/format';
import { usePagePermission } from '@/modules/auth/page-permission';
import { PendingBadge, StateBadge, TableFiller, Th } from './list-parts';

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
  const col = {
    fullName: perm.column('fullName'),
    enCode: perm.column('enCode'),
    manager: perm.column('manager'),
    enabledMark: perm.column('enabledMark'),
    sortCode: perm.column('sortCode'),
    creatorTime: perm.column('creatorTime'),
  };
  const can = { add: !!onAddChild && perm.button('btn_add'), edit: perm.button('btn_edit'), remove: perm.button('btn_remove') };
  const hasActions = can.add || can.edit || can.remove;
  const colSpan = Object.values(col).filter(Boolean).length + (hasActions ? 1 : 0) || 1;
  const toggle = (id: string) =>
    setClosed((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive data-testid={testId}>
        <Table.Header>
          <Table.Row>
            <Th show={col.fullName}>
              <Trans>名称</Trans>
            </Th>
            <Th show={col.enCode}>
              <Trans>编码</Trans>
            </Th>
            <Th show={col.manager}>
              <Trans>负责人</Trans>
            </Th>
            <Th show={col.enabledMark}>
              <Trans>状态</Trans>
            </Th>
            <Th show={col.sortCode}>
              <Trans>排序</Trans>
            </Th>
            <Th show={col.creatorTime}>
              <Trans>创建时间</Trans>
            </Th>
            <Th show={hasActions}>
              <Trans>操作</Trans>
            </Th>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!shown.length ? (
            <TableFiller colSpan={colSpan} loading={loading || rows === undefined} text={emptyText} />
          ) : (
            shown.map(({ row, depth, open }) => (
              <Table.Row key={row.id} data-testid={`${testId}-row`} data-pending={pending.has(row.id) || undefined}>
                {col.fullName ? (
                  <Table.Cell>
                    <HStack gap="1" ps={`${depth * 20}px`} minW="48">
                      {row.children?.length ? (
                        <IconButton size="2xs" variant="ghost" aria-label={open ? t`收起` : t`展开`} aria-expanded={open} onClick={() => toggle(row.id)}>
                          {open ? <ChevronDown /> : <ChevronRight />}
                        </IconButton>
                      ) : (
                        <Box w="6" flexShrink={0} />
                      )}
                      <Text as="span">{row.fullName}</Text>
                      {pending.has(row.id) ? <PendingBadge /> : null}
                    </HStack>
                  </Table.Cell>
                ) : null}
                {col.enCode ? <Table.Cell>{row.enCode}</Table.Cell> : null}
                {col.manager ? <Table.Cell>{row.manager}</Table.Cell> : null}
                {col.enabledMark ? (
                  <Table.Cell>
                    <StateBadge enabled={row.enabledMark === 1} />
                  </Table.Cell>
                ) : null}
                {col.sortCode ? <Table.Cell>{row.sortCode}</Table.Cell> : null}
                {col.creatorTime ? <Table.Cell whiteSpace="nowrap">{formatDateTime(row.creatorTime)}</Table.Cell> : null}
                {hasActions ? (
                  <Table.Cell whiteSpace="nowrap">
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
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
