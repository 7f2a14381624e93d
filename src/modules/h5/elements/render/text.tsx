import { useMemo } from 'react';
import { sanitizeHtml } from '@/lib/sanitize';
import type { ElementRenderProps } from '../element-def';
import { fill, inert } from '../render-kit';

/** Rich text (luban-h5 lbp-text): HTML written by the rich-text field, always rendered sanitized. */
export interface TextProps {
  text: string;
}

export function TextRender({ props, mode }: ElementRenderProps<TextProps>) {
  const html = useMemo(() => sanitizeHtml(props.text), [props.text]);
  return (
    <div
      style={{ ...fill, ...inert(mode), overflow: 'hidden', overflowWrap: 'anywhere' }}
      data-testid="h5-text"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
