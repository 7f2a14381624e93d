import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { LetterText } from 'lucide-react';
import { defineElement, type ElementRenderProps } from './element-def';
import { controlProps, controlStyle, FieldFrame, formFieldShape, labelField, nameField, placeholderField, requiredField } from './form-kit';
import { text } from './prop-schemas';

/** A multi-line text input of a form (luban-h5 lbp-form-textarea). */
const schema = z.looseObject({ ...formFieldShape('remark'), placeholder: text('', 100) });
type FormTextareaProps = z.output<typeof schema>;

function FormTextareaRender({ element, props, mode }: ElementRenderProps<FormTextareaProps>) {
  return (
    <FieldFrame label={props.label} required={props.required} mode={mode} stacked>
      <textarea
        {...controlProps(element.uuid, mode)}
        readOnly={mode === 'edit'}
        placeholder={props.placeholder}
        required={props.required}
        aria-label={props.label || props.placeholder || undefined}
        style={{ ...controlStyle, flex: 1, padding: '6px 8px', resize: 'none' }}
      />
    </FieldFrame>
  );
}

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
