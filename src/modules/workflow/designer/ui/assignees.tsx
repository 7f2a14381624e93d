import { useState } from 'react';
import { Badge, Button, Stack, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Users } from 'lucide-react';
import { APPROVER_KIND_NAMES, ASSIGNEES_MAX, type Assignees } from '@/contracts/workflow-graph';
import { MultiSelect } from '@/components/multi-select';
import { ApproverDialog, PositionSelect, useRoles } from '@/modules/org/public';
import { approverKindName } from '../messages';
import { PropRow, SelectBox } from './controls';
import { useAssigneeNames } from './flow-nodes';

/**
 * Who an approver node or a circulation names: the kind, then the users (the approver picker of
 * spec 5.4: 请选择审批人员, leaf users only, 450 px), the roles or the positions. The launcher's
 * department head and the launcher's own choice name nobody here.
 */
export function AssigneesEditor<K extends keyof typeof APPROVER_KIND_NAMES>({ value, kinds, onChange, testId, label, pickerTitle }: {
  value: Assignees<K> | undefined;
  kinds: readonly K[];
  onChange(value: Assignees<K>): void;
  testId: string;
  label: string;
  /** The user picker's title (default 选择审批人员). */
  pickerTitle?: string;
}) {
  const { t } = useLingui();
  const [picking, setPicking] = useState(false);
  const roles = useRoles().data;
  const names = useAssigneeNames(value);
  const kind = value?.kind;
  const ids = value?.ids ?? [];
  const set = (next: string[]) => kind && onChange({ kind, ids: next.slice(0, ASSIGNEES_MAX) });
  return (
    <Stack gap="3" data-testid={testId}>
      <PropRow label={label}>
        <SelectBox<K>
          value={kind ?? ''}
          options={kinds.map((k) => ({ value: k, label: approverKindName(k) }))}
          onChange={(k) => onChange({ kind: k, ids: [] })}
          testId={`${testId}-kind`}
          ariaLabel={label}
          placeholder={t`请选择`}
        />
      </PropRow>
      {kind === 'user' ? (
        <PropRow label={<Trans>成员</Trans>}>
          <Stack gap="2" align="start">
            {names.length ? (
              <Wrap gap="1" data-testid={`${testId}-names`}>
                {names.map((n, i) => (
                  <Badge key={`${ids[i]}`} variant="subtle" colorPalette="brand">
                    {n}
                  </Badge>
                ))}
              </Wrap>
            ) : (
              <Text fontSize="xs" color="fg.subtle">
                <Trans>尚未选择</Trans>
              </Text>
            )}
            <Button size="xs" variant="outline" onClick={() => setPicking(true)} data-testid={`${testId}-pick`}>
              <Users />
              <Trans>选择成员</Trans>
            </Button>
          </Stack>
          {picking ? <ApproverDialog open onClose={() => setPicking(false)} value={ids} title={pickerTitle} onConfirm={(chosen) => set(chosen)} /> : null}
        </PropRow>
      ) : null}
      {kind === 'role' ? (
        <PropRow label={<Trans>角色</Trans>}>
          <MultiSelect items={roles?.map((r) => ({ value: r.id, label: r.fullName }))} value={ids} onChange={set} placeholder={t`选择角色`} chosenLabel={t`已选角色`} testId={`${testId}-roles`} />
        </PropRow>
      ) : null}
      {kind === 'position' ? (
        <PropRow label={<Trans>岗位</Trans>}>
          <PositionSelect multiple value={ids} onChange={(next) => set(next)} data-testid={`${testId}-positions`} />
        </PropRow>
      ) : null}
      {kind === 'deptHead' ? (
        <Text fontSize="xs" color="fg.muted">
          <Trans>由发起人所在部门的负责人审批。</Trans>
        </Text>
      ) : null}
      {kind === 'launcherChoice' ? (
        <Text fontSize="xs" color="fg.muted">
          <Trans>发起人在发起流程时用“请选择审批人员”选择审批人。</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}
