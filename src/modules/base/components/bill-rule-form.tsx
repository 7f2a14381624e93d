import { useEffect } from 'react';
import { Box, HStack, Input, NativeSelect, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BILL_DATE_FORMATS, BILL_DIGIT_MAX, BILL_DIGIT_MIN, BILL_RESET_PERIODS, billRuleBodySchema, type BillDateFormat, type BillResetPeriod, type BillRuleRow } from '@/contracts/base';
import { FormDialog } from '@/components/form-dialog';
import { EnabledSwitch, FormField } from '@/components/form-field';
import { previewBillNumber } from '../bill-numbers';
import { queued } from '@/components/queued-feedback';
import { saveBillRule } from '../store';
import { BillNumberText } from './bill-number-text';

type Values = z.input<typeof billRuleBodySchema>;
type Output = z.output<typeof billRuleBodySchema>;

/** The name of a date format in the select ('' is none). */
export function dateFormatLabel(format: BillDateFormat): string {
  return format === '' ? translate`无` : format;
}

/** The name of a reset period. */
export function resetPeriodLabel(period: BillResetPeriod): string {
  switch (period) {
    case 'year':
      return translate`每年`;
    case 'month':
      return translate`每月`;
    case 'day':
      return translate`每天`;
    default:
      return translate`不重置`;
  }
}

export type BillRuleDialog = { mode: 'create' } | { mode: 'edit'; row: BillRuleRow };

/** Add or edit a bill rule, with a live preview of the numbers it makes. */
export function BillRuleFormDialog({ dialog, onClose }: { dialog: BillRuleDialog | null; onClose(): void }) {
  const { t } = useLingui();
  const editing = dialog?.mode === 'edit' ? dialog.row : null;
  const { register, control, handleSubmit, reset, formState } = useForm<Values, unknown, Output>({ resolver: zodResolver(billRuleBodySchema) });
  useEffect(() => {
    if (!dialog) return;
    reset(
      editing
        ? {
            fullName: editing.fullName,
            enCode: editing.enCode,
            prefix: editing.prefix,
            dateFormat: editing.dateFormat,
            digit: editing.digit,
            startNumber: editing.startNumber,
            resetPeriod: editing.resetPeriod,
            sortCode: editing.sortCode,
            description: editing.description ?? '',
            enabledMark: editing.enabledMark,
          }
        : { fullName: '', enCode: '', prefix: '', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1, resetPeriod: 'day', sortCode: 0, description: '', enabledMark: 1 },
    );
  }, [dialog, editing, reset]);
  const [prefix, dateFormat, digit, startNumber] = useWatch({ control, name: ['prefix', 'dateFormat', 'digit', 'startNumber'] });
  const preview = previewBillNumber({ prefix: String(prefix ?? ''), dateFormat: (dateFormat ?? '') as BillDateFormat, digit: Number(digit), startNumber: Number(startNumber) }, new Date());
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    if (await queued('save', () => saveBillRule(values, editing))) onClose();
  });

  return (
    <FormDialog open={!!dialog} title={editing ? t`编辑单据规则` : t`新建单据规则`} onClose={onClose} onSubmit={onSubmit} submitting={formState.isSubmitting} testId="bill-rule-form" submitTestId="form-submit" size="lg">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t`名称`} error={errors.fullName} required>
          <Input {...register('fullName')} autoComplete="off" data-testid="bill-fullName" />
        </FormField>
        <FormField label={t`编码`} error={errors.enCode} required>
          <Input {...register('enCode')} autoComplete="off" data-testid="bill-enCode" />
        </FormField>
        <FormField label={t`前缀`} error={errors.prefix}>
          <Input {...register('prefix')} autoComplete="off" data-testid="bill-prefix" />
        </FormField>
        <FormField label={t`日期格式`} error={errors.dateFormat}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('dateFormat')} data-testid="bill-dateFormat">
              {BILL_DATE_FORMATS.map((f) => (
                <option key={f || 'none'} value={f}>
                  {dateFormatLabel(f)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t`流水位数`} error={errors.digit} required helper={t`${BILL_DIGIT_MIN} 到 ${BILL_DIGIT_MAX} 位`}>
          <Input {...register('digit')} type="number" inputMode="numeric" min={BILL_DIGIT_MIN} max={BILL_DIGIT_MAX} data-testid="bill-digit" />
        </FormField>
        <FormField label={t`起始值`} error={errors.startNumber}>
          <Input {...register('startNumber')} type="number" inputMode="numeric" min={0} data-testid="bill-startNumber" />
        </FormField>
        <FormField label={t`重置周期`} error={errors.resetPeriod}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('resetPeriod')} data-testid="bill-resetPeriod">
              {BILL_RESET_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {resetPeriodLabel(p)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t`排序`} error={errors.sortCode}>
          <Input {...register('sortCode')} type="number" inputMode="numeric" min={0} />
        </FormField>
      </SimpleGrid>
      <Box borderWidth="1px" rounded="md" px="3" py="2" bg="bg.subtle">
        <HStack gap="2" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            <Trans>单号示例</Trans>
          </Text>
          <BillNumberText value={preview} size="md" testId="bill-preview" />
        </HStack>
      </Box>
      <FormField label={t`说明`} error={errors.description}>
        <Textarea {...register('description')} rows={2} />
      </FormField>
      <Controller control={control} name="enabledMark" render={({ field }) => <EnabledSwitch value={field.value} onChange={field.onChange} testId="form-enabled" label={t`启用`} />} />
    </FormDialog>
  );
}
