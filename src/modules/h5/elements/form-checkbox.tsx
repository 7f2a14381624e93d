import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { SquareCheck } from 'lucide-react';
import { defineElement } from './element-def';
import { formFieldShape, labelField, layout, layoutField, nameField, optionsField, requiredField } from './form-kit';
import { optionsOf, type FieldOptionValue } from './prop-schemas';
import { FormCheckboxRender } from './render/form-choice';

/** A multiple choice of a form (luban-h5 lbp-form-checkbox-group). */
const interestOptions = (): FieldOptionValue[] => [
  { label: t`选项一`, value: '1' },
  { label: t`选项二`, value: '2' },
  { label: t`选项三`, value: '3' },
];
const schema = z.looseObject({ ...formFieldShape('interest'), options: optionsOf(interestOptions), layout: layout() });
type FormCheckboxProps = z.output<typeof schema>;

export const formCheckboxElement = defineElement<FormCheckboxProps>({
  name: 'form-checkbox',
  version: 1,
  label: msg`多选`,
  icon: SquareCheck,
  group: 'form',
  formField: true,
  defaultProps: () => ({ name: 'interest', label: t`兴趣`, required: false, options: interestOptions(), layout: 'horizontal' }),
  defaultStyle: { width: 280, height: 56, left: 20 },
  propsSchema: schema,
  fields: [nameField, labelField, optionsField, layoutField, requiredField],
  Render: FormCheckboxRender,
});
