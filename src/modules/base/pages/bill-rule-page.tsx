import { useState } from 'react';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Hash, Pencil, RefreshCw } from 'lucide-react';
import type { BillRuleRow } from '@/contracts/base';
import { DialogFrame } from '@/components/dialog-frame';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { actionsColumn, addAction, deleteAction, type RowAction } from '@/components/list/row-actions';
import { StateSwitch } from '@/components/list-status';
import { PageCard } from '@/components/page-card';
import { queued, reportFailure } from '@/components/queued-feedback';
import { LIST_SORT_FIELDS } from '@/contracts/list-sort';
import { defineListSearch, listParams, useListSearch } from '@/lib/list-search';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { translateContractMessage } from '@/lib/contract-messages';
import { usePagePermission } from '@/modules/auth/public';
import { takeBillNumberFrom, topUpBillBlocks, useOfflineBillCounts } from '../bill-numbers';
import { BillNumberText, CopyableBillNumber } from '../components/bill-number-text';
import { BillRuleFormDialog, resetPeriodLabel, type BillRuleDialog } from '../components/bill-rule-form';
import { useBillRuleOptions } from '../data';
import { useBillRuleList } from '../list-hooks';
import { deleteBillRule, setBillRuleState } from '../store';

interface Taken {
  rule: BillRuleRow;
  number: string;
  source: 'server' | 'block';
}

/** The number just taken, to read or copy. */
function TakenDialog({ taken, onClose }: { taken: Taken | null; onClose(): void }) {
  const { t } = useLingui();
  return (
    <DialogFrame
      open={!!taken}
      onClose={onClose}
      size="sm"
      testId="bill-taken"
      title={taken ? t`${taken.rule.fullName}：新单号` : null}
      footer={
        <Button colorPalette="brand" onClick={onClose}>
          <Trans>确定</Trans>
        </Button>
      }
    >
      <Stack gap="3">
        {taken ? <CopyableBillNumber value={taken.number} testId="bill-taken-number" /> : null}
        <Text fontSize="sm" color="fg.muted">
          {taken?.source === 'block' ? <Trans>离线取号：来自本机预留的单号，不会与其他人重复。</Trans> : <Trans>由服务器生成。</Trans>}
        </Text>
      </Stack>
    </DialogFrame>
  );
}

/** How many offline numbers this device holds, per rule; the button asks this device to keep (more). */
function OfflineSummary({ counts }: { counts: Record<string, number> | undefined }) {
  const { t } = useLingui();
  const options = useBillRuleOptions();
  const online = useSnapshot(network).online;
  const [busy, setBusy] = useState(false);
  const entries = Object.entries(counts ?? {}).filter(([, n]) => n > 0);
  const nameOf = (enCode: string) => options?.find((o) => o.enCode === enCode)?.fullName ?? enCode;
  // Asking counts as asking this device to work offline: it keeps numbers from now on.
  const topUp = async () => {
    setBusy(true);
    const n = await topUpBillBlocks({ asked: true });
    setBusy(false);
    notify({ kind: 'success', title: n > 0 ? t`已为 ${n} 个规则预留离线单号` : t`离线单号充足，无需补充` });
  };
  return (
    <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted" data-testid="bill-offline-summary">
      <Text>
        <Trans>本机离线单号：</Trans>
      </Text>
      {entries.length ? (
        entries.map(([enCode, n]) => (
          <Badge key={enCode} variant="subtle" colorPalette="blue">
            {t`${nameOf(enCode)} ${n} 个`}
          </Badge>
        ))
      ) : (
        <Text>
          <Trans>暂无</Trans>
        </Text>
      )}
      {online ? (
        <Button size="xs" variant="ghost" onClick={() => void topUp()} loading={busy} data-testid="bill-top-up">
          <RefreshCw />
          {entries.length ? <Trans>补充</Trans> : <Trans>预留离线单号</Trans>}
        </Button>
      ) : null}
    </HStack>
  );
}

