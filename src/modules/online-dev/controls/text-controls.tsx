import { Box, Input, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TEXT_DEFAULT_MAX, TEXTAREA_DEFAULT_MAX } from '@/contracts/online-dev-model';
import { CELL_INPUT_CLASS } from './cell-style';
import { cellLabel, type ControlProps } from './types';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** How many characters (as the check counts them: code points). */
const length = (s: string) => [...s].length;

/** A character counter under the box (`12/50`), when the field sets a maximum. */
function Counter({ value, max }: { value: string; max: number }) {
  const n = length(value);
  return (
    <Text fontSize="xs" color={n > max ? 'fg.error' : 'fg.subtle'} textAlign="end" mt="0.5" aria-live="polite">
      {n}/{max}
    </Text>
  );
}

/** 单行输入 (comInput): one line of text; a counter when the field sets maxLength. */
export function TextInputControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const { t } = useLingui();
  const v = text(value);
  if (mode === 'cell') {
    return (
      <input
        className={CELL_INPUT_CLASS}
        value={v}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-label={cellLabel({ mode, field })}
        placeholder={field.placeholder}
        maxLength={field.maxLength ?? TEXT_DEFAULT_MAX}
        autoComplete="off"
        data-testid={testId}
      />
    );
  }
  return (
    <Box w="full">
      <Input
        size="sm"
        value={v}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-label={cellLabel({ mode, field })}
        placeholder={field.placeholder ?? t`请输入`}
        maxLength={field.maxLength ?? TEXT_DEFAULT_MAX}
        autoComplete="off"
        data-testid={testId}
      />
      {field.maxLength ? <Counter value={v} max={field.maxLength} /> : null}
    </Box>
  );
}

/** 多行输入 (textarea): several lines; a counter when the field sets maxLength. */
export function TextareaControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const { t } = useLingui();
  const v = text(value);
  if (mode === 'cell') {
    return (
      <textarea
        className={CELL_INPUT_CLASS}
        rows={1}
        value={v}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-label={cellLabel({ mode, field })}
        placeholder={field.placeholder}
        maxLength={field.maxLength ?? TEXTAREA_DEFAULT_MAX}
        data-testid={testId}
      />
    );
  }
  return (
    <Box w="full">
      <Textarea
        size="sm"
        rows={3}
        autoresize
        maxH="60"
        value={v}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-label={cellLabel({ mode, field })}
        placeholder={field.placeholder ?? t`请输入`}
        maxLength={field.maxLength ?? TEXTAREA_DEFAULT_MAX}
        data-testid={testId}
      />
      {field.maxLength ? <Counter value={v} max={field.maxLength} /> : null}
    </Box>
  );
}
