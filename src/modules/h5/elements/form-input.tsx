import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { TextCursorInput } from 'lucide-react';
import { defineElement } from './element-def';
import { formFieldShape, labelField, nameField, placeholderField, requiredField } from './form-kit';
import { oneOf, text } from './prop-schemas';
import { FormInputRender } from './render/form-input';

/** A one-line input of a form (luban-h5 lbp-form-input). */
export const INPUT_TYPES = ['text', 'tel', 'email', 'number'] as const;
const schema = z.looseObject({ ...formFieldShape('name'), placeholder: text('', 100), type: oneOf(INPUT_TYPES, 'text') });
type FormInputProps = z.output<typeof schema>;

export const formInputElement = defineElement<FormInputProps>({
  name: 'form-input',
  version: 1,
  label: msg`输入框`,
  icon: TextCursorInput,
  group: 'form',
  formField: true,
  defaultProps: () => ({ name: 'name', label: t`姓名`, required: false, placeholder: t`请输入姓名`, type: 'text' }),
  defaultStyle: { width: 280, height: 40, left: 20 },
  propsSchema: schema,
  fields: [
    nameField,
    labelField,
    placeholderField,
    {
      key: 'type',
      label: msg`输入类型`,
      kind: 'select',
      options: [
        { value: 'text', label: msg`文本` },
        { value: 'tel', label: msg`电话` },
        { value: 'email', label: msg`邮箱` },
        { value: 'number', label: msg`数字` },
      ],
    },
    requiredField,
  ],
  Render: FormInputRender,
});
