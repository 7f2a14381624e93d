import type { ReactNode } from 'react';
import { useId } from 'react';
import { Box, Field, Text } from '@chakra-ui/react';
import { FormField } from '@/components/form-field';

export interface FieldFrameProps {
  label: ReactNode;
  /** Already translated and filled (messages.ts); '' or none: no message. */
  error?: string;
  required?: boolean;
  /** Labels on top (a phone, or the form says so), or beside the control, aligned left or right, `labelWidth` px wide. */
  position: 'top' | 'left' | 'right';
  labelWidth: number;
  children: ReactNode;
  testId?: string;
  /**
   * A group of controls with names of their own (an input table): no Chakra field around it, so
   * its cells' inputs take no shared id from it and typing in a cell does not re-render the
   * field's context across every row.
   */
  group?: boolean;
}

/**
 * A field's label, control and message. Labels on top are the shared FormField; beside the control
 * they are Chakra's horizontal field, the message under the control.
 */
export function FieldFrame({ label, error, required, position, labelWidth, children, testId, group }: FieldFrameProps) {
  if (group) return <GroupFrame {...{ label, error, required, position, labelWidth, children, testId }} />;
  if (position === 'top') {
    return (
      <Box data-testid={testId} minW="0">
        <FormField label={label} error={error || undefined} required={required}>
          {children}
        </FormField>
      </Box>
    );
  }
  return (
    <Field.Root
      orientation="horizontal"
      invalid={!!error}
      required={required}
      alignItems="flex-start"
      minW="0"
      css={{ '--field-label-width': `${labelWidth}px` }}
      data-testid={testId}
    >
      <Field.Label justifyContent={position === 'right' ? 'flex-end' : 'flex-start'} textAlign={position} pt="2" pe="3" mb="0" overflowWrap="anywhere">
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Box flex="1" minW="0">
        {children}
        <Field.ErrorText>{error}</Field.ErrorText>
      </Box>
    </Field.Root>
  );
}

/** The frame of a group: its label as the group's name, the message under it. */
function GroupFrame({ label, error, required, position, labelWidth, children, testId }: Omit<FieldFrameProps, 'group'>) {
  const id = useId();
  const top = position === 'top';
  return (
    <Box role="group" aria-labelledby={id} display={top ? 'block' : 'flex'} alignItems="flex-start" minW="0" data-testid={testId}>
      <Text
        id={id}
        fontSize="sm"
        fontWeight="medium"
        flex={top ? undefined : `0 0 ${labelWidth}px`}
        textAlign={top ? undefined : position}
        pt={top ? undefined : '2'}
        pe={top ? undefined : '3'}
        mb={top ? '1.5' : '0'}
        overflowWrap="anywhere"
      >
        {label}
        {required ? (
          <Text as="span" color="fg.error" ms="1" aria-hidden>
            *
          </Text>
        ) : null}
      </Text>
      <Box flex="1" minW="0">
        {children}
        {error ? (
          <Text fontSize="xs" color="fg.error" mt="1.5" role="alert">
            {error}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}
