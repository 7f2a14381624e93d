import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { PencilRuler } from 'lucide-react';
import type { FlowInfo, FlowRow } from '@/contracts/workflow';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { actionsColumn, addAction, deleteAction, type RowAction } from '@/components/list/row-actions';
import { PageCard } from '@/components/page-card';
import { formatDateTime } from '@/lib/format';
import { defineListSearch, listParams, useListSearch } from '@/lib/list-search';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { flowApi, FlowConflict } from './api';
import { clearLocalCopy } from './local-copy';
import { flowCategoryName } from './messages';
import { NewFlowDialog } from './new-flow-dialog';
import { FlowStatusBadge } from './ui/flow-status';
import { useFlowList } from './use-flow-list';

const flowSearch = defineListSearch({}, {});
/** The designer is an administrator's tool: its list offers every action (the server checks the grants). */
const allowAll = () => true;

/** 流程设计: the flows (paged, searched by name or code), 新建流程, and each one's 编辑 / 删除 (with confirmation). */
export function FlowList({ onOpen }: { onOpen(id: string): void }) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const query = useListSearch(flowSearch);
  const view = useFlowList(listParams(query.values));
  const [adding, setAdding] = useState(false);
  const empty = useListEmpty(view, query, { none: t`还没有流程，点击“新建流程”开始设计`, noMatch: t`没有找到匹配的流程`, noCopy: t`需要联网才能查看流程列表` });

  const remove = async (row: FlowRow) => {
    try {
      await flowApi.remove(row.id, row.version);
      await clearLocalCopy(row.id).catch(() => undefined);
      notify({ kind: 'success', title: t`已删除「${row.fullName}」` });
    } catch (e) {
      const reason = e instanceof FlowConflict ? t`流程已被他人修改，请刷新后再试` : e instanceof Error ? e.message : String(e);
      notify({ kind: 'error', title: t`删除失败：${reason}` });
    }
    view.refetch();
  };
  const actions: RowAction<FlowRow>[] = [
    { key: 'edit', label: <Trans>编辑</Trans>, icon: <PencilRuler />, run: (row) => onOpen(row.id), testId: 'flow-row-edit' },
    deleteAction((row) => row.fullName, (row) => void remove(row), 'flow-row-remove'),
  ];
  const columns: ListColumn<FlowRow>[] = [
    { key: 'fullName', header: t`流程名称`, cell: (row) => <Text fontWeight="medium">{row.fullName}</Text> },
    { key: 'enCode', header: t`编码`, nowrap: true, cell: (row) => row.enCode },
    { key: 'category', header: t`分类`, nowrap: true, cell: (row) => flowCategoryName(row.category) },
    { key: 'formName', header: t`表单`, nowrap: true, cell: (row) => row.formName ?? <Text color="fg.subtle">{t`未选择`}</Text> },
    { key: 'state', header: t`状态`, nowrap: true, cell: (row) => <FlowStatusBadge info={row} /> },
    { key: 'taskCount', header: t`流程数`, nowrap: true, align: 'end', cell: (row) => row.taskCount },
    { key: 'lastModifyTime', header: t`修改时间`, nowrap: true, cell: (row) => formatDateTime(row.lastModifyTime ?? row.creatorTime) },
    actionsColumn(actions, allowAll),
  ];

  return (
    <PageCard testId="flow-engine-page" title={<Trans>流程设计</Trans>} dialog={<NewFlowDialog open={adding} onClose={() => setAdding(false)} onCreated={(info: FlowInfo) => onOpen(info.id)} />}>
      <ListFrame
        view={view}
        query={query}
        tableKey="workflow.flows"
        placeholder={t`请输入名称或编码查询`}
        can={allowAll}
        actions={[{ ...addAction(<Trans>新建流程</Trans>, () => setAdding(true), 'flow-add'), needsLocalData: false, disabled: online ? undefined : t`需要联网` }]}
      >
        <ListTable testId="flow-table" rowTestId="flow-row" columns={columns} view={view} rowData={(row) => ({ 'data-id': row.id })} onRowClick={(row) => onOpen(row.id)} empty={empty} />
      </ListFrame>
    </PageCard>
  );
}