/** The columns of the rules (the granted ones, spec 6), the offline count, and 取号 / 编辑 / 删除. */
function useBillRuleColumns(counts: Record<string, number> | undefined, taking: string | null, onTake: (rule: BillRuleRow) => void, onDialog: (d: BillRuleDialog) => void): ListColumn<BillRuleRow>[] {
  const { t } = useLingui();
  const perm = usePagePermission();
  const canEdit = perm.button('btn_edit');
  const actions: RowAction<BillRuleRow>[] = [
    { key: 'take', label: <Trans>取号</Trans>, icon: <Hash />, disabled: (row) => row.enabledMark !== 1, busy: (row) => taking === row.id, run: onTake, testId: 'bill-take' },
    { key: 'edit', label: <Trans>编辑</Trans>, icon: <Pencil />, code: 'btn_edit', run: (row) => onDialog({ mode: 'edit', row }), testId: 'bill-edit' },
    deleteAction((row) => row.fullName, (row) => void queued('delete', () => deleteBillRule(row)), 'bill-remove'),
  ];
  return [
    { key: 'fullName', header: t`名称`, show: perm.column('fullName'), cell: (row) => <Text>{row.fullName}</Text> },
    { key: 'enCode', nowrap: true, header: t`编码`, show: perm.column('enCode'), cell: (row) => row.enCode },
    { key: 'example', nowrap: true, header: t`下一个单号`, show: perm.column('example'), cell: (row) => <BillNumberText value={row.example} /> },
    { key: 'outputNumber', nowrap: true, align: 'end', header: t`当前流水号`, show: perm.column('outputNumber'), cell: (row) => row.outputNumber },
    { key: 'resetPeriod', nowrap: true, header: t`重置周期`, show: perm.column('resetPeriod'), cell: (row) => resetPeriodLabel(row.resetPeriod) },
    {
      key: 'enabledMark',
      header: t`状态`,
      show: perm.column('enabledMark'),
      width: '24',
      cell: (row) => (
        <StateSwitch testId="state-switch" enabled={row.enabledMark === 1} canEdit={canEdit} label={t`启用「${row.fullName}」`} onChange={(on) => void queued('state', () => setBillRuleState(row, on))} />
      ),
    },
    { key: 'offline', nowrap: true, align: 'end', header: t`本机离线可用`, testId: 'bill-offline-count', cell: (row) => counts?.[row.enCode] ?? 0 },
    actionsColumn(actions, perm.button),
  ];
}

const billRuleSearch = defineListSearch({}, {}, { sortable: LIST_SORT_FIELDS.billRules });

/** Menu page `system/billRule` (spec 7.5 BillRule): the rules, their next numbers, and taking one (offline too); page and keyword in the URL. */
export function BillRulePage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  const query = useListSearch(billRuleSearch);
  const [dialog, setDialog] = useState<BillRuleDialog | null>(null);
  const [taken, setTaken] = useState<Taken | null>(null);
  const [taking, setTaking] = useState<string | null>(null);
  const view = useBillRuleList(listParams(query.values));
  const counts = useOfflineBillCounts();
  const empty = useListEmpty(view, query, { none: t`暂无单据规则`, noMatch: t`没有找到匹配的单据规则`, noCopy: t`离线：本机还没有单据规则数据，联网后显示` });

  const take = async (rule: BillRuleRow) => {
    setTaking(rule.id);
    try {
      const result = await takeBillNumberFrom(rule.enCode);
      setTaken({ rule, ...result });
      if (result.source === 'server') view.refetch();
    } catch (e) {
      reportFailure(e instanceof Error ? new Error(translateContractMessage(e.message) ?? e.message) : e);
    } finally {
      setTaking(null);
    }
  };
  const columns = useBillRuleColumns(counts, taking, (rule) => void take(rule), setDialog);

  return (
    <PageCard
      testId="bill-rule-page"
      title={<Trans>单据规则</Trans>}
      dialog={
        <>
          <BillRuleFormDialog dialog={dialog} onClose={() => setDialog(null)} />
          <TakenDialog taken={taken} onClose={() => setTaken(null)} />
        </>
      }
    >
      <ListFrame
        view={view}
        query={query}
        tableKey="base.billRule"
        placeholder={t`请输入名称或编码查询`}
        can={perm.button}
        actions={[addAction(<Trans>新建</Trans>, () => setDialog({ mode: 'create' }), 'bill-add')]}
        notes={<OfflineSummary counts={counts} />}
      >
        <ListTable testId="bill-rule-table" rowTestId="bill-rule-row" columns={columns} view={view} rowData={(row) => ({ 'data-id': row.id })} empty={empty} />
      </ListFrame>
    </PageCard>
  );
}
