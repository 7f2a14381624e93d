import type { ReactNode } from 'react';
import { Field, Switch } from '@chakra-ui/react';
import { translateContractMessage } from '@/lib/contract-messages';

/** A labelled form control with its validation message (the contract's text, translated). */
export function FormField({ label, error, required, helper, children }: { label: ReactNode; error?: { message?: string } | string; required?: boolean; helper?: ReactNode; children: ReactNode }) {
  const text = typeof error === 'string' ? error : translateContractMessage(error?.message);
  return (
    <Field.Root invalid={!!text} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !text ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{text}</Field.ErrorText>
    </Field.Root>
  );
}

/** The 状态 switch of a form (enabledMark 1 / 0). */
export function EnabledSwitch({ value, onChange, label }: { value: unknown; onChange(v: 0 | 1): void; label: ReactNode }) {
  return (
    <Switch.Root colorPalette="brand" checked={value === 1 || value === true} onCheckedChange={(e) => onChange(e.checked ? 1 : 0)} data-testid="form-enabled">
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}
