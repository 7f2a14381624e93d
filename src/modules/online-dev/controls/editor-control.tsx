import { useState } from 'react';
import { RichTextEditor } from '@/components/rich-text-editor';
import type { ControlProps } from './types';

/**
 * 富文本 (editor): the shared rich-text editor (TipTap), loaded lazily by the registry; the value is
 * HTML ('' for an editor with no text), shown sanitized in detail mode. Uncontrolled: it starts
 * from the value it mounts with.
 */
export function EditorControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const [initial] = useState(() => (typeof value === 'string' ? value : ''));
  return (
    <RichTextEditor
      initialHtml={initial}
      onChange={(html) => onChange(html || null)}
      onBlur={onBlur}
      invalid={invalid}
      disabled={disabled}
      label={field.label || field.key}
      minH={mode === 'cell' ? '80px' : '180px'}
      testId={testId ?? `od-editor-${field.key}`}
    />
  );
}
