import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ModelField } from '@/contracts/online-dev-model';
import { useItemPatch } from './use-item-patch';
import { CheckOption, NumberProp, PropRow, SelectProp, SwitchProp, TextProp } from './prop-controls';

/**
 * 默认值: what a new record starts with, for the controls where one makes sense — text, numbers,
 * a switch, and a choice among the field's own static options. Pickers, files, tables and
 * computed values have none.
 */
export function DefaultValueProp({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const patch = useItemPatch(item.id);
  const value = item.defaultValue;
  const set = (v: unknown, typed?: boolean) => patch({ defaultValue: v === '' || v === undefined || (Array.isArray(v) && !v.length) ? undefined : v }, typed ? 'defaultValue' : undefined);
  const options = item.options?.kind === 'static' ? item.options.items : null;
  switch (item.type) {
    case 'comInput':
    case 'textarea':
      return <TextProp label={t`默认值`} value={typeof value === 'string' ? value : ''} onChange={(v) => set(v, true)} testId="od-prop-defaultValue" multiline={item.type === 'textarea'} />;
    case 'numInput':
    case 'slider':
    case 'rate':
      return <NumberProp label={t`默认值`} value={typeof value === 'number' ? value : undefined} onChange={(v) => set(v, true)} testId="od-prop-defaultValue" />;
    case 'switch':
      return <SwitchProp label={t`默认开启`} checked={value === true} onChange={(on) => set(on)} testId="od-prop-defaultValue" />;
    case 'radio':
    case 'select':
      if (!options) return null;
      if (item.type === 'select' && item.multiple) break;
      return <SelectProp label={t`默认值`} value={typeof value === 'string' ? value : ''} empty={t`无`} choices={options.map((o) => ({ value: o.value, label: o.label }))} onChange={(v) => set(v)} testId="od-prop-defaultValue" />;
    default:
      if (item.type !== 'checkbox') return null;
  }
  if (!options) return null;
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  return (
    <PropRow label={t`默认值`}>
      <Stack gap="1" data-testid="od-prop-defaultValue">
        {options.map((o) => (
          <CheckOption key={o.value} checked={chosen.includes(o.value)} onChange={(on) => set(on ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))} label={o.label} />
        ))}
      </Stack>
    </PropRow>
  );
}
