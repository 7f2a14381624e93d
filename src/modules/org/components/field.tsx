import type { ReactNode } from 'react';
import { Field as ChakraField, Switch } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { translateContractMessage } from '@/lib/contract-messages';

/** A labelled form field with the schema's message under it (translated). */
export function FormField({ label, error, required, helper, children }: { label: ReactNode; error?: string; required?: boolean; helper?: ReactNode; children: ReactNode }) {
  const message = translateContractMessage(error);
  return (
    <ChakraField.Root invalid={!!message} required={required}>
      <ChakraField.Label>
        {label}
        {required ? <ChakraField.RequiredIndicator /> : null}
      </ChakraField.Label>
      {children}
      {helper && !message ? <ChakraField.HelperText>{helper}</ChakraField.HelperText> : null}
      <ChakraField.ErrorText>{message}</ChakraField.ErrorText>
    </ChakraField.Root>
  );
}

/** The 启用 switch of a form (enabledMark 1 / 0). */
export function EnabledSwitch({ value, onChange }: { value: unknown; onChange(v: 0 | 1): void }) {
  const on = value === 1 || value === true;
  return (
    <Switch.Root colorPalette="brand" checked={on} onCheckedChange={(e) => onChange(e.checked ? 1 : 0)}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{on ? <Trans>启用</Trans> : <Trans>禁用</Trans>}</Switch.Label>
    </Switch.Root>
  );
}
