import { useId, useMemo, useState } from 'react';
import { Badge, Box, Button, Center, Field, HStack, Input, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { LaunchableFlow } from '@/contracts/workflow';
import { URGENCIES, type UrgencyCode } from '@/contracts/workflow-paths';
import { DialogSections, DialogShell } from '@/components/dialog-frame';
import { reportFailure, reportQueued } from '@/components/queued-feedback';
import { network } from '@/lib/network';
import { useDataset } from '@/lib/sync/dataset';
import { ModelForm } from '@/modules/online-dev/public';
import { ApproverDialog } from '@/modules/org/public';
import { queueLaunch } from '../actions';
import { launchableData } from '../data';
import { URGENCY_LABELS } from '../labels';
import { FlowFormServices } from './flow-form';

/** Flows to launch, searched by name. */
function FlowChoice({ onPick }: { onPick(flow: LaunchableFlow): void }) {
  const { t } = useLingui();
  const { data, error } = useDataset(launchableData);
  const online = useSnapshot(network).online;
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (data ?? []).filter((f) => !k || f.fullName.toLowerCase().includes(k) || f.enCode.toLowerCase().includes(k));
  }, [data, keyword]);
  // Nothing here yet and the server is being asked (online, no answer or failure yet): wait for it.
  if (data === undefined || (data === null && online && !error)) {
    return (
      <Center py="8">
        <Spinner color="brand.solid" />
      </Center>
    );
  }
  if (!data?.length) {
    return (
      <Text color="fg.muted" py="4" data-testid="wf-no-flows">
        {data === null ? (online ? t`无法读取可发起的流程：${error ?? ''}` : t`离线：本机还没有可发起的流程，联网后再试。`) : t`暂无可发起的流程`}
      </Text>
    );
  }
  return (
    <Stack gap="3">
      <Input size="sm" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t`请输入流程名称查询`} aria-label={t`流程名称`} />
      <Stack gap="2" data-testid="wf-flow-options">
        {shown.map((f) => (
          <Button key={f.id} variant="outline" h="auto" py="2" justifyContent="start" textAlign="start" whiteSpace="normal" onClick={() => onPick(f)} data-testid="wf-flow-option" data-flow={f.id}>
            <Stack gap="0" align="start">
              <Text fontWeight="medium">{f.fullName}</Text>
              {f.description ? (
                <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                  {f.description}
                </Text>
              ) : null}
            </Stack>
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/** The launch of one flow: urgency, the approvers the launcher chooses, its form. */
function LaunchForm({ flow, formId, onLaunched, setBusy }: { flow: LaunchableFlow; formId: string; onLaunched(): void; setBusy(busy: boolean): void }) {
  const { t, i18n } = useLingui();
  const [urgent, setUrgent] = useState<UrgencyCode>(1);
  const [chosen, setChosen] = useState<Record<string, { ids: string[]; names: string[] }>>({});
  const [picking, setPicking] = useState<string | null>(null);
  const [missing, setMissing] = useState<string[]>([]);

  const submit = async (formData: Record<string, unknown>) => {
    const unset = flow.choices.filter((c) => !chosen[c.nodeId]?.ids.length).map((c) => c.nodeId);
    setMissing(unset);
    if (unset.length) return;
    setBusy(true);
    try {
      const approvers = Object.fromEntries(flow.choices.map((c) => [c.nodeId, chosen[c.nodeId]!.ids]));
      try {
        await queueLaunch(flow, { urgent, formData, approvers });
      } catch (e) {
        reportFailure(e);
        return;
      }
      if (await reportQueued({ online: t`流程已发起`, offline: t`已保存在本机，联网后自动发起`, slow: t`已保存在本机，正在发起` })) onLaunched();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>
          <Trans>紧急程度</Trans>
        </Field.Label>
        <HStack gap="2" role="radiogroup" aria-label={t`紧急程度`}>
          {URGENCIES.map((code) => (
            <Button
              key={code}
              size="sm"
              role="radio"
              aria-checked={urgent === code}
              variant={urgent === code ? 'solid' : 'outline'}
              colorPalette={urgent !== code ? 'gray' : code === 1 ? 'brand' : URGENCY_LABELS[code].color}
              onClick={() => setUrgent(code)}
              data-testid={`wf-urgent-option-${code}`}
            >
              {i18n._(URGENCY_LABELS[code].label)}
            </Button>
          ))}
        </HStack>
      </Field.Root>
      {flow.choices.map((c) => (
        <Field.Root key={c.nodeId} required invalid={missing.includes(c.nodeId)}>
          <Field.Label>
            {c.name}
            <Field.RequiredIndicator />
          </Field.Label>
          <Wrap gap="2" align="center">
            {(chosen[c.nodeId]?.names ?? []).map((n, i) => (
              <Badge key={`${n}-${i}`} variant="subtle">
                {n}
              </Badge>
            ))}
            <Button size="xs" variant="outline" onClick={() => setPicking(c.nodeId)} data-testid="wf-choose-approver" data-node={c.nodeId}>
              {chosen[c.nodeId]?.ids.length ? <Trans>重新选择</Trans> : <Trans>选择审批人员</Trans>}
            </Button>
          </Wrap>
          {missing.includes(c.nodeId) ? <Field.ErrorText>{t`请选择审批人员`}</Field.ErrorText> : null}
        </Field.Root>
      ))}
      <Box borderTopWidth="1px" pt="4">
        <FlowFormServices modelId={flow.form.modelId} flowId={flow.id}>
          <ModelForm modelId={flow.form.modelId} form={flow.form.form} mode="create" formId={formId} onSubmit={submit} testId="wf-launch-form" />
        </FlowFormServices>
      </Box>
      {picking ? (
        <ApproverDialog
          open
          value={chosen[picking]?.ids}
          onClose={() => setPicking(null)}
          onConfirm={(ids, nodes) => {
            const names = ids.map((id) => nodes.find((n) => n.id === id)?.fullName ?? id);
            setChosen((c) => ({ ...c, [picking]: { ids, names } }));
            setMissing((m) => m.filter((x) => x !== picking));
          }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * 发起流程: pick a flow the user may launch, fill its form (online development's renderer), set the
 * urgency and the approvers its nodes leave to the launcher, launch. The launch goes through the
 * sync queue with an id made here, so it works offline (files of the form kept on the device and
 * uploaded first).
 */
export function LaunchDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const formId = useId();
  const [flow, setFlow] = useState<LaunchableFlow | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <DialogShell onClose={onClose} size="lg" testId="wf-launch-dialog">
      <DialogSections
        title={flow ? t`发起：${flow.fullName}` : t`发起流程`}
        footer={
          <>
            {flow ? (
              <Button variant="ghost" me="auto" onClick={() => setFlow(null)} disabled={busy}>
                <Trans>重新选择流程</Trans>
              </Button>
            ) : null}
            <Button variant="outline" onClick={onClose}>
              <Trans>取消</Trans>
            </Button>
            {flow ? (
              <Button type="submit" form={formId} colorPalette="brand" loading={busy} data-testid="wf-launch-submit">
                <Trans>发起</Trans>
              </Button>
            ) : null}
          </>
        }
      >
        {flow ? <LaunchForm key={flow.id} flow={flow} formId={formId} onLaunched={onClose} setBusy={setBusy} /> : <FlowChoice onPick={setFlow} />}
      </DialogSections>
    </DialogShell>
  );
}
