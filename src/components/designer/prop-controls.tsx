import type { ReactNode } from 'react';
import { Field, Input, Switch, Textarea } from '@chakra-ui/react';

/**
 * The designers' property panels' small controls: a label over a text or a switch, each writing
 * through one callback. Typing is one history step per field (the caller's merge key); leaving
 * the field calls `onSeal`, so the next edit is a step of its own.
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

export interface TextPropProps {
  label: ReactNode;
  value: string | undefined;
  onChange(value: string): void;
  testId: string;
  placeholder?: string;
  multiline?: boolean;
  helper?: ReactNode;
  maxLength?: number;
  disabled?: boolean;
  invalid?: boolean;
}

export function TextProp({ label, value, onChange, onSeal, testId, placeholder, multiline, helper, maxLength, disabled, invalid }: TextPropProps & { onSeal(): void }) {
  const common = { size: 'sm' as const, value: value ?? '', placeholder, maxLength, disabled, onBlur: onSeal, 'data-testid': testId, 'aria-invalid': invalid || undefined };
  return (
    <PropRow label={label} helper={helper}>
      {multiline ? <Textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} /> : <Input {...common} onChange={(e) => onChange(e.target.value)} />}
    </PropRow>
  );
}

export function SwitchProp({ label, checked, onChange, testId, disabled }: { label: ReactNode; checked: boolean; onChange(checked: boolean): void; testId: string; disabled?: boolean }) {
  return (
    <Switch.Root size="sm" colorPalette="brand" checked={checked} disabled={disabled} onCheckedChange={(e) => onChange(e.checked)} justifyContent="space-between" w="full" data-testid={testId}>
      <Switch.HiddenInput />
      <Switch.Label fontSize="sm">{label}</Switch.Label>
      <Switch.Control />
    </Switch.Root>
  );
}
