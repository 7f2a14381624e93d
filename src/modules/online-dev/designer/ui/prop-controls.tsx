import { useEffect, useState, type ReactNode } from 'react';
import { chakra, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { PropRow, TextProp as SharedTextProp, type TextPropProps } from '@/components/designer/prop-controls';
import { useDesigner } from './use-designer';

/**
 * The property panels' small controls (the row, text and switch are the designers' shared ones,
 * src/components/designer/prop-controls.tsx): a label over a text, number, switch or select, each
 * writing through one callback. Typing is one history step per field (the caller's merge key);
 * leaving the field seals it, so the next edit is a step of its own.
 */

export { PropRow, SwitchProp } from '@/components/designer/prop-controls';
export type { TextPropProps } from '@/components/designer/prop-controls';

export function TextProp(props: TextPropProps) {
  const designer = useDesigner();
  return <SharedTextProp {...props} onSeal={() => designer.seal()} />;
}

/** A text committed when the field is left or Enter is pressed (a key: renaming follows only whole keys). */
export function CommitTextProp({ label, value, onCommit, testId, helper, invalid }: { label: ReactNode; value: string; onCommit(value: string): void; testId: string; helper?: ReactNode; invalid?: boolean }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const v = draft.trim();
    if (v !== value) onCommit(v);
  };
  return (
    <PropRow label={label} helper={helper}>
      <Input
        size="sm"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        aria-invalid={invalid || undefined}
        data-testid={testId}
        fontFamily="mono"
      />
    </PropRow>
  );
}

const parseNumber = (text: string): number | undefined => {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
};

export function NumberProp({ label, value, onChange, testId, min, max, step, integer }: { label: ReactNode; value: number | undefined; onChange(value: number | undefined): void; testId: string; min?: number; max?: number; step?: number; integer?: boolean }) {
  const designer = useDesigner();
  const [draft, setDraft] = useState(value === undefined ? '' : String(value));
  useEffect(() => {
    setDraft((d) => (parseNumber(d) === value ? d : value === undefined ? '' : String(value)));
  }, [value]);
  return (
    <PropRow label={label}>
      <Input
        size="sm"
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        min={min}
        max={max}
        step={step ?? (integer ? 1 : 'any')}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = parseNumber(e.target.value);
          if (e.target.value.trim() === '' || n !== undefined) onChange(n === undefined ? undefined : integer ? Math.round(n) : n);
        }}
        onBlur={() => designer.seal()}
        data-testid={testId}
      />
    </PropRow>
  );
}

export interface Choice {
  value: string;
  label: string;
}

export function SelectProp({ label, value, choices, onChange, testId, empty, helper }: { label: ReactNode; value: string | undefined; choices: readonly Choice[]; onChange(value: string): void; testId: string; empty?: string; helper?: ReactNode }) {
  return (
    <PropRow label={label} helper={helper}>
      <SelectBox value={value} choices={choices} onChange={onChange} testId={testId} empty={empty} />
    </PropRow>
  );
}

export function SelectBox({ value, choices, onChange, testId, empty, label }: { value: string | undefined; choices: readonly Choice[]; onChange(value: string): void; testId: string; empty?: string; label?: string }) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={testId} aria-label={label}>
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A small heading between groups of properties. */
export function PropSection({ title, children, action }: { title: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <>
      <HStack justify="space-between" pt="2" borderTopWidth="1px">
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
          {title}
        </Text>
        {action}
      </HStack>
      {children}
    </>
  );
}

/**
 * A checkbox with its label: the native control in the theme colour (Chakra's checkbox recipe is
 * left out of the shared theme to keep the sign-in bundle small).
 */
export function CheckOption({ checked, onChange, label, testId }: { checked: boolean; onChange(on: boolean): void; label: ReactNode; testId?: string }) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="1.5" fontSize="xs" cursor="pointer" data-testid={testId} data-checked={checked || undefined}>
      <chakra.input type="checkbox" w="3.5" h="3.5" cursor="pointer" accentColor="brand.solid" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      {label}
    </chakra.label>
  );
}
