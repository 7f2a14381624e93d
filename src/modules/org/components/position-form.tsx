import { Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormDialog } from '@/components/form-dialog';
import { queued } from '@/components/queued-feedback';
import { EnabledSwitch, FormField } from '@/components/form-field';
import type { PositionRow } from '@/contracts/org';
import { positionFormSchema, type PositionFormInput, type PositionFormOutput } from '../forms';
import { savePosition } from '../store';
import { DepartmentSelect } from './pickers';

const resolver = zodResolver(positionFormSchema) as Resolver<PositionFormInput, unknown, PositionFormOutput>;

function defaults(row: PositionRow | null, organizeId: string | null): PositionFormInput {
  if (!row) return { organizeId: organizeId ?? '', fullName: '', enCode: '', type: '', description: '', sortCode: 0, enabledMark: 1 };
  return {
    organizeId: row.organizeId,
    fullName: row.fullName,
    enCode: row.enCode,
    type: row.type ?? '',
    description: row.description ?? '',
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
  };
}

/** The form of a position (shared schema; saving goes through the queue). */
export function PositionFormDialog({ row, organizeId, onClose }: { row: PositionRow | null; organizeId: string | null; onClose(): void }) {
  const { t } = useLingui();
  const { register, control, handleSubmit, formState } = useForm<PositionFormInput, unknown, PositionFormOutput>({
    resolver,
    defaultValues: defaults(row, organizeId),
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (values) => {
    if (await queued('save', () => savePosition(values, row))) onClose();
  });

  return (
    <FormDialog
      title={row ? t`编辑岗位` : t`新建岗位`}
      onClose={onClose}
      onSubmit={submit}
      submitting={formState.isSubmitting}
      offlineNote
      size="lg"
      testId="org-position-form"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={<Trans>所属部门</Trans>} required error={errors.organizeId ? t`请选择所属部门` : undefined}>
          <Controller
            control={control}
            name="organizeId"
            render={({ field }) => (
              <DepartmentSelect value={field.value || null} onChange={(v) => field.onChange(v ?? '')} types={['company', 'department']} invalid={!!errors.organizeId} />
            )}
          />
        </FormField>
        <FormField label={<Trans>名称</Trans>} required error={errors.fullName?.message}>
          <Input {...register('fullName')} data-testid="org-position-fullName" />
        </FormField>
        <FormField label={<Trans>编码</Trans>} required error={errors.enCode?.message}>
          <Input {...register('enCode')} data-testid="org-position-enCode" />
        </FormField>
        <FormField label={<Trans>类型</Trans>} error={errors.type?.message}>
          <Input {...register('type')} />
        </FormField>
        <FormField label={<Trans>排序</Trans>} error={errors.sortCode?.message}>
          <Input type="number" inputMode="numeric" {...register('sortCode')} />
        </FormField>
        <FormField label={<Trans>状态</Trans>}>
          <Controller control={control} name="enabledMark" render={({ field }) => <EnabledSwitch value={field.value} onChange={field.onChange} />} />
        </FormField>
      </SimpleGrid>
      <FormField label={<Trans>说明</Trans>} error={errors.description?.message}>
        <Textarea rows={2} {...register('description')} />
      </FormField>
    </FormDialog>
  );
}
