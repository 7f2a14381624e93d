import { useEffect } from 'react';
import { Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import { emptyDefinition, MODEL_CATEGORIES, type ModelInfo } from '@/contracts/online-dev-model';
import { modelBodySchema } from '@/contracts/online-dev-schemas';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { network } from '@/lib/network';
import { modelApi } from './api';
import { categoryName } from './messages';

const metaSchema = modelBodySchema.pick({ fullName: true, enCode: true, category: true, description: true });
type Values = z.input<typeof metaSchema>;
type Output = z.output<typeof metaSchema>;

/** 新建功能: a model's name, code, category and description; it opens in the designer with an empty form. */
export function NewModelDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(info: ModelInfo): void }) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const { register, handleSubmit, reset, formState } = useForm<Values, unknown, Output>({ resolver: zodResolver(metaSchema) });
  useEffect(() => {
    if (open) reset({ fullName: '', enCode: '', category: 'other', description: '' });
  }, [open, reset]);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    const info = await modelApi.create({ ...values, description: values.description ?? '', draft: emptyDefinition() });
    onCreated(info);
  });
  return (
    <FormDialog
      open={open}
      title={<Trans>新建功能</Trans>}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      submitDisabled={!online}
      note={online ? undefined : <Trans>需要联网</Trans>}
      testId="od-model-dialog"
    >
      <Stack gap="4">
        <FormField label={t`名称`} error={errors.fullName} required>
          <Input {...register('fullName')} autoComplete="off" placeholder={t`例如 门店巡检`} data-testid="od-model-fullName" />
        </FormField>
        <FormField label={t`编码`} error={errors.enCode} required helper={<Trans>英文、数字和小数点；菜单地址和权限用它，发布后不能修改。</Trans>}>
          <Input {...register('enCode')} autoComplete="off" placeholder={t`例如 storeInspection`} data-testid="od-model-enCode" />
        </FormField>
        <FormField label={t`分类`} error={errors.category}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field {...register('category')} data-testid="od-model-category">
              {MODEL_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {categoryName(c)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t`说明`} error={errors.description}>
          <Textarea {...register('description')} rows={3} data-testid="od-model-description" />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
