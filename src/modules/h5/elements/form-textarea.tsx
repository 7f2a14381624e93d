import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { LetterText } from 'lucide-react';
import { defineElement } from './element-def';
import { formFieldShape, labelField, nameField, placeholderField, requiredField } from './form-kit';
import { text } from './prop-schemas';
import { FormTextareaRender } from './render/form-textarea';

/** A multi-line text input of a form (luban-h5 lbp-form-textarea). */
const schema = z.looseObject({ ...formFieldShape('remark'), placeholder: text('', 100) });
type FormTextareaProps = z.output<typeof schema>;

export const formTextareaElement = defineElement<FormTextareaProps>({
  name: 'form-textarea',
  version: 1,
  label: msg`多行文本`,
  icon: LetterText,
  group: 'form',
  formField: true,
  defaultProps: () => ({ name: 'remark', label: t`备注`, required: false, placeholder: t`请输入内容` }),
  defaultStyle: { width: 280, height: 100, left: 20 },
  propsSchema: schema,
  fields: [nameField, labelField, placeholderField, requiredField],
  Render: FormTextareaRender,
});
