import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { MapPin } from 'lucide-react';
import { defineElement } from './element-def';
import { formFieldShape, labelField, nameField, requiredField } from './form-kit';
import { oneOf } from './prop-schemas';
import { FormRegionRender } from './render/form-region';

/**
 * Province / city / district of a form: three plain selects. The app's region field
 * (src/components/region-cascader.tsx) is not used here: it loads regions level by level from the
 * signed-in Base API and is a Chakra popover, while element renderers are plain HTML that the
 * public, session-less page runtime of part 2 renders too, and the editor bundle must not carry the
 * region data. So this renders the three selects with their placeholders in the editor and in
 * preview; part 2 fills them from a public region source when it publishes pages with forms.
 */
const schema = z.looseObject({ ...formFieldShape('region'), depth: oneOf(['2', '3'], '3') });
type FormRegionProps = z.output<typeof schema>;

export const formRegionElement = defineElement<FormRegionProps>({
  name: 'form-region',
  version: 1,
  label: msg`省市区`,
  icon: MapPin,
  group: 'form',
  formField: true,
  defaultProps: () => ({ name: 'region', label: t`地区`, required: false, depth: '3' }),
  defaultStyle: { width: 300, height: 40, left: 10 },
  propsSchema: schema,
  fields: [
    nameField,
    labelField,
    {
      key: 'depth',
      label: msg`选择级别`,
      kind: 'select',
      options: [
        { value: '2', label: msg`省 / 市` },
        { value: '3', label: msg`省 / 市 / 区` },
      ],
    },
    requiredField,
  ],
  Render: FormRegionRender,
});
