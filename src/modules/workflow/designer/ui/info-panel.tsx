import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FLOW_CATEGORIES, type FlowCategory } from '@/contracts/workflow';
import { flowCategoryName } from '../messages';
import { PropRow, SelectBox, TextProp } from './controls';
import { useFlowDesigner, useFlowForms, useFlowView } from './use-flow-designer';

/** The flow's settings (nothing selected): name, code (fixed once published), category, description and the form its tasks fill. */
export function InfoPanel({ codeLocked }: { codeLocked: boolean }) {
  const { t } = useLingui();
  const designer = useFlowDesigner();
  const doc = useFlowView().state.doc;
  const forms = useFlowForms();
  const formId = doc.draft.formId;
  const formOptions = (forms ?? []).map((f) => ({ value: f.id, label: f.fullName }));
  if (formId && forms && !forms.some((f) => f.id === formId)) formOptions.push({ value: formId, label: t`（表单未发布或已删除）` });
  return (
    <Stack gap="4" p="3" data-testid="flow-info-panel">
      <Text fontSize="sm" fontWeight="semibold">
        <Trans>流程设置</Trans>
      </Text>
      <TextProp label={<Trans>流程名称</Trans>} value={doc.fullName} onChange={(fullName) => designer.dispatch({ type: 'setInfo', patch: { fullName }, merge: 'info:fullName' })} testId="flow-info-fullName" />
      <TextProp
        label={<Trans>流程编码</Trans>}
        value={doc.enCode}
        disabled={codeLocked}
        helper={codeLocked ? <Trans>发布后不能修改编码</Trans> : undefined}
        onChange={(enCode) => designer.dispatch({ type: 'setInfo', patch: { enCode }, merge: 'info:enCode' })}
        testId="flow-info-enCode"
      />
      <PropRow label={<Trans>分类</Trans>}>
        <SelectBox<FlowCategory> value={doc.category} options={FLOW_CATEGORIES.map((c) => ({ value: c, label: flowCategoryName(c) }))} onChange={(category) => designer.dispatch({ type: 'setInfo', patch: { category } })} testId="flow-info-category" ariaLabel={t`分类`} />
      </PropRow>
      <PropRow label={<Trans>流程表单</Trans>} helper={<Trans>发起人填写的表单：已发布的在线开发功能。更换表单会清空各节点可修改的字段。</Trans>}>
        <SelectBox value={formId ?? ''} options={formOptions} onChange={(id) => designer.dispatch({ type: 'setForm', formId: id || null })} testId="flow-info-form" ariaLabel={t`流程表单`} placeholder={forms ? t`请选择表单` : t`正在读取…`} />
      </PropRow>
      <TextProp label={<Trans>说明</Trans>} value={doc.description} multiline onChange={(description) => designer.dispatch({ type: 'setInfo', patch: { description }, merge: 'info:description' })} testId="flow-info-description" />
    </Stack>
  );
}
