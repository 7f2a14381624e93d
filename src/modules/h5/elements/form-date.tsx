import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { CalendarDays } from 'lucide-react';
import { defineElement } from './element-def';
import { formFieldShape, labelField, nameField, requiredField } from './form-kit';
import { FormDateRender } from './render/form-date';

/** A date of a form (e.g. birthday of spec 3 Event form data): the browser's own date picker. */
const schema = z.looseObject({ ...formFieldShape('birthday') });
type FormDateProps = z.output<typeof schema>;

export const formDateElement = defineElement<FormDateProps>({
  name: 'form-date',
  version: 1,
  label: msg`日期`,
  icon: CalendarDays,
  group: 'form',
  formField: true,
  defaultProps: () => ({ name: 'birthday', label: t`生日`, required: false }),
  defaultStyle: { width: 280, height: 40, left: 20 },
  propsSchema: schema,
  fields: [nameField, labelField, requiredField],
  Render: FormDateRender,
});
