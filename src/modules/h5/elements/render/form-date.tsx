import type { ElementRenderProps } from '../element-def';
import { controlProps, controlStyle, FieldFrame } from './form-frame';

/** A date of a form (e.g. birthday of spec 3 Event form data): the browser's own date picker. */
export interface FormDateProps {
  label: string;
  required: boolean;
}

export function FormDateRender({ element, props, mode }: ElementRenderProps<FormDateProps>) {
  return (
    <FieldFrame label={props.label} required={props.required} mode={mode}>
      <input
        {...controlProps(element.uuid, mode)}
        readOnly={mode === 'edit'}
        type="date"
        required={props.required}
        aria-label={props.label || undefined}
        style={controlStyle}
      />
    </FieldFrame>
  );
}
