import { useEffect } from 'react';
import { Input, NativeSelect } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { flowBodySchema, FLOW_CATEGORIES, type FlowInfo } from '@/contracts/workflow';
import { starterGraph } from '@/contracts/workflow-graph';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { network } from '@/lib/network';
import { flowApi } from './api';
import { flowCategoryName } from './messages';
import { useFlowForms } from './ui/use-flow-designer';

const metaSchema = flowBodySchema.pick({ fullName: true, enCode: true, category: true }).extend({ formId: z.string() });
type Values = z.input<typeof metaSchema>;
type Output = z.output<typeof metaSchema>;

/** 新建流程: the flow's name, code, category and form (a published online-development model); it opens in the designer as 发起 → 审批 → 结束. */
export function NewFlowDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(info: FlowInfo): void }) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const forms = useFlowForms();
  const { register, handleSubmit, reset, formState } = useForm<Values, unknown, Output>({ resolver: zodResolver(metaSchema) });
  useEffect(() => {
    if (open) reset({ fullName: '', enCode: '', category: 'other', formId: '' });
  }, [open, reset]);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    const info = await flowApi.create({ fullName: values.fullName, enCode: values.enCode, category: values.category, icon: 'file-text', description: '', draft: { formId: values.formId || null, graph: starterGraph() } });
    onCreated(info);
  });
  return (
    <FormDialog open={open} title={<Trans>新建流程</Trans>} onClose={onClose} onSubmit={onSubmit} submitting={formState.isSubmitting} submitDisabled={!online} note={online ? undefined : <Trans>需要联网</Trans>} testId="flow-new-dialog">
      <FormField label={t`流程名称`} error={errors.fullName} required>
        <Input {...register('fullName')} autoComplete="off" placeholder={t`例如 样品申领`} data-testid="flow-new-fullName" />
      </FormField>
      <FormField label={t`流程编码`} error={errors.enCode} required helper={<Trans>英文、数字和小数点，发布后不能修改。</Trans>}>
        <Input {...register('enCode')} autoComplete="off" placeholder={t`例如 sampleRequest`} data-testid="flow-new-enCode" />
      </FormField>
      <FormField label={t`分类`} error={errors.category}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field {...register('category')} data-testid="flow-new-category">
            {FLOW_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {flowCategoryName(c)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label={t`流程表单`} error={errors.formId} helper={<Trans>发起人填写的表单（已发布的在线开发功能），也可以稍后在设计中选择。</Trans>}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field {...register('formId')} data-testid="flow-new-form">
            <option value="">{forms ? t`请选择表单` : t`正在读取…`}</option>
            {(forms ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.fullName}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </FormDialog>
  );
}
