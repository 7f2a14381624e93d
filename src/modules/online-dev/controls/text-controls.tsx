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

/** What a text box of a control takes, in a table cell or in the form (the placeholder apart). */
function boxProps({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps, max: number) {
  return {
    value: text(value),
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    onBlur,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-label': cellLabel({ mode, field }),
    maxLength: field.maxLength ?? max,
    'data-testid': testId,
  };
}

/** 单行输入 (comInput): one line of text; a counter when the field sets maxLength. */
export function TextInputControl(props: ControlProps) {
  const { t } = useLingui();
  const { field, mode } = props;
  const box = boxProps(props, TEXT_DEFAULT_MAX);
  if (mode === 'cell') return <input className={CELL_INPUT_CLASS} {...box} placeholder={field.placeholder} autoComplete="off" />;
  return (
    <Box w="full">
      <Input size="sm" {...box} placeholder={field.placeholder ?? t`请输入`} autoComplete="off" />
      {field.maxLength ? <Counter value={box.value} max={field.maxLength} /> : null}
    </Box>
  );
}

/** 多行输入 (textarea): several lines; a counter when the field sets maxLength. */
export function TextareaControl(props: ControlProps) {
  const { t } = useLingui();
  const { field, mode } = props;
  const box = boxProps(props, TEXTAREA_DEFAULT_MAX);
  if (mode === 'cell') return <textarea className={CELL_INPUT_CLASS} rows={1} {...box} placeholder={field.placeholder} />;
  return (
    <Box w="full">
      <Textarea size="sm" rows={3} autoresize maxH="60" {...box} placeholder={field.placeholder ?? t`请输入`} />
      {field.maxLength ? <Counter value={box.value} max={field.maxLength} /> : null}
    </Box>
  );
}
