import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { Send } from 'lucide-react';
import { defineElement } from './element-def';
import { VERTICAL_ALIGNS, verticalAlignOptions } from './button';
import { oneOf, text } from './prop-schemas';
import { ButtonRender } from './render/button';

/**
 * The submit button of a page's form (luban-h5 lbp-form-button). Not a field itself; the page
 * runtime (part 2) sends the answers of the page's form fields when it is clicked.
 */
const schema = z.looseObject({ text: text('', 100), verticalAlign: oneOf(VERTICAL_ALIGNS, 'middle') });
type FormSubmitProps = z.output<typeof schema>;

export const formSubmitElement = defineElement<FormSubmitProps>({
  name: 'form-submit',
  version: 1,
  label: msg`提交按钮`,
  icon: Send,
  group: 'form',
  formField: false,
  defaultProps: () => ({ text: t`提交`, verticalAlign: 'middle' }),
  defaultStyle: { width: 280, height: 44, left: 20, backgroundColor: '#2f6bff', color: '#ffffff', borderRadius: 4, fontSize: 16 },
  propsSchema: schema,
  fields: [
    { key: 'text', label: msg`按钮文字`, kind: 'text' },
    { key: 'verticalAlign', label: msg`垂直对齐`, kind: 'select', options: verticalAlignOptions },
  ],
  Render: ButtonRender,
});
