import { HStack, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FLOW_STATUSES, URGENCIES, type FlowStatusCode, type UrgencyCode } from '@/contracts/workflow-paths';
import { STATUS_LABELS, URGENCY_LABELS } from '../labels';

/** The lists' status and urgency filters (spec 3 codes); `statuses: false` for 待办事宜 (every todo waits). */
export function TaskFilters({ status, urgent, statuses = true, onChange }: {
  status: FlowStatusCode | null;
  urgent: UrgencyCode | null;
  statuses?: boolean;
  onChange(patch: { status?: FlowStatusCode | null; urgent?: UrgencyCode | null }): void;
}) {
  const { t, i18n } = useLingui();
  return (
    <HStack gap="2" flexWrap="wrap">
      {statuses ? (
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={t`流程状态`}
            value={status === null ? '' : String(status)}
            onChange={(e) => onChange({ status: e.target.value ? (Number(e.target.value) as FlowStatusCode) : null })}
            data-testid="wf-filter-status"
          >
            <option value="">{t`全部状态`}</option>
            {FLOW_STATUSES.map((code) => (
              <option key={code} value={code}>
                {i18n._(STATUS_LABELS[code].label)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : null}
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t`紧急程度`}
          value={urgent === null ? '' : String(urgent)}
          onChange={(e) => onChange({ urgent: e.target.value ? (Number(e.target.value) as UrgencyCode) : null })}
          data-testid="wf-filter-urgent"
        >
          <option value="">{t`全部紧急程度`}</option>
          {URGENCIES.map((code) => (
            <option key={code} value={code}>
              {i18n._(URGENCY_LABELS[code].label)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
