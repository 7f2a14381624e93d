import { useId, useState, type ReactNode } from 'react';
import { Box, Grid, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { ColorInput } from '../../elements/panel-controls';

/**
 * The small controls of the editor's panels: a labelled row, a number that commits while typing
 * (a run of typing is one history step: the caller passes a merge key), a colour (swatch + text,
 * so `transparent` and rgba() can be typed), a select.
 */

export function FieldRow({ label, children, htmlFor }: { label: ReactNode; children: ReactNode; htmlFor?: string }) {
  return (
    <Grid templateColumns="4.5rem 1fr" alignItems="center" gap="2">
      <Text as="label" fontSize="xs" color="fg.muted" {...(htmlFor ? { htmlFor } : {})}>
        {label}
      </Text>
      <Box minW="0">{children}</Box>
    </Grid>
  );
}

export interface NumberFieldProps {
  value: number;
  onChange(value: number): void;
  label: string;
  min?: number;
  max?: number;
  step?: number;
  /** Shown after the input (px, s, °). */
  unit?: string;
  testId?: string;
  id?: string;
}

const inRange = (v: number, min?: number, max?: number) => v >= (min ?? -Infinity) && v <= (max ?? Infinity);

/**
 * A number input: each valid value is committed as typed; an unfinished or out-of-range one
 * (empty, "-", 3 on the way to 320 with a minimum of 100) waits, and blur shows the stored value again.
 */
export function NumberField({ value, onChange, label, min, max, step = 1, unit, testId, id }: NumberFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(Number.isFinite(value) ? Math.round(value * 100) / 100 : '');
  return (
    <HStack gap="1">
      <Input
        id={id}
        type="number"
        size="xs"
        value={shown}
        min={min}
        max={max}
        step={step}
        aria-label={label}
        data-testid={testId}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(n) && inRange(n, min, max)) onChange(n);
        }}
        onBlur={() => setDraft(null)}
      />
      {unit && (
        <Text fontSize="xs" color="fg.muted" flexShrink={0}>
          {unit}
        </Text>
      )}
    </HStack>
  );
}

/** A colour (swatch + text): the element panels' own control. */
export const ColorField = ColorInput;

export function SelectField<V extends string>({ value, onChange, options, label, testId }: { value: V; onChange(value: V): void; options: ReadonlyArray<{ value: V; label: string }>; label: string; testId?: string }) {
  return (
    <NativeSelect.Root size="xs">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value as V)} aria-label={label} data-testid={testId}>
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

/** A stable id for a label's `for` inside a list of fields. */
export const useFieldId = () => useId();
