import { Input, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MODEL_CATEGORIES, type FormConfig, type ModelCategory } from '@/contracts/online-dev-model';
import { translateContractMessage } from '@/lib/contract-messages';
import type { MetaPatch } from '../core/commands';
import { titleChoices } from '../core/list-settings';
import { categoryName } from '../messages';
import { NumberProp, PropRow, PropSection, SelectProp, TextProp } from './prop-controls';
import { useDesigner, useDesignerView } from './use-designer';

/**
 * 表单设置: the model's name, code, category and description, and how its form shows — label
 * width and position, a dialog or a drawer, and the field that names a record.
 */
export function FormPanel({ codeLocked }: { codeLocked: boolean }) {
  const { t } = useLingui();
  const designer = useDesigner();
  const view = useDesignerView();
  const { doc } = view.state;
  const form = doc.draft.form;
  const meta = (patch: MetaPatch, typed?: string) => designer.dispatch({ type: 'updateMeta', patch, merge: typed ? `meta:${typed}` : undefined });
  const setForm = (patch: Partial<Omit<FormConfig, 'fields'>>, typed?: string) => designer.dispatch({ type: 'updateForm', patch, merge: typed ? `form:${typed}` : undefined });
  const metaProblem = (field: string) => view.problems.find((p) => p.where === 'meta' && p.params.field === field);
  const nameProblem = metaProblem('fullName');
  const codeProblem = metaProblem('enCode');
  return (
    <Stack gap="3" p="3" data-testid="od-form-panel">
      <TextProp label={t`功能名称`} value={doc.fullName} onChange={(fullName) => meta({ fullName }, 'fullName')} testId="od-prop-fullName" invalid={!!nameProblem} helper={nameProblem ? translateContractMessage(nameProblem.message) : undefined} />
      {codeLocked ? (
        <PropRow label={t`功能编码`} helper={<Trans>已发布的功能不能修改编码（菜单和权限按编码关联）。</Trans>}>
          <Input size="sm" value={doc.enCode} readOnly fontFamily="mono" data-testid="od-prop-enCode" />
        </PropRow>
      ) : (
        <TextProp label={t`功能编码`} value={doc.enCode} onChange={(enCode) => meta({ enCode }, 'enCode')} testId="od-prop-enCode" invalid={!!codeProblem} helper={codeProblem ? translateContractMessage(codeProblem.message) : undefined} />
      )}
      <SelectProp label={t`分类`} value={doc.category} choices={MODEL_CATEGORIES.map((c) => ({ value: c, label: categoryName(c) }))} onChange={(v) => meta({ category: v as ModelCategory })} testId="od-prop-category" />
      <TextProp label={t`说明`} value={doc.description} onChange={(description) => meta({ description }, 'description')} testId="od-prop-description" multiline />
      <PropSection title={<Trans>表单布局</Trans>}>
        <NumberProp label={t`标题宽度（像素）`} value={form.labelWidth} onChange={(v) => v !== undefined && setForm({ labelWidth: Math.max(40, Math.min(400, v)) }, 'labelWidth')} testId="od-prop-labelWidth" integer min={40} max={400} />
        <SelectProp
          label={t`标题位置`}
          value={form.labelPosition}
          choices={[
            { value: 'left', label: t`左对齐` },
            { value: 'right', label: t`右对齐` },
            { value: 'top', label: t`顶部` },
          ]}
          onChange={(v) => setForm({ labelPosition: v as FormConfig['labelPosition'] })}
          testId="od-prop-labelPosition"
        />
        <SelectProp
          label={t`打开方式`}
          value={form.popup}
          choices={[
            { value: 'dialog', label: t`弹窗` },
            { value: 'drawer', label: t`抽屉` },
          ]}
          onChange={(v) => setForm({ popup: v as FormConfig['popup'] })}
          testId="od-prop-popup"
        />
        <SelectProp
          label={t`标题字段`}
          value={form.titleField ?? ''}
          empty={t`默认（第一个单行输入）`}
          choices={titleChoices(doc.draft).map((c) => ({ value: c.key, label: `${c.label}（${c.key}）` }))}
          onChange={(v) => setForm({ titleField: v || undefined })}
          testId="od-prop-titleField"
          helper={<Trans>关联表单的选项和删除确认用它称呼一条记录。</Trans>}
        />
      </PropSection>
    </Stack>
  );
}
