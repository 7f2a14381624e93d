import { useLingui } from '@lingui/react/macro';
import { CALC_MAX_PRECISION } from '@/contracts/online-dev';
import { DATE_FORMATS, TEXT_VALUE_MAX, TIME_FORMATS, type FieldRuleName, type ModelField } from '@/contracts/online-dev-model';
import { RULE_OPTIONS, ruleName } from '../messages';
import { useItemPatch } from './use-item-patch';
import { NumberProp, SelectProp, SwitchProp, TextProp } from './prop-controls';

const MULTIPLE_TYPES = ['select', 'treeSelect', 'comSelect', 'depSelect', 'posSelect', 'userSelect'];

/** The properties of one control type: a text's rule and lengths, a number's bounds, a date's format … */
export function FieldTypeProps({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const patch = useItemPatch(item.id);
  const num = (name: 'min' | 'max' | 'step' | 'precision' | 'minLength' | 'maxLength', label: string, opts: { integer?: boolean; min?: number; max?: number } = {}) => (
    <NumberProp key={name} label={label} value={item[name]} onChange={(v) => patch({ [name]: v }, name)} testId={`od-prop-${name}`} {...opts} />
  );
  switch (item.type) {
    case 'comInput':
    case 'textarea':
      return (
        <>
          {item.type === 'comInput' ? (
            <SelectProp
              label={t`校验规则`}
              value={item.rule}
              empty={t`不校验`}
              choices={RULE_OPTIONS.map((r) => ({ value: r, label: ruleName(r) }))}
              onChange={(v) => patch({ rule: (v || undefined) as FieldRuleName | undefined })}
              testId="od-prop-rule"
            />
          ) : null}
          {num('minLength', t`最少字数`, { integer: true, min: 0, max: TEXT_VALUE_MAX })}
          {num('maxLength', t`最多字数`, { integer: true, min: 1, max: TEXT_VALUE_MAX })}
        </>
      );
    case 'numInput':
      return (
        <>
          {num('min', t`最小值`)}
          {num('max', t`最大值`)}
          {num('step', t`步长`, { min: 0 })}
          {num('precision', t`小数位数`, { integer: true, min: 0, max: CALC_MAX_PRECISION })}
        </>
      );
    case 'slider':
      return (
        <>
          {num('min', t`最小值`)}
          {num('max', t`最大值`)}
          {num('step', t`步长`, { min: 0 })}
        </>
      );
    case 'rate':
      return num('max', t`最高分`, { integer: true, min: 1, max: 10 });
    case 'switch':
      return (
        <>
          <TextProp label={t`开启时文字`} value={item.activeText} onChange={(v) => patch({ activeText: v || undefined }, 'activeText')} testId="od-prop-activeText" />
          <TextProp label={t`关闭时文字`} value={item.inactiveText} onChange={(v) => patch({ inactiveText: v || undefined }, 'inactiveText')} testId="od-prop-inactiveText" />
        </>
      );
    case 'date':
    case 'time':
      return (
        <SelectProp
          label={t`格式`}
          value={item.format ?? (item.type === 'date' ? 'YYYY-MM-DD' : 'HH:mm')}
          choices={(item.type === 'date' ? DATE_FORMATS : TIME_FORMATS).map((f) => ({ value: f, label: f }))}
          onChange={(v) => patch({ format: v as ModelField['format'] })}
          testId="od-prop-format"
        />
      );
    case 'address':
      return (
        <SelectProp
          label={t`层级`}
          value={String(item.level ?? 3)}
          choices={[
            { value: '1', label: t`省` },
            { value: '2', label: t`省/市` },
            { value: '3', label: t`省/市/区` },
          ]}
          onChange={(v) => patch({ level: Number(v) as 1 | 2 | 3 })}
          testId="od-prop-level"
        />
      );
    default:
      return MULTIPLE_TYPES.includes(item.type) ? <SwitchProp label={t`多选`} checked={!!item.multiple} onChange={(multiple) => patch({ multiple: multiple || undefined, defaultValue: undefined })} testId="od-prop-multiple" /> : null;
  }
}
