import { NativeSelect } from '@chakra-ui/react';
import { TextProp as SharedTextProp, type TextPropProps } from '@/components/designer/prop-controls';
import { useFlowDesigner } from './use-flow-designer';

/**
 * The property panels' small controls (the row, text and switch are the designers' shared ones,
 * src/components/designer/prop-controls.tsx): a label over a text or a select,
 * each writing through one callback. Typing is one history step per field (the caller's merge
 * key); leaving the field seals it, so the next edit is a step of its own.
 */
export { PropRow, SwitchProp } from '@/components/designer/prop-controls';

export function TextProp(props: Omit<TextPropProps, 'invalid'>) {
  const designer = useFlowDesigner();
  return <SharedTextProp {...props} onSeal={() => designer.seal()} />;
}

export function SelectBox<V extends string>({ value, options, onChange, testId, ariaLabel, placeholder }: {
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
  testId: string;
  ariaLabel?: string;
  placeholder?: string;
}) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value as V)} data-testid={testId} aria-label={ariaLabel}>
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
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
