import { useState } from 'react';
import { Badge, Box, Button, Dialog, HStack, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { PageCard } from '@/components/page-card';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Hash, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import type { BillRuleRow } from '@/contracts/base';
import { DeleteConfirm } from '@/components/delete-confirm';
import { EmptyState } from '@/components/empty-state';
import { ListPagination } from '@/components/list-pagination';
import { CacheNote, ListLoading, PendingBadge, StateSwitch } from '@/components/list-status';
import { ListToolbar } from '@/components/list-toolbar';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { translateContractMessage } from '@/lib/contract-messages';
import { usePagePermission } from '@/modules/auth/page-permission';
import { takeBillNumberFrom, topUpBillBlocks, useOfflineBillCounts } from '../bill-numbers';
import { BillNumberText, CopyableBillNumber } from '../components/bill-number-text';
import { BillRuleFormDialog, resetPeriodLabel, type BillRuleDialog } from '../components/bill-rule-form';
import { useBillRuleOptions } from '../data';
import { queued, reportFailure } from '@/components/queued-feedback';
import { defaultBillRuleQuery, deleteBillRule, setBillRuleState, useBillRuleList, type BillRuleQuery } from '../store';

interface Taken {
  rule: BillRuleRow;
  number: string;
  source: 'server' | 'block';
}

/** The number just taken, to read or copy. */
function TakenDialog({ taken, onClose }: { taken: Taken | null; onClose(): void }) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={!!taken} onOpenChange={(e) => !e.open && onClose()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="bill-taken">
            <Dialog.Header>
              <Dialog.Title>{taken ? t`${taken.rule.fullName}：新单号` : null}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {taken ? <CopyableBillNumber value={taken.number} testId="bill-taken-number" /> : null}
                <Text fontSize="sm" color="fg.muted">
                  {taken?.source === 'block' ? <Trans>离线取号：来自本机预留的单号，不会与其他人重复。</Trans> : <Trans>由服务器生成。</Trans>}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose}>
                <Trans>确定</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** How many offline numbers this device holds, per rule. */
function OfflineSummary({ counts }: { counts: Record<string, number> | undefined }) {
  const { t } = useLingui();
  const options = useBillRuleOptions();
  const online = useSnapshot(network).online;
  const [busy, setBusy] = useState(false);
  const entries = Object.entries(counts ?? {}).filter(([, n]) => n > 0);
  const nameOf = (enCode: string) => options?.find((o) => o.enCode === enCode)?.fullName ?? enCode;
  const topUp = async () => {
    setBusy(true);
    const n = await topUpBillBlocks();
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
          <Trans>补充</Trans>
        </Button>
      ) : null}
    </HStack>
  );
}

