import { useState } from 'react';
import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@/lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { ERROR_TOAST_MS } from '@/contracts/limits';
import type { ControlType } from '@/contracts/online-dev';
import { toNumber } from '@/contracts/online-dev-calc';
import { notify } from '@/lib/notify';
import { useOrgNames, type OrgNameKind } from '@/modules/org/public';
import { formatCalc } from '../core/calc-format';
import { valuesOf } from '../form/display';
import { useFormServices } from '../form/services';
import { cellLabel, controlSize, type ControlProps } from './types';

/**
 * 单据编号 (billRule): read-only; 取号 takes a number of the field's bill rule (offline from this
 * device's reserved numbers). Left empty, the server fills it when the record is saved.
 */
export function BillRuleControl({ field, value, onChange, disabled, invalid, mode, testId }: ControlProps) {
  const { t } = useLingui();
  const services = useFormServices();
  const [busy, setBusy] = useState(false);
  const take = async () => {
    setBusy(true);
    try {
      const n = await services.takeBillNumber(field);
      if (n) onChange(n);
      else notify({ kind: 'warning', title: t`暂无可用单号，保存时由系统生成`, duration: ERROR_TOAST_MS });
    } catch (e) {
      notify({ kind: 'error', title: e instanceof Error && e.message ? e.message : t`取号失败`, duration: ERROR_TOAST_MS });
    } finally {
      setBusy(false);
    }
  };
  const v = typeof value === 'string' ? value : '';
  return (
    <Stack gap="1" w="full">
      <HStack gap="2">
        <Input size={controlSize(mode)} value={v} readOnly aria-readonly aria-invalid={invalid || undefined} aria-label={cellLabel({ mode, field })} placeholder={t`系统自动生成`} data-testid={testId} />
        {!disabled && !v ? (
          <Button type="button" size={controlSize(mode)} variant="outline" onClick={take} loading={busy} flexShrink={0} data-testid={testId ? `${testId}-take` : undefined}>
            <Trans>取号</Trans>
          </Button>
        ) : null}
      </HStack>
      {mode === 'form' && !v ? (
        <Text fontSize="xs" color="fg.muted">
          <Trans>可不取号：保存时由系统按单据规则自动编号</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/** A calculation's value as shown (precision, thousands, and the uppercase amount under it). */
export function CalcText({ field, value, testId }: { field: ControlProps['field']; value: unknown; testId?: string }) {
  const shown = formatCalc(toNumber(value), { precision: field.precision, thousands: field.thousands, amountChinese: field.amountChinese });
  return (
    <Box data-testid={testId} aria-live="polite">
      <Text fontSize="sm" fontVariantNumeric="tabular-nums" data-testid={testId ? `${testId}-value` : undefined}>
        {shown.text}
      </Text>
      {shown.chinese ? (
        <Text fontSize="xs" color="fg.muted" data-testid={testId ? `${testId}-chinese` : undefined}>
          {shown.chinese}
        </Text>
      ) : null}
    </Box>
  );
}

/** 计算公式 (calculate): read-only, recomputed by the form (500 ms after the last change, spec 9). */
export function CalcControl({ field, value, mode, testId }: ControlProps) {
  if (mode === 'cell') {
    const shown = formatCalc(toNumber(value), { precision: field.precision, thousands: field.thousands, amountChinese: field.amountChinese });
    return (
      <div className="od-cell-calc" data-testid={testId} title={shown.chinese}>
        {shown.text}
      </div>
    );
  }
  return (
    <Box minH="8" display="flex" alignItems="center" px="3" rounded="l2" bg="bg.muted">
      <CalcText field={field} value={value} testId={`od-calc-${field.key}`} />
    </Box>
  );
}

const SYSTEM_NAMES: Partial<Record<ControlType, OrgNameKind>> = { createUser: 'user', modifyUser: 'user', currOrganize: 'organize' };

/** A system field's value as text: users and the organisation by name, times in the spec's YYYY-MM-DD HH:mm. */
export function SystemText({ field, value }: { field: ControlProps['field']; value: unknown }) {
  const ids = valuesOf(value);
  const kind = SYSTEM_NAMES[field.type];
  const names = useOrgNames(kind ?? 'user', kind ? ids : []);
  if (field.type === 'createTime' || field.type === 'modifyTime') return <>{ids.map((v) => formatDateTime(v)).join('、')}</>;
  return <>{kind ? names.join('、') : ids.join('、')}</>;
}

/** 创建人、创建时间、修改人、修改时间、所属组织: filled by the server; shown read-only, 系统自动生成 while none. */
export function SystemControl({ field, value, mode, testId }: ControlProps) {
  const empty = !valuesOf(value).length;
  return (
    <Box minH={mode === 'form' ? '8' : undefined} display="flex" alignItems="center" px="3" rounded="l2" bg="bg.muted" fontSize="sm" color={empty ? 'fg.subtle' : undefined} data-testid={testId}>
      {empty ? <Trans>系统自动生成</Trans> : <SystemText field={field} value={value} />}
    </Box>
  );
}
