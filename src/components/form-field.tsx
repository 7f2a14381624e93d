import type { ReactNode } from 'react';
import { Field, Switch } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { translateContractMessage } from '@/lib/contract-messages';

export interface FormFieldProps {
  label: ReactNode;
  /**
   * The validation message: a text, or react-hook-form's field error. A shared contract message
   * (src/contracts) is shown translated; any other text as it is.
   */
  error?: string | { message?: string };
  required?: boolean;
  /** Shown under the control while there is no error. */
  helper?: ReactNode;
  children: ReactNode;
}

/** A labelled form control with its required mark, its validation message (translated) or its helper text. */
export function FormField({ label, error, required, helper, children }: FormFieldProps) {
  const message = translateContractMessage(typeof error === 'string' ? error : error?.message);
  return (
    <Field.Root invalid={!!message} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !message ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{message}</Field.ErrorText>
    </Field.Root>
  );
}

export interface EnabledSwitchProps {
  /** 1 / true is on. */
  value: unknown;
  onChange(value: 0 | 1): void;
  onBlur?(): void;
  /** The switch's text; 启用 / 禁用 after its state unless given. */
  label?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/** The 启用 switch of a form (enabledMark, or any 1 / 0 flag). */
export function EnabledSwitch({ value, onChange, onBlur, label, disabled = false, testId }: EnabledSwitchProps) {
  const on = value === 1 || value === true;
  return (
    <Switch.Root colorPalette="brand" checked={on} disabled={disabled} onCheckedChange={(e) => onChange(e.checked ? 1 : 0)} data-testid={testId}>
      <Switch.HiddenInput onBlur={onBlur} />
      <Switch.Control />
      <Switch.Label>{label ?? (on ? <Trans>启用</Trans> : <Trans>禁用</Trans>)}</Switch.Label>
    </Switch.Root>
  );
}
