import { useMemo, useState } from 'react';
import { Badge, Button, Heading, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus } from 'lucide-react';
import { z } from 'zod';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { actionsColumn, addAction, deleteAction, type RowAction } from '@/components/list/row-actions';
import { useToggleSet } from '@/components/list/use-toggle-set';
import { StateSwitch } from '@/components/list-status';
import { queued } from '@/components/queued-feedback';
import type { DictionaryDataRow, DictionaryTypeRow } from '@/contracts/base';
import { LIST_SORT_FIELDS } from '@/contracts/list-sort';
import { defineListSearch, type ListPaging, type ListSearch } from '@/lib/list-search';
import { sortParams } from '@/lib/list-sort';
import { notify } from '@/lib/notify';
import { useDictionaryDataList } from '../list-hooks';
import { deleteDictionaryData, setDictionaryDataState } from '../store';
import { branchIds, flattenTree, nestRows, visibleTreeRows, type TableTreeRow } from '../tree-rows';
import { DictionaryDataFormDialog, type DictionaryDataDialog } from './dictionary-forms';
import { canUse, type DictionaryButtons } from './dictionary-type-tree';

export interface DataColumns {
  fullName: boolean;
  enCode: boolean;
  enabledMark: boolean;
  sortCode: boolean;
}

/** A list query with the chosen dictionary type (`dict`; '' for the first type that holds data) and the sorted column. */
export const dictionarySearch = defineListSearch({ dict: z.string() }, { dict: '' }, { sortable: LIST_SORT_FIELDS.dictionaryData });
export type DictionaryQuery = ListSearch<ListPaging & { dict: string }>;

type DataItem = TableTreeRow<DictionaryDataRow>;

/** The columns of a type's data (the granted ones) and 新增下级 (tree types) / 编辑 / 删除. */
function useDataColumns(type: DictionaryTypeRow, buttons: DictionaryButtons, columns: DataColumns, onDialog: (d: DictionaryDataDialog) => void): ListColumn<DataItem>[] {
  const { t } = useLingui();
  const remove = (row: DictionaryDataRow) => {
    if (row.hasChildren || row.children?.length) notify({ kind: 'error', title: t`该数据下有子数据，不能删除` });
    else void queued('delete', () => deleteDictionaryData(row));
  };
  const actions: RowAction<DataItem>[] = [
    { key: 'add', label: <Trans>新增下级</Trans>, icon: <Plus />, code: 'btn_add', when: () => type.isTree === 1, run: ({ row }) => onDialog({ mode: 'create', parentId: row.id }), testId: 'data-add-child' },
    { key: 'edit', label: <Trans>编辑</Trans>, icon: <Pencil />, code: 'btn_edit', run: ({ row }) => onDialog({ mode: 'edit', row }), testId: 'data-edit' },
    deleteAction(({ row }) => row.fullName, ({ row }) => remove(row), 'data-remove'),
  ];
  return [
    { key: 'fullName', header: t`名称`, show: columns.fullName, cell: ({ row }) => <Text>{row.fullName}</Text> },
    { key: 'enCode', nowrap: true, header: t`编码`, show: columns.enCode, cell: ({ row }) => <Text>{row.enCode}</Text> },
    {
      key: 'enabledMark',
      header: t`状态`,
      show: columns.enabledMark,
      width: '24',
      cell: ({ row }) => (
        <StateSwitch testId="state-switch" enabled={row.enabledMark === 1} canEdit={buttons.edit} label={t`启用「${row.fullName}」`} onChange={(on) => void queued('state', () => setDictionaryDataState(row, on))} />
      ),
    },
    { key: 'sortCode', header: t`排序`, show: columns.sortCode, width: '20', cell: ({ row }) => row.sortCode },
    actionsColumn(actions, canUse(buttons)),
  ];
}

/** The chosen type's data: toolbar, the table (a tree for tree types, flat while searching), the form. */
export function DictionaryDataPanel({ type, query, buttons, columns }: { type: DictionaryTypeRow; query: DictionaryQuery; buttons: DictionaryButtons; columns: DataColumns }) {
  const { t } = useLingui();
  const { q: keyword, sort } = query.values;
  const [collapsed, toggle, setCollapsed] = useToggleSet();
  const [dialog, setDialog] = useState<DictionaryDataDialog | null>(null);
  const view = useDictionaryDataList({ typeId: type.id, keyword, ...sortParams(sort) });
  const isTree = type.isTree === 1;
  const shown: DataItem[] = useMemo(() => {
    const flat = flattenTree(view.rows ?? []);
    if (!isTree || keyword) return flat.map((row) => ({ row, depth: 0, hasChildren: false, expanded: false }));
    const nested = nestRows(flat);
    const open = new Set(branchIds(nested).filter((id) => !collapsed.has(id)));
    return visibleTreeRows(nested, open);
  }, [view.rows, isTree, keyword, collapsed]);
  const tableColumns = useDataColumns(type, buttons, columns, setDialog);
  const empty = useListEmpty(
    view,
    query,
    { none: t`这个分类还没有数据`, noMatch: t`没有找到匹配的字典数据`, noCopy: t`离线：本机还没有这个分类的数据，联网后显示` },
    {
      action: buttons.add ? (
        <Button size="sm" colorPalette="brand" variant="outline" onClick={() => setDialog({ mode: 'create' })}>
          <Plus />
          <Trans>新建</Trans>
        </Button>
      ) : undefined,
    },
  );

  return (
    <ListFrame
      view={view}
      query={query}
      tableKey="base.dictionaryData"
      paged={false}
      testId="dictionary-data-panel"
      placeholder={t`请输入名称或编码查询`}
      heading={
        <HStack gap="2">
          <Heading size="sm">{type.fullName}</Heading>
          <Badge variant="subtle">{type.enCode}</Badge>
          {isTree ? (
            <Badge variant="subtle" colorPalette="purple">
              <Trans>树形</Trans>
            </Badge>
          ) : null}
        </HStack>
      }
      can={canUse(buttons)}
      actions={[addAction(<Trans>新建</Trans>, () => setDialog({ mode: 'create' }), 'data-add')]}
    >
      <ListTable
        testId="dictionary-data-table"
        rowTestId="dictionary-data-row"
        columns={tableColumns}
        view={{ rows: view.rows === undefined ? undefined : shown, pending: view.pending }}
        rowKey={({ row }) => row.id}
        rowData={({ row }) => ({ 'data-id': row.id })}
        tree={isTree && !keyword ? { depth: (s) => s.depth, expanded: (s) => (s.hasChildren ? s.expanded : null), toggle: (s) => toggle(s.row.id) } : undefined}
        empty={empty}
      />
      {/* Mounted while open: it reads the type's whole tree for the parent choice. */}
      {dialog ? (
        <DictionaryDataFormDialog
          dialog={dialog}
          type={type}
          onClose={() => setDialog(null)}
          onSaved={(row) =>
            // A child added under a collapsed item: open it.
            setCollapsed((prev) => {
              if (!prev.has(row.parentId)) return prev;
              const next = new Set(prev);
              next.delete(row.parentId);
              return next;
            })
          }
        />
      ) : null}
    </ListFrame>
  );
}
