import type { ElementRenderProps } from '../element-def';
import { controlProps, controlStyle, FieldFrame } from './form-frame';

export interface ChoiceOption {
  label: string;
  value: string;
}

/** A drop-down choice of a form (luban-h5 lbp-form-select). */
export interface FormSelectProps {
  label: string;
  required: boolean;
  placeholder: string;
  options: ChoiceOption[];
}

export function FormSelectRender({ element, props, mode }: ElementRenderProps<FormSelectProps>) {
  return (
    <FieldFrame label={props.label} required={props.required} mode={mode}>
      <select {...controlProps(element.uuid, mode)} required={props.required} defaultValue="" aria-label={props.label || props.placeholder || undefined} style={controlStyle}>
        <option value="" disabled>
          {props.placeholder}
        </option>
        {props.options.map((o, i) => (
          <option key={i} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
