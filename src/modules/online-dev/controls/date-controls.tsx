import type { ComponentProps } from 'react';
import { Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { DateFormat, TimeFormat } from '@/contracts/online-dev-model';
import { dateFormatOf } from '@/contracts/online-dev-record';
import { CELL_INPUT_CLASS } from './cell-style';
import { fromNativeValue, nativeDateType, toNativeValue, withSeconds } from './date-value';
import { cellLabel, type ControlProps } from './types';

/**
 * 日期选择 (date) and 时间选择 (time) on the browser's inputs (date, datetime-local, month, time;
 * a year is a 4-digit number box), the value kept in the field's format (spec DATE_FORMATS).
 */
export function DateControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const { t } = useLingui();
  const format = dateFormatOf(field) as DateFormat | TimeFormat;
  const type = nativeDateType(format);
  const common = {
    onBlur,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-label': cellLabel({ mode, field }),
    'data-testid': testId,
  } as const;
  const TextBox = mode === 'cell' ? CellInput : FormInput;
  if (type === 'year') {
    return (
      <TextBox
        {...common}
        inputMode="numeric"
        maxLength={4}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '') || null)}
        placeholder={field.placeholder ?? t`请输入年份`}
      />
    );
  }
  return (
    <TextBox
      {...common}
      type={type}
      step={withSeconds(format) ? 1 : undefined}
      value={toNativeValue(value, format)}
      onChange={(e) => onChange(fromNativeValue(e.target.value, format))}
    />
  );
}

function FormInput(props: ComponentProps<'input'>) {
  return <Input size="sm" {...(props as Omit<ComponentProps<'input'>, 'size'>)} />;
}

/** A cell's plain input (styled by the table's stylesheet, cell-style.ts). */
function CellInput(props: ComponentProps<'input'>) {
  return <input className={CELL_INPUT_CLASS} {...props} />;
}
