import type { ReactNode } from 'react';
import { Field, Input, NativeSelect, Switch, Textarea } from '@chakra-ui/react';
import { useFlowDesigner } from './use-flow-designer';

/**
 * The property panels' small controls (as the model designer's): a label over a text or a select,
 * each writing through one callback. Typing is one history step per field (the caller's merge
 * key); leaving the field seals it, so the next edit is a step of its own.
 */
export function PropRow({ label, helper, children }: { label: ReactNode; helper?: ReactNode; children: ReactNode }) {
  return (
    <Field.Root gap="1">
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      {children}
      {helper ? <Field.HelperText fontSize="xs">{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

export function TextProp({ label, value, onChange, testId, placeholder, multiline, helper, maxLength, disabled }: {
  label: ReactNode;
  value: string | undefined;
  onChange(value: string): void;
  testId: string;
  placeholder?: string;
  multiline?: boolean;
  helper?: ReactNode;
  maxLength?: number;
  disabled?: boolean;
}) {
  const designer = useFlowDesigner();
  const common = { size: 'sm' as const, value: value ?? '', placeholder, maxLength, disabled, onBlur: () => designer.seal(), 'data-testid': testId };
  return (
    <PropRow label={label} helper={helper}>
      {multiline ? <Textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} /> : <Input {...common} onChange={(e) => onChange(e.target.value)} />}
    </PropRow>
  );
}

export function SelectBox<V extends string>({ value, options, onChange, testId, ariaLabel, placeholder }: {
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
  testId: string;
  ariaLabel?: string;
  placeholder?: string;
}) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value as V)} data-testid={testId} aria-label={ariaLabel}>
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function SwitchProp({ label, checked, onChange, testId }: { label: ReactNode; checked: boolean; onChange(checked: boolean): void; testId: string }) {
  return (
    <Switch.Root size="sm" colorPalette="brand" checked={checked} onCheckedChange={(e) => onChange(e.checked)} justifyContent="space-between" w="full" data-testid={testId}>
      <Switch.HiddenInput />
      <Switch.Label fontSize="sm">{label}</Switch.Label>
      <Switch.Control />
    </Switch.Root>
  );
}
