import { memo } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { Controller, type Control } from 'react-hook-form';
import { isSystemField, type ModelField } from '@/contracts/online-dev-model';
import { controlFor } from '../controls/registry';
import type { FormValues } from './form-values';
import { FieldFrame } from './field-frame';
import { DetailValue } from './detail-value';

export interface ItemSettings {
  position: 'top' | 'left' | 'right';
  labelWidth: number;
  modelId: string;
}

/**
 * One value field of an editable form: its label, its control (controls/registry.ts) bound to the
 * form's value, and its message. Disabled and system fields are read-only. A change notes the key
 * for the calculations (an input table notes its own cells' keys).
 */
export const FormItem = memo(function FormItem({ field, control, settings, touch }: { field: ModelField; control: Control<FormValues>; settings: ItemSettings; touch(key: string): void }) {
  const Control = controlFor(field.type);
  const readOnly = !!field.disabled || isSystemField(field);
  return (
    <Controller
      name={field.key}
      control={control}
      render={({ field: bound, fieldState }) => (
        <FieldFrame
          label={field.label}
          error={fieldState.error?.message}
          required={!!field.required && !readOnly && field.type !== 'calculate' && field.type !== 'billRule'}
          position={settings.position}
          labelWidth={settings.labelWidth}
          testId={`od-field-${field.key}`}
          group={field.type === 'table'}
        >
          {Control ? (
            <Control
              field={field}
              value={bound.value}
              onChange={(v) => {
                bound.onChange(v);
                if (field.type !== 'table') touch(field.key);
              }}
              onBlur={bound.onBlur}
              disabled={readOnly}
              invalid={fieldState.invalid}
              error={fieldState.error}
              mode="form"
              modelId={settings.modelId}
              testId={`od-input-${field.key}`}
            />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {String(field.type)}
            </Text>
          )}
        </FieldFrame>
      )}
    />
  );
});

/** One value field of a read-only form: its label and its value as text (detail mode). */
export const DetailItem = memo(function DetailItem({ field, value, settings }: { field: ModelField; value: unknown; settings: Omit<ItemSettings, 'modelId'> }) {
  const top = settings.position === 'top';
  return (
    <Box
      display={top ? 'block' : 'flex'}
      gap="3"
      minW="0"
      data-testid={`od-field-${field.key}`}
      role="group"
      aria-label={field.label}
    >
      <Text
        fontSize="sm"
        color="fg.muted"
        flex={top ? undefined : `0 0 ${settings.labelWidth}px`}
        textAlign={settings.position === 'right' ? 'right' : 'left'}
        mb={top ? '1' : '0'}
        overflowWrap="anywhere"
      >
        {field.label}
      </Text>
      <Box flex="1" minW="0" fontSize="sm" overflowWrap="anywhere" data-testid={`od-value-${field.key}`}>
        <DetailValue field={field} value={value} />
      </Box>
    </Box>
  );
});
