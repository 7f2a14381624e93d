import type { H5Element } from '@/contracts/h5';
import type { ElementRenderProps, RenderMode } from '../element-def';
import { controlProps, FieldFrame } from './form-frame';
import type { ChoiceOption } from './form-select';

/** A single (luban-h5 lbp-form-radio-group) or multiple (lbp-form-checkbox-group) choice of a form. */
export interface ChoiceProps {
  label: string;
  required: boolean;
  options: ChoiceOption[];
  layout: 'horizontal' | 'vertical';
}

/** The option list of a radio or checkbox group. */
export function ChoiceGroup({ element, props, mode, type }: { element: H5Element; props: ChoiceProps; mode: RenderMode; type: 'radio' | 'checkbox' }) {
  const vertical = props.layout === 'vertical';
  return (
    <FieldFrame label={props.label} required={props.required} mode={mode} stacked>
      <div
        role={type === 'radio' ? 'radiogroup' : 'group'}
        aria-label={props.label || undefined}
        style={{ display: 'flex', flexDirection: vertical ? 'column' : 'row', flexWrap: 'wrap', gap: vertical ? 4 : '4px 16px', overflow: 'hidden' }}
      >
        {props.options.map((o, i) => (
          <label key={i} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <input {...controlProps(element.uuid, mode)} type={type} value={o.value} required={type === 'radio' && props.required} style={{ margin: 0 }} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </FieldFrame>
  );
}

export function FormRadioRender({ element, props, mode }: ElementRenderProps<ChoiceProps>) {
  return <ChoiceGroup element={element} props={props} mode={mode} type="radio" />;
}

export function FormCheckboxRender({ element, props, mode }: ElementRenderProps<ChoiceProps>) {
  return <ChoiceGroup element={element} props={props} mode={mode} type="checkbox" />;
}
