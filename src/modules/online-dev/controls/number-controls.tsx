import { useState, type KeyboardEvent } from 'react';
import { Box, chakra, HStack, Input, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Star, StarHalf } from 'lucide-react';
import { CELL_INPUT_CLASS } from './cell-style';
import { numberText, parseNumberText, ratingAt, starFill, stepNumber } from './number-value';
import { cellLabel, type ControlProps } from './types';

/**
 * 数字输入 (numInput): typed as text (a phone shows its decimal keypad), the value a number (or the
 * text when it is none, which the check refuses); ↑ / ↓ step within min and max. While focused the
 * box keeps what was typed ("1." stays "1.").
 */
export function NumberControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<string | null>(null);
  const bounds = { min: field.min, max: field.max, step: field.step, precision: field.precision };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const next = stepNumber(draft ?? value, e.key === 'ArrowUp' ? 1 : -1, bounds);
    setDraft(String(next));
    onChange(next);
  };
  const common = {
    inputMode: field.precision === 0 ? ('numeric' as const) : ('decimal' as const),
    value: draft ?? numberText(value),
    onFocus: () => setDraft(numberText(value)),
    onChange: (e: { target: { value: string } }) => {
      setDraft(e.target.value);
      onChange(parseNumberText(e.target.value));
    },
    onBlur: () => {
      setDraft(null);
      onBlur?.();
    },
    onKeyDown,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-label': cellLabel({ mode, field }),
    'aria-valuemin': field.min,
    'aria-valuemax': field.max,
    autoComplete: 'off',
    'data-testid': testId,
  };
  if (mode === 'cell') return <input className={CELL_INPUT_CLASS} {...common} placeholder={field.placeholder} style={{ textAlign: 'end' }} />;
  return <Input size="sm" {...common} placeholder={field.placeholder ?? t`请输入数字`} />;
}

/** 滑块 (slider): the browser's range input (keys and touch work everywhere), its value beside it. */
export function SliderControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const min = field.min ?? 0;
  const max = field.max ?? 100;
  const v = typeof value === 'number' ? value : min;
  return (
    <HStack w="full" gap="3">
      <chakra.input
        type="range"
        flex="1"
        minW="0"
        min={min}
        max={max}
        step={field.step ?? 1}
        value={v}
        onChange={(e) => onChange(Number(e.target.value))}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-label={cellLabel({ mode, field }) ?? field.label}
        css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
        data-testid={testId}
      />
      <Text fontSize="sm" minW="8" textAlign="end" color={typeof value === 'number' ? undefined : 'fg.subtle'}>
        {typeof value === 'number' ? value : '-'}
      </Text>
    </HStack>
  );
}

/** 评分 (rate): stars (5 unless the field sets max), half stars allowed; ← → change it, a click on the chosen value clears it. */
export function RateControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const { t } = useLingui();
  const count = Math.max(1, Math.min(10, Math.trunc(field.max ?? 5)));
  const v = typeof value === 'number' ? value : 0;
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? v;
  const set = (n: number) => onChange(n === v ? null : n);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const d = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 0.5 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -0.5 : 0;
    if (!d || disabled) return;
    e.preventDefault();
    onChange(Math.max(0, Math.min(count, v + d)) || null);
  };
  const pointAt = (i: number, e: { clientX: number; currentTarget: HTMLElement }) => {
    const box = e.currentTarget.getBoundingClientRect();
    return ratingAt(i, e.clientX - box.left, box.width, true);
  };
  return (
    <HStack
      gap="0.5"
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={cellLabel({ mode, field }) ?? field.label}
      aria-valuemin={0}
      aria-valuemax={count}
      aria-valuenow={v}
      aria-valuetext={t`${v} 星`}
      aria-invalid={invalid || undefined}
      aria-disabled={disabled || undefined}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onPointerLeave={() => setHover(null)}
      rounded="sm"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
      data-testid={testId}
    >
      {Array.from({ length: count }, (_, i) => {
        const fill = starFill(i, shown);
        return (
          <chakra.button
            key={i}
            type="button"
            tabIndex={-1}
            aria-hidden
            disabled={disabled}
            cursor={disabled ? 'default' : 'pointer'}
            position="relative"
            display="inline-flex"
            color={fill ? 'orange.400' : 'gray.300'}
            onPointerMove={(e) => !disabled && setHover(pointAt(i, e))}
            onClick={(e) => set(pointAt(i, e))}
            data-testid={testId ? `${testId}-star-${i + 1}` : undefined}
          >
            <Star size={mode === 'cell' ? 16 : 20} fill={fill === 1 ? 'currentColor' : 'none'} />
            {fill === 0.5 ? (
              <Box position="absolute" inset="0" color="orange.400">
                <StarHalf size={mode === 'cell' ? 16 : 20} fill="currentColor" />
              </Box>
            ) : null}
          </chakra.button>
        );
      })}
    </HStack>
  );
}
