import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { SquareChevronDown } from 'lucide-react';
import { defineElement } from './element-def';
import { formFieldShape, labelField, nameField, optionsField, placeholderField, requiredField } from './form-kit';
import { optionsOf, text, type FieldOptionValue } from './prop-schemas';
import { FormSelectRender } from './render/form-select';

/** A drop-down choice of a form (luban-h5 lbp-form-select). */
const storeOptions = (): FieldOptionValue[] => [
  { label: t`门店一`, value: '1' },
  { label: t`门店二`, value: '2' },
];
const schema = z.looseObject({ ...formFieldShape('storeId'), placeholder: text('', 100), options: optionsOf(storeOptions) });
type FormSelectProps = z.output<typeof schema>;

export const formSelectElement = defineElement<FormSelectProps>({
  name: 'form-select',
  version: 1,
  label: msg`下拉选择`,
  icon: SquareChevronDown,
  group: 'form',
  formField: true,
  defaultProps: () => ({ name: 'storeId', label: t`门店`, required: false, placeholder: t`请选择`, options: storeOptions() }),
  defaultStyle: { width: 280, height: 40, left: 20 },
  propsSchema: schema,
  fields: [nameField, labelField, placeholderField, optionsField, requiredField],
  Render: FormSelectRender,
});
