import type { FieldError } from 'react-hook-form';
import type { ModelField } from '@/contracts/online-dev-model';

/**
 * What every control of a model form takes (controls/registry.ts maps each control type to one).
 * `mode`: 'form' in the form's grid (labelled by the FormField around it), 'cell' in an input
 * table's cell (no label of its own: the column's label is its accessible name, compact size).
 */
export interface ControlProps {
  field: ModelField;
  value: unknown;
  onChange(v: unknown): void;
  onBlur?(): void;
  disabled?: boolean;
  invalid?: boolean;
  mode: 'form' | 'cell';
  modelId: string;
  testId?: string;
  /** The field's form error (an input table reads its cells' messages from `types`). */
  error?: FieldError;
}

/** The control's size and accessible name by mode: a cell names itself with its column's label. */
export const controlSize = (mode: ControlProps['mode']) => (mode === 'cell' ? 'xs' : 'sm');
export const cellLabel = (p: Pick<ControlProps, 'mode' | 'field'>) => (p.mode === 'cell' ? p.field.label || p.field.key : undefined);
