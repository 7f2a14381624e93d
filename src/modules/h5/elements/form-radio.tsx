import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { CircleDot } from 'lucide-react';
import { defineElement } from './element-def';
import { formFieldShape, labelField, layout, layoutField, nameField, optionsField, requiredField } from './form-kit';
import { optionsOf, type FieldOptionValue } from './prop-schemas';
import { FormRadioRender } from './render/form-choice';

/** A single choice of a form (luban-h5 lbp-form-radio-group). */
const sexOptions = (): FieldOptionValue[] => [
  { label: t`男`, value: '1' },
  { label: t`女`, value: '2' },
];
const schema = z.looseObject({ ...formFieldShape('sex'), options: optionsOf(sexOptions), layout: layout() });
export type ChoiceProps = z.output<typeof schema>;

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
