import { useMemo } from 'react';
import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { Type } from 'lucide-react';
import { sanitizeHtml } from '@/lib/sanitize';
import { defineElement, type ElementRenderProps } from './element-def';
import { fill, inert } from './render-kit';
import { text } from './prop-schemas';

/** Rich text (luban-h5 lbp-text): HTML written by the rich-text field, always rendered sanitized. */
const schema = z.looseObject({ text: text('', 20_000) });
type TextProps = z.output<typeof schema>;

function TextRender({ props, mode }: ElementRenderProps<TextProps>) {
  const html = useMemo(() => sanitizeHtml(props.text), [props.text]);
  return (
    <div
      style={{ ...fill, ...inert(mode), overflow: 'hidden', overflowWrap: 'anywhere' }}
      data-testid="h5-text"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export const textElement = defineElement<TextProps>({
  name: 'text',
  version: 1,
  label: msg`文字`,
  icon: Type,
  group: 'basic',
  defaultProps: () => ({ text: `<p>${t`请输入文字`}</p>` }),
  defaultStyle: { width: 240, height: 40, left: 40 },
  propsSchema: schema,
  fields: [{ key: 'text', label: msg`内容`, kind: 'richtext' }],
  Render: TextRender,
});
