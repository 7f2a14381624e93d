import { Box, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPTION_CONTROL_TYPES } from '@/contracts/online-dev';
import { isLayoutField, isSystemField, type ModelField } from '@/contracts/online-dev-model';
import { controlName } from '../core/palette';
import { findItem, locate } from '../core/tree';
import { problemText } from '../messages';
import { FieldCalcProps } from './field-calc';
import { TableColumnsProps, TabPanesProps } from './field-containers';
import { DefaultValueProp } from './field-default';
import { FieldOptionsProps } from './field-options';
import { BillRuleProp, RelationProps, UploadProps } from './field-special';
import { FieldTypeProps } from './field-typed';
import { CommitTextProp, SelectProp, SwitchProp, TextProp } from './prop-controls';
import { useDesignerView } from './use-designer';
import { useItemPatch } from './use-item-patch';

/** Widths a field may take in the form's 24-column grid. */
const SPANS = [6, 8, 12, 16, 18, 24];
/** Control types with a placeholder of their own. */
const PLACEHOLDER_TYPES = ['comInput', 'textarea', 'numInput', 'select', 'cascader', 'date', 'time', 'treeSelect', 'comSelect', 'depSelect', 'posSelect', 'userSelect', 'address', 'relationForm'];

/** 字段属性: the selected item's properties, those its control type has. */
export function FieldPanel() {
  const view = useDesignerView();
  const fields = view.state.doc.draft.form.fields;
  const item = findItem(fields, view.state.selection);
  if (!item) {
    return (
      <Text fontSize="sm" color="fg.muted" p="4" data-testid="od-prop-empty">
        <Trans>在画布中选择一个控件，在这里设置它的属性。</Trans>
      </Text>
    );
  }
  const inTable = locate(fields, item.id)?.container?.type === 'table';
  const problems = view.problems.filter((p) => p.itemId === item.id);
  return (
    <Stack gap="3" p="3" data-testid="od-field-panel" data-item={item.id}>
      <Text fontSize="xs" color="fg.muted">
        {controlName(item.type)}
        {inTable ? <Trans>（子表列）</Trans> : null}
      </Text>
      {problems.length ? (
        <Box bg="red.subtle" color="fg.error" fontSize="xs" p="2" rounded="l2" data-testid="od-prop-problems">
          {problems.map((p, i) => (
            <Text key={i}>{problemText(p)}</Text>
          ))}
        </Box>
      ) : null}
      {isLayoutField(item) ? <LayoutProps item={item} /> : <ValueProps item={item} inTable={inTable} />}
    </Stack>
  );
}

function LayoutProps({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const patch = useItemPatch(item.id);
  return (
    <>
      {item.type === 'card' || item.type === 'groupTitle' || item.type === 'divider' ? (
        <TextProp label={item.type === 'divider' ? t`分割线文字` : t`标题`} value={item.label} onChange={(label) => patch({ label }, 'label')} testId="od-prop-label" />
      ) : null}
      {item.type === 'tab' ? <TabPanesProps item={item} /> : null}
      <SpanProp item={item} />
    </>
  );
}

function SpanProp({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const patch = useItemPatch(item.id);
  const choices = SPANS.map((n) => ({ value: String(n), label: n === 24 ? t`整行` : `${n}/24` }));
  if (!SPANS.includes(item.span)) choices.push({ value: String(item.span), label: `${item.span}/24` });
  return <SelectProp label={t`宽度`} value={String(item.span)} choices={choices} onChange={(v) => patch({ span: Number(v) })} testId="od-prop-span" />;
}

function ValueProps({ item, inTable }: { item: ModelField; inTable: boolean }) {
  const { t } = useLingui();
  const patch = useItemPatch(item.id);
  const view = useDesignerView();
  const keyProblem = view.problems.some((p) => p.itemId === item.id && p.params.key === item.key && /字段名/.test(p.message));
  const system = isSystemField(item);
  return (
    <>
      <TextProp label={t`标题`} value={item.label} onChange={(label) => patch({ label }, 'label')} testId="od-prop-label" invalid={!item.label.trim()} />
      <CommitTextProp
        label={t`字段名`}
        value={item.key}
        onCommit={(key) => patch({ key })}
        testId="od-prop-key"
        invalid={keyProblem}
        helper={<Trans>字母开头，由字母、数字和下划线组成；列表设置和公式会随之更新。</Trans>}
      />
      {inTable ? null : <SpanProp item={item} />}
      {system ? (
        <Text fontSize="xs" color="fg.muted">
          <Trans>系统控件的值由服务器在保存时填写，表单中只读。</Trans>
        </Text>
      ) : (
        <>
          {item.type === 'calculate' ? null : <SwitchProp label={t`必填`} checked={!!item.required} onChange={(required) => patch({ required: required || undefined })} testId="od-prop-required" />}
          {PLACEHOLDER_TYPES.includes(item.type) ? <TextProp label={t`占位提示`} value={item.placeholder} onChange={(v) => patch({ placeholder: v || undefined }, 'placeholder')} testId="od-prop-placeholder" /> : null}
          <FieldTypeProps item={item} />
          {OPTION_CONTROL_TYPES.includes(item.type) ? <FieldOptionsProps item={item} /> : null}
          {item.type === 'uploadFz' || item.type === 'uploadImg' ? <UploadProps item={item} /> : null}
          {item.type === 'billRule' ? <BillRuleProp item={item} /> : null}
          {item.type === 'relationForm' ? <RelationProps item={item} /> : null}
          {item.type === 'calculate' ? <FieldCalcProps item={item} /> : null}
          {item.type === 'table' ? <TableColumnsProps item={item} /> : null}
          <DefaultValueProp item={item} />
          {item.type === 'calculate' || item.type === 'billRule' ? null : <SwitchProp label={t`禁用`} checked={!!item.disabled} onChange={(disabled) => patch({ disabled: disabled || undefined })} testId="od-prop-disabled" />}
        </>
      )}
    </>
  );
}
