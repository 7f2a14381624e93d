import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { PencilRuler } from 'lucide-react';
import type { ModelInfo, ModelRow } from '@/contracts/online-dev-model';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { actionsColumn, addAction, deleteAction, type RowAction } from '@/components/list/row-actions';
import { PageCard } from '@/components/page-card';
import { formatDateTime } from '@/lib/format';
import { defineListSearch, listParams, useListSearch } from '@/lib/list-search';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { ModelConflict, modelApi } from './api';
import { clearLocalCopy } from './local-copy';
import { categoryName } from './messages';
import { NewModelDialog } from './new-model-dialog';
import { StatusBadge, statusOf } from './ui/model-status';
import { useModelList } from './use-model-list';

const modelSearch = defineListSearch({}, {});
/** The designer is an administrator's tool: its list offers every action (the server checks the grants). */
const allowAll = () => true;

/** 功能设计: the models (paged, searched by name or code), 新建功能, and each one's 设计 / 删除. */
export function ModelList({ onOpen }: { onOpen(id: string): void }) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const query = useListSearch(modelSearch);
  const view = useModelList(listParams(query.values));
  const [adding, setAdding] = useState(false);
  const empty = useListEmpty(view, query, { none: t`还没有功能，点击“新建功能”开始设计`, noMatch: t`没有找到匹配的功能`, noCopy: t`需要联网才能查看功能列表` });

  const remove = async (row: ModelRow) => {
    try {
      await modelApi.remove(row.id, row.version);
      await clearLocalCopy(row.id).catch(() => undefined);
      notify({ kind: 'success', title: t`已删除「${row.fullName}」` });
    } catch (e) {
      const reason = e instanceof ModelConflict ? t`功能已被他人修改，请刷新后再试` : e instanceof Error ? e.message : String(e);
      notify({ kind: 'error', title: t`删除失败：${reason}` });
    }
    view.refetch();
  };
  const actions: RowAction<ModelRow>[] = [
    { key: 'design', label: <Trans>设计</Trans>, icon: <PencilRuler />, run: (row) => onOpen(row.id), testId: 'od-model-design' },
    deleteAction((row) => row.fullName, (row) => void remove(row), 'od-model-remove'),
  ];
  const columns: ListColumn<ModelRow>[] = [
    { key: 'fullName', header: t`名称`, cell: (row) => <Text fontWeight="medium">{row.fullName}</Text> },
    { key: 'enCode', header: t`编码`, nowrap: true, cell: (row) => row.enCode },
    { key: 'category', header: t`分类`, nowrap: true, cell: (row) => categoryName(row.category) },
    { key: 'state', header: t`状态`, nowrap: true, cell: (row) => <StatusBadge status={statusOf(row)} /> },
    { key: 'recordCount', header: t`记录数`, nowrap: true, align: 'end', cell: (row) => row.recordCount },
    { key: 'lastModifyTime', header: t`修改时间`, nowrap: true, cell: (row) => formatDateTime(row.lastModifyTime) },
    actionsColumn(actions, allowAll),
  ];

  return (
    <PageCard testId="od-model-page" title={<Trans>功能设计</Trans>} dialog={<NewModelDialog open={adding} onClose={() => setAdding(false)} onCreated={(info: ModelInfo) => onOpen(info.id)} />}>
      <ListFrame
        view={view}
        query={query}
        tableKey="onlineDev.models"
        placeholder={t`请输入名称或编码查询`}
        can={allowAll}
        actions={[{ ...addAction(<Trans>新建功能</Trans>, () => setAdding(true), 'od-model-add'), needsLocalData: false, disabled: online ? undefined : t`需要联网` }]}
      >
        <ListTable testId="od-model-table" rowTestId="od-model-row" columns={columns} view={view} rowData={(row) => ({ 'data-id': row.id })} onRowClick={(row) => onOpen(row.id)} empty={empty} />
      </ListFrame>
    </PageCard>
  );
}