/** Menu page `system/billRule` (spec 7.5 BillRule): the rules, their next numbers, and taking one (offline too). */
export function BillRulePage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  const [q, setQ] = useState<BillRuleQuery>(defaultBillRuleQuery);
  const [dialog, setDialog] = useState<BillRuleDialog | null>(null);
  const [taken, setTaken] = useState<Taken | null>(null);
  const [taking, setTaking] = useState<string | null>(null);
  const view = useBillRuleList(q);
  const counts = useOfflineBillCounts();
  const canAdd = perm.button('btn_add');
  const canEdit = perm.button('btn_edit');
  const canRemove = perm.button('btn_remove');
  const col = {
    fullName: perm.column('fullName'),
    enCode: perm.column('enCode'),
    example: perm.column('example'),
    outputNumber: perm.column('outputNumber'),
    resetPeriod: perm.column('resetPeriod'),
    enabledMark: perm.column('enabledMark'),
  };

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

  let body;
  if (view.rows === undefined) body = <ListLoading testId="list-loading" />;
  else if (!view.rows.length)
    body = (
      <EmptyState
        text={q.keyword ? t`没有找到匹配的单据规则` : view.fromCache ? t`离线：本机还没有单据规则数据，联网后显示` : t`暂无单据规则`}
        action={
          q.keyword ? (
            <Button size="sm" variant="outline" onClick={() => setQ({ ...q, keyword: '', currentPage: 1 })}>
              <Trans>清除搜索</Trans>
            </Button>
          ) : undefined
        }
      />
    );
  else
    body = (
      <Box overflowX="auto">
        <Table.Root size="sm" interactive data-testid="bill-rule-table">
          <Table.Header>
            <Table.Row>
              {col.fullName ? <Table.ColumnHeader>{t`名称`}</Table.ColumnHeader> : null}
              {col.enCode ? <Table.ColumnHeader>{t`编码`}</Table.ColumnHeader> : null}
              {col.example ? <Table.ColumnHeader>{t`下一个单号`}</Table.ColumnHeader> : null}
              {col.outputNumber ? <Table.ColumnHeader>{t`当前流水号`}</Table.ColumnHeader> : null}
              {col.resetPeriod ? <Table.ColumnHeader>{t`重置周期`}</Table.ColumnHeader> : null}
              {col.enabledMark ? <Table.ColumnHeader w="24">{t`状态`}</Table.ColumnHeader> : null}
              <Table.ColumnHeader>{t`本机离线可用`}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t`操作`}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.rows.map((row) => {
              const pending = view.pending.has(row.id);
              return (
                <Table.Row key={row.id} data-testid="bill-rule-row" data-id={row.id} data-pending={pending || undefined}>
                  {col.fullName ? (
                    <Table.Cell>
                      <HStack gap="1.5">
                        <Text>{row.fullName}</Text>
                        {pending ? <PendingBadge testId="row-pending" /> : null}
                      </HStack>
                    </Table.Cell>
                  ) : null}
                  {col.enCode ? <Table.Cell>{row.enCode}</Table.Cell> : null}
                  {col.example ? (
                    <Table.Cell>
                      <BillNumberText value={row.example} />
                    </Table.Cell>
                  ) : null}
                  {col.outputNumber ? <Table.Cell>{row.outputNumber}</Table.Cell> : null}
                  {col.resetPeriod ? <Table.Cell>{resetPeriodLabel(row.resetPeriod)}</Table.Cell> : null}
                  {col.enabledMark ? (
                    <Table.Cell>
                      <StateSwitch testId="state-switch" enabled={row.enabledMark === 1} canEdit={canEdit} label={t`启用「${row.fullName}」`} onChange={(on) => void queued('state', () => setBillRuleState(row, on))} />
                    </Table.Cell>
                  ) : null}
                  <Table.Cell data-testid="bill-offline-count">{counts?.[row.enCode] ?? 0}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap="1" justify="flex-end">
                      <Button size="xs" variant="ghost" colorPalette="brand" disabled={row.enabledMark !== 1} loading={taking === row.id} onClick={() => void take(row)} data-testid="bill-take">
                        <Hash />
                        <Trans>取号</Trans>
                      </Button>
                      {canEdit ? (
                        <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setDialog({ mode: 'edit', row })} data-testid="bill-edit">
                          <Pencil />
                          <Trans>编辑</Trans>
                        </Button>
                      ) : null}
                      {canRemove ? (
                        <DeleteConfirm onConfirm={() => void queued('delete', () => deleteBillRule(row))}>
                          <Button size="xs" variant="ghost" colorPalette="red" data-testid="bill-remove">
                            <Trash2 />
                            <Trans>删除</Trans>
                          </Button>
                        </DeleteConfirm>
                      ) : null}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    );

  return (
    <PageCard testId="bill-rule-page" title={<Trans>单据规则</Trans>} dialog={<><BillRuleFormDialog dialog={dialog} onClose={() => setDialog(null)} />
      <TakenDialog taken={taken} onClose={() => setTaken(null)} /></>}>
        <Stack gap="3">
          <ListToolbar keyword={q.keyword} onSearch={(keyword) => setQ({ ...q, keyword, currentPage: 1 })} placeholder={t`请输入名称或编码查询`}>
            {canAdd ? (
              <Button size="sm" colorPalette="brand" onClick={() => setDialog({ mode: 'create' })} data-testid="bill-add">
                <Plus />
                <Trans>新建</Trans>
              </Button>
            ) : null}
          </ListToolbar>
          <OfflineSummary counts={counts} />
          <CacheNote view={view} testId="cache-note" />
          {body}
          {view.rows !== undefined && view.total > 0 ? <ListPagination total={view.total} page={q.currentPage} pageSize={q.pageSize} onChange={(currentPage, pageSize) => setQ({ ...q, currentPage, pageSize })} /> : null}
        </Stack>
    </PageCard>
  );
}
