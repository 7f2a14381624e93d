import { useState } from 'react';
import { chakra, HStack, IconButton, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { cellLabel, controlSize, type ControlProps } from './types';

const HEX6 = /^#[0-9a-fA-F]{6}$/;

/** 颜色选择 (colorPicker): the browser's colour well and the hex text (#RRGGBB, or #RRGGBBAA typed), clearable. */
export function ColorControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const { t } = useLingui();
  const v = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useState<string | null>(null);
  const name = cellLabel({ mode, field }) ?? field.label;
  return (
    <HStack gap="2" w="full">
      <chakra.input
        type="color"
        value={HEX6.test(v.slice(0, 7)) ? v.slice(0, 7) : '#000000'}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-label={t`${name}颜色`}
        w="9"
        h="8"
        p="0.5"
        flexShrink={0}
        borderWidth="1px"
        borderColor={invalid ? 'border.error' : 'border'}
        rounded="l2"
        bg="bg"
        cursor={disabled ? 'not-allowed' : 'pointer'}
        data-testid={testId ? `${testId}-well` : undefined}
      />
      <Input
        size={controlSize(mode)}
        flex="1"
        minW="0"
        value={draft ?? v}
        placeholder="#RRGGBB"
        maxLength={9}
        onChange={(e) => {
          setDraft(e.target.value);
          onChange(e.target.value.trim() || null);
        }}
        onBlur={() => {
          setDraft(null);
          onBlur?.();
        }}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-label={cellLabel({ mode, field })}
        autoComplete="off"
        data-testid={testId}
      />
      {v && !disabled ? (
        <IconButton type="button" size="xs" variant="ghost" aria-label={t`清空`} onClick={() => onChange(null)}>
          <X />
        </IconButton>
      ) : null}
    </HStack>
  );
}
