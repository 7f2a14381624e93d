import { useId, useMemo } from 'react';
import { chakra, NativeSelect, Spinner, Stack, Switch, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldOption } from '@/contracts/online-dev-model';
import { MultiSelect } from '@/components/multi-select';
import { valuesOf } from '../form/display';
import { CELL_INPUT_CLASS } from './cell-style';
import { useFieldOptions } from './options';
import { cellLabel, controlSize, type ControlProps } from './types';

/** 开关 (switch): on / off with the field's words (activeText / inactiveText) beside it. */
export function SwitchControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const on = value === true;
  const words = on ? field.activeText : field.inactiveText;
  return (
    <Switch.Root colorPalette="brand" size={controlSize(mode)} checked={on} disabled={disabled} invalid={invalid} onCheckedChange={(e) => onChange(e.checked)} data-testid={testId}>
      <Switch.HiddenInput onBlur={onBlur} aria-label={cellLabel({ mode, field }) ?? field.label} />
      <Switch.Control />
      {words ? <Switch.Label fontWeight="normal">{words}</Switch.Label> : null}
    </Switch.Root>
  );
}

function Loading() {
  return (
    <Stack direction="row" align="center" gap="2" fontSize="sm" color="fg.muted" minH="8">
      <Spinner size="xs" />
      <Trans>加载中…</Trans>
    </Stack>
  );
}

/** The native inputs of a radio or checkbox group, in a wrapping row, named by the field's label. */
function ChoiceGroup({ kind, field, items, chosen, onPick, onBlur, disabled, invalid, mode, testId }: Omit<ControlProps, 'value' | 'onChange'> & { kind: 'radio' | 'checkbox'; items: readonly FieldOption[]; chosen: readonly string[]; onPick(value: string, on: boolean): void }) {
  const name = useId();
  return (
    <Wrap
      role={kind === 'radio' ? 'radiogroup' : 'group'}
      aria-label={cellLabel({ mode, field }) ?? field.label}
      aria-invalid={invalid || undefined}
      gapX="4"
      gapY="1"
      minH="8"
      alignItems="center"
      data-testid={testId}
    >
      {items.map((o) => (
        <chakra.label key={o.value} display="inline-flex" alignItems="center" gap="1.5" fontSize="sm" cursor={disabled ? 'not-allowed' : 'pointer'} opacity={disabled ? 0.6 : 1}>
          <chakra.input
            type={kind}
            name={name}
            value={o.value}
            checked={chosen.includes(o.value)}
            disabled={disabled}
            onChange={(e) => onPick(o.value, e.target.checked)}
            onBlur={onBlur}
            w="4"
            h="4"
            css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
            data-testid={testId ? `${testId}-${o.value}` : undefined}
          />
          {o.label}
        </chakra.label>
      ))}
    </Wrap>
  );
}

/** 单选框组 (radio): one of the options. */
export function RadioControl(props: ControlProps) {
  const items = useFieldOptions(props.field);
  if (!items) return <Loading />;
  const chosen = valuesOf(props.value);
  return <ChoiceGroup {...props} kind="radio" items={items} chosen={chosen} onPick={(v) => props.onChange(v)} />;
}

/** 多选框组 (checkbox): any of the options (kept in the options' order). */
export function CheckboxControl(props: ControlProps) {
  const items = useFieldOptions(props.field);
  if (!items) return <Loading />;
  const chosen = valuesOf(props.value);
  const onPick = (v: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(v);
    else next.delete(v);
    props.onChange(items.map((o) => o.value).filter((x) => next.has(x)));
  };
  return <ChoiceGroup {...props} kind="checkbox" items={items} chosen={chosen} onPick={onPick} />;
}

/** Options of a tree, flattened with their depth (a select lists them indented). */
function flatOptions(items: readonly FieldOption[], depth = 0, out: { label: string; value: string }[] = []) {
  for (const o of items) {
    out.push({ label: `${'\u3000'.repeat(depth)}${o.label}`, value: o.value });
    if (o.children) flatOptions(o.children, depth + 1, out);
  }
  return out;
}

/** 下拉选择 (select): the browser's select for one value (a phone shows its own picker), a searchable list of chips for several. */
export function SelectControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const { t } = useLingui();
  const items = useFieldOptions(field);
  const flat = useMemo(() => (items ? flatOptions(items) : undefined), [items]);
  if (field.multiple) {
    return (
      <MultiSelect
        items={flat}
        value={valuesOf(value)}
        onChange={onChange}
        placeholder={field.placeholder ?? t`请选择`}
        emptyText={t`没有匹配的选项`}
        chosenLabel={t`已选`}
        invalid={invalid}
        disabled={disabled}
        testId={testId}
      />
    );
  }
  const v = valuesOf(value)[0] ?? '';
  const choices = (
    <>
      <option value="">{flat ? (field.placeholder ?? t`请选择`) : t`加载中…`}</option>
      {v && flat && !flat.some((o) => o.value === v) ? <option value={v}>{v}</option> : null}
      {flat?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
  if (mode === 'cell') {
    return (
      <select
        className={CELL_INPUT_CLASS}
        value={v}
        onChange={(e) => onChange(e.target.value || null)}
        onBlur={onBlur}
        disabled={disabled}
        aria-label={cellLabel({ mode, field })}
        aria-invalid={invalid || undefined}
        data-testid={testId}
      >
        {choices}
      </select>
    );
  }
  return (
    <NativeSelect.Root size="sm" disabled={disabled} invalid={invalid}>
      <NativeSelect.Field
        value={v}
        onChange={(e) => onChange(e.target.value || null)}
        onBlur={onBlur}
        aria-label={cellLabel({ mode, field })}
        aria-invalid={invalid || undefined}
        data-testid={testId}
      >
        {choices}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
