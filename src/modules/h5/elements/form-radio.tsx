import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { CircleDot } from 'lucide-react';
import type { H5Element } from '@/contracts/h5';
import { defineElement, type ElementRenderProps, type RenderMode } from './element-def';
import { controlProps, FieldFrame, formFieldShape, labelField, layout, layoutField, nameField, optionsField, requiredField } from './form-kit';
import { optionsOf, type FieldOptionValue } from './prop-schemas';

/** A single choice of a form (luban-h5 lbp-form-radio-group). */
const sexOptions = (): FieldOptionValue[] => [
  { label: t`男`, value: '1' },
  { label: t`女`, value: '2' },
];
const schema = z.looseObject({ ...formFieldShape('sex'), options: optionsOf(sexOptions), layout: layout() });
export type ChoiceProps = z.output<typeof schema>;

/** The option list of a radio or checkbox group (form-checkbox uses it too). */
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

function FormRadioRender({ element, props, mode }: ElementRenderProps<ChoiceProps>) {
  return <ChoiceGroup element={element} props={props} mode={mode} type="radio" />;
}


export const formRadioElement = defineElement<ChoiceProps>({
  name: 'form-radio',
  version: 1,
  label: msg`单选`,
  icon: CircleDot,
  group: 'form',
  formField: true,
  defaultProps: () => ({ name: 'sex', label: t`性别`, required: false, options: sexOptions(), layout: 'horizontal' }),
  defaultStyle: { width: 280, height: 56, left: 20 },
  propsSchema: schema,
  fields: [nameField, labelField, optionsField, layoutField, requiredField],
  Render: FormRadioRender,
});
