import { msg } from '@lingui/core/macro';
import type { PropField } from './element-def';
import { bool, fieldName, oneOf, text } from './prop-schemas';

/**
 * What the form-field elements share: the props every field has (`name`, the data key part 2
 * collects the answer under; its label; required), their property fields, and the frame that
 * lays a label beside (one-line controls) or above (groups, text areas) the control.
 */
export const formFieldShape = (name: string) => ({
  name: fieldName(name),
  label: text('', 60),
  required: bool(false),
});

export const LAYOUTS = ['horizontal', 'vertical'] as const;
export const layout = () => oneOf(LAYOUTS, 'horizontal');

export const nameField: PropField<'name'> = { key: 'name', label: msg`字段名（数据键）`, kind: 'text', placeholder: msg`如 name、mobile、birthday` };
export const labelField: PropField<'label'> = { key: 'label', label: msg`标题`, kind: 'text' };
export const requiredField: PropField<'required'> = { key: 'required', label: msg`必填`, kind: 'switch' };
export const placeholderField: PropField<'placeholder'> = { key: 'placeholder', label: msg`占位提示`, kind: 'text' };
export const optionsField: PropField<'options'> = { key: 'options', label: msg`选项`, kind: 'options', max: 50 };
export const layoutField: PropField<'layout'> = {
  key: 'layout',
  label: msg`排列方式`,
  kind: 'select',
  options: [
    { value: 'horizontal', label: msg`横向` },
    { value: 'vertical', label: msg`纵向` },
  ],
};

// The render half (control style, control attributes, the label frame) lives in render/form-frame.tsx.
export { controlProps, controlStyle, FieldFrame } from './render/form-frame';
