import { useState, type ReactNode } from 'react';
import { Box, Grid, HStack, Input, NativeSelect, Stack, Switch, Text, Textarea, type InputProps } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { PropField } from './element-def';

/**
 * The simple controls of the property panel (props-panel.tsx). Typed values are committed while
 * typing (`onChange(value)`); a discrete choice (switch, select) is committed with `step = true`,
 * one history step of its own. Text being typed is kept in a draft while the field has focus, so a
 * store update arriving a moment later never moves the caret.
 */

export interface ControlProps<V> {
  field: PropField;
  label: string;
  value: V;
  onChange(value: V, step?: boolean): void;
  testId: string;
}

/** Label beside the control (one-line controls). */
export function Row({ label, htmlFor, children }: { label: ReactNode; htmlFor?: string; children: ReactNode }) {
  return (
    <Grid templateColumns="4.5rem 1fr" alignItems="center" gap="2">
      <Text as="label" fontSize="xs" color="fg.muted" {...(htmlFor ? { htmlFor } : {})}>
        {label}
      </Text>
      <Box minW="0">{children}</Box>
    </Grid>
  );
}

/** Label above the control (lists, grids, rich text, text areas). */
export function Block({ label, actions, children }: { label: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="1.5">
      <HStack justify="space-between" gap="2">
        <Text fontSize="xs" color="fg.muted">
          {label}
        </Text>
        {actions}
      </HStack>
      {children}
    </Stack>
  );
}

/**
 * An input whose typed text is its own while it has focus: the store's value comes back a moment
 * later (valtio notifies asynchronously), and a controlled input fed only by it would jump the caret.
 */
export function DraftInput({ value, onValue, ...rest }: Omit<InputProps, 'value' | 'onChange' | 'onBlur'> & { value: string; onValue(text: string): void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Input
      {...rest}
      value={draft ?? value}
      onChange={(e) => {
        setDraft(e.target.value);
        onValue(e.target.value);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}

const asText = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

export function TextControl({ field, label, value, onChange, testId, type = 'text' }: ControlProps<unknown> & { type?: 'text' | 'url' }) {
  const { i18n } = useLingui();
  return (
    <DraftInput
      size="xs"
      type={type}
      value={asText(value)}
      onValue={(v) => onChange(v)}
      placeholder={field.placeholder ? i18n._(field.placeholder) : undefined}
      aria-label={label}
      data-testid={testId}
    />
  );
}

export function TextareaControl({ field, label, value, onChange, testId }: ControlProps<unknown>) {
  const { i18n } = useLingui();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Textarea
      size="xs"
      rows={3}
      autoresize
      maxH="40"
      value={draft ?? asText(value)}
      placeholder={field.placeholder ? i18n._(field.placeholder) : undefined}
      aria-label={label}
      onChange={(e) => {
        setDraft(e.target.value);
        onChange(e.target.value);
      }}
      onBlur={() => setDraft(null)}
      data-testid={testId}
    />
  );
}

const inRange = (n: number, min?: number, max?: number) => n >= (min ?? -Infinity) && n <= (max ?? Infinity);

/** A number: each valid value is committed as typed; an unfinished or out-of-range one waits, and blur shows the stored value again. */
export function NumberControl({ field, label, value, onChange, testId }: ControlProps<unknown>) {
  const [draft, setDraft] = useState<string | null>(null);
  const stored = typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value * 100) / 100) : '';
  return (
    <Input
      size="xs"
      type="number"
      value={draft ?? stored}
      min={field.min}
      max={field.max}
      step={field.step ?? 1}
      aria-label={label}
      onChange={(e) => {
        setDraft(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(n) && inRange(n, field.min, field.max)) onChange(n);
      }}
      onBlur={() => setDraft(null)}
      data-testid={testId}
    />
  );
}

const HEX = /^#[0-9a-f]{6}$/i;
const SHORT_HEX = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;
/** The #rrggbb a native colour input can show for a CSS colour (white for what it cannot). */
export function swatchHex(color: string): string {
  const c = color.trim();
  if (HEX.test(c)) return c.toLowerCase();
  const m = SHORT_HEX.exec(c);
  if (m) return `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`.toLowerCase();
  return c === 'black' ? '#000000' : '#ffffff';
}

/** A colour: the native picker (a drag through it is one change) and the text, for rgba() or a name. */
export function ColorInput({ label, value, onChange, testId }: { label: string; value: string; onChange(value: string): void; testId?: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <HStack gap="1">
      <input
        type="color"
        value={swatchHex(value)}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
        style={{ width: 28, height: 24, padding: 0, border: '1px solid var(--chakra-colors-border)', borderRadius: 4, background: 'none', flexShrink: 0 }}
        data-testid={testId ? `${testId}-swatch` : undefined}
      />
      <Input
        size="xs"
        value={draft ?? value}
        maxLength={64}
        aria-label={label}
        onChange={(e) => {
          setDraft(e.target.value);
          if (e.target.value.trim()) onChange(e.target.value.trim());
        }}
        onBlur={() => setDraft(null)}
        data-testid={testId}
      />
    </HStack>
  );
}

/** A colour field of an element's props. */
export function ColorControl({ label, value, onChange, testId }: ControlProps<unknown>) {
  return <ColorInput label={label} value={asText(value)} onChange={onChange} testId={testId} />;
}

export function SwitchControl({ label, value, onChange, testId }: ControlProps<unknown>) {
  return (
    <Switch.Root size="sm" colorPalette="brand" checked={value === true} onCheckedChange={(e) => onChange(e.checked, true)} data-testid={testId}>
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control />
    </Switch.Root>
  );
}

export function SelectControl({ field, label, value, onChange, testId }: ControlProps<unknown>) {
  const { i18n } = useLingui();
  return (
    <NativeSelect.Root size="xs">
      <NativeSelect.Field value={asText(value)} onChange={(e) => onChange(e.target.value, true)} aria-label={label} data-testid={testId}>
        {(field.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {i18n._(o.label)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
