import { useMemo, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, Pencil } from 'lucide-react';
import { titleFieldOf } from '@/contracts/online-dev-define';
import { SYSTEM_COLUMN_NAMES, valueFields, type ModelConfig, type ModelField, type RecordRow, type SystemColumn } from '@/contracts/online-dev-model';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { actionsColumn, addAction, deleteAction, type ListAction, type RowAction } from '@/components/list/row-actions';
import { PageCard } from '@/components/page-card';
import { queued } from '@/components/queued-feedback';
import { formatDateTime } from '@/lib/format';
import { useListSearch } from '@/lib/list-search';
import { useRemoteList } from '@/lib/sync/use-remote-list';
import { usePagePermission } from '@/modules/auth/public';
import { DetailValue } from '../form/detail-value';
import { deleteRecord } from '../data/store';
import { recordList } from '../records';
import { ExportButton } from './export-button';
import { LeftTree } from './left-tree';
import { modelListSearch, recordQuery, searchValues } from './list-query';
import { RecordDialog, type RecordDialogState } from './record-dialog';
import { SearchButton } from './search-dialog';

/** The field a system column shows as (the form's display of system fields). */
const SYSTEM_FIELD: Record<SystemColumn, ModelField['type']> = {
  creatorTime: 'createTime',
  lastModifyTime: 'modifyTime',
  creatorUserId: 'createUser',
  lastModifyUserId: 'modifyUser',
  organizeId: 'currOrganize',
};

/** One cell: the value as the form's detail shows it (options by label, people by name …). */
function Cell({ field, value }: { field: ModelField; value: unknown }) {
  if (field.type === 'createTime' || field.type === 'modifyTime') return <>{typeof value === 'string' && value ? formatDateTime(value) : '—'}</>;
  return <DetailValue field={field} value={value} inCell />;
}

function useColumns(config: ModelConfig, onOpen: (d: RecordDialogState) => void): ListColumn<RecordRow>[] {
  const perm = usePagePermission();
  const fields = useMemo(() => new Map(valueFields(config.form.fields).map((f) => [f.key, f])), [config]);
  const titleKey = titleFieldOf(config);
  const nameOf = (row: RecordRow) => {
    const v = titleKey ? row[titleKey] : undefined;
    return typeof v === 'string' && v ? v : null;
  };
  const actions: RowAction<RecordRow>[] = [
    { key: 'detail', label: <Trans>详情</Trans>, icon: <Eye />, code: 'btn_detail', run: (row) => onOpen({ mode: 'detail', row }), testId: 'od-row-detail' },
    { key: 'edit', label: <Trans>编辑</Trans>, icon: <Pencil />, code: 'btn_edit', run: (row) => onOpen({ mode: 'edit', row }), testId: 'od-row-edit' },
    deleteAction(nameOf, (row) => void queued('delete', () => deleteRecord(config, row)), 'od-row-remove'),
  ];
  const columns: ListColumn<RecordRow>[] = config.list.columns.map((c) => {
    const system = SYSTEM_FIELD[c.key as SystemColumn];
    const field: ModelField = fields.get(c.key) ?? { id: c.key, key: c.key, type: system ?? 'comInput', label: SYSTEM_COLUMN_NAMES[c.key as SystemColumn] ?? c.key, span: 24 };
    return {
      key: c.key,
      header: c.label || field.label,
      align: c.align === 'right' ? ('end' as const) : undefined,
      nowrap: field.type !== 'textarea',
      minWidth: c.width ? `${c.width}px` : undefined,
      testId: `od-cell-${c.key}`,
      cell: (row: RecordRow) => <Cell field={field} value={row[c.key]} />,
    };
  });
  return [...columns, actionsColumn(actions.filter((a) => !a.code || config.list.buttons.includes(a.code as never)), perm.button, { iconOnly: true })];
}

/** A published model's list page (menu type 3): search, columns, sort, the spec's pager, the granted buttons, the tree beside it. */
export function ModelList({ config, title }: { config: ModelConfig; title: string }) {
  const { t } = useLingui();
  const perm = usePagePermission();
  const def = useMemo(() => modelListSearch(config), [config]);
  const query = useListSearch(def);
  const q = useMemo(() => recordQuery(config, query.values), [config, query.values]);
  const view = useRemoteList(recordList, q);
  const [dialog, setDialog] = useState<RecordDialogState | null>(null);
  const columns = useColumns(config, setDialog);
  const filtered = !!query.values.q || Object.keys(searchValues(config, query.values.f)).length > 0 || !!query.values.node;
  const empty = useListEmpty(view, query, { none: t`暂无数据`, noMatch: t`没有找到匹配的数据` }, { filtered, clear: () => query.filter({ q: '', f: '', node: '' }) });
  const can = (code: string) => config.list.buttons.includes(code as never) && perm.button(code);
  const actions: ListAction[] = [addAction(<Trans>新建</Trans>, () => setDialog({ mode: 'create' }), 'od-add')];
  const keywordHint = config.list.keywordFields.length ? t`请输入关键词查询` : t`本列表不支持关键词查询`;
  return (
    <PageCard
      testId="od-model-page"
      title={title}
      filter={config.list.tree ? <LeftTree config={config} value={query.values.node} onChange={(node) => query.filter({ node })} /> : undefined}
      dialog={<RecordDialog config={config} state={dialog} failed={dialog && 'row' in dialog ? view.failed.get(dialog.row.id) : undefined} onClose={() => setDialog(null)} />}
    >
      <ListFrame
        view={view}
        query={query}
        tableKey={`onlineDev.${config.enCode}`}
        placeholder={keywordHint}
        can={can}
        actions={actions}
        filters={
          <>
            {config.list.searchFields.length ? <SearchButton config={config} value={query.values.f} onChange={(f: string) => query.filter({ f })} /> : null}
            {can('btn_export') ? <ExportButton config={config} query={q} /> : null}
          </>
        }
        offlineNote={<Trans>新建和修改保存在本机，联网后自动同步。</Trans>}
        testId="od-list"
      >
        {view.failed.size ? (
          <Text fontSize="sm" color="fg.error" data-testid="od-failed-note">
            <Trans>有 {view.failed.size} 条修改被服务器拒绝：打开它改正后再保存，或删除。</Trans>
          </Text>
        ) : null}
        <ListTable testId="od-table" rowTestId="od-row" columns={columns} view={view} rowData={(row) => ({ 'data-id': row.id })} onRowClick={(row) => setDialog({ mode: can('btn_edit') || view.failed.has(row.id) ? 'edit' : 'detail', row })} empty={empty} />
      </ListFrame>
    </PageCard>
  );
}
