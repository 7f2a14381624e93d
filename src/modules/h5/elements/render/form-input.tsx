import type { ElementRenderProps } from '../element-def';
import { controlProps, controlStyle, FieldFrame } from './form-frame';

/** A one-line input of a form (luban-h5 lbp-form-input). */
export interface FormInputProps {
  name: string;
  label: string;
  required: boolean;
  placeholder: string;
  type: 'text' | 'tel' | 'email' | 'number';
}

export function FormInputRender({ element, props, mode }: ElementRenderProps<FormInputProps>) {
  return (
    <FieldFrame label={props.label} required={props.required} mode={mode}>
      <input
        {...controlProps(element.uuid, mode)}
        readOnly={mode === 'edit'}
        type={props.type}
        placeholder={props.placeholder}
        required={props.required}
        aria-label={props.label || props.placeholder || undefined}
        inputMode={props.type === 'tel' ? 'tel' : props.type === 'number' ? 'decimal' : undefined}
        style={controlStyle}
      />
    </FieldFrame>
  );
}
