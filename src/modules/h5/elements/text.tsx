import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { Type } from 'lucide-react';
import { defineElement } from './element-def';
import { text } from './prop-schemas';
import { TextRender } from './render/text';

/** Rich text (luban-h5 lbp-text): HTML written by the rich-text field, always rendered sanitized. */
const schema = z.looseObject({ text: text('', 20_000) });
type TextProps = z.output<typeof schema>;

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
