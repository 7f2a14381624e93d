import type { ElementRenderProps } from '../element-def';
import { controlProps, controlStyle, FieldFrame } from './form-frame';

/** A multi-line text input of a form (luban-h5 lbp-form-textarea). */
export interface FormTextareaProps {
  label: string;
  required: boolean;
  placeholder: string;
}

export function FormTextareaRender({ element, props, mode }: ElementRenderProps<FormTextareaProps>) {
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
