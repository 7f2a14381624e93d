import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { Star } from 'lucide-react';
import { defineElement } from './element-def';
import { bool, color, num } from './prop-schemas';
import { RatingRender } from './render/rating';

/** A star rating (luban-h5 lbp-rate): `value` of `max` stars; in preview a visitor may change it unless read only. */
const schema = z.looseObject({
  value: num(4, 0, 10),
  max: num(5, 1, 10, true),
  color: color('#ffb400'),
  voidColor: color('#dcdfe6'),
  readonly: bool(false),
});
type RatingProps = z.output<typeof schema>;

export const ratingElement = defineElement<RatingProps>({
  name: 'rating',
  version: 1,
  label: msg`评分`,
  icon: Star,
  group: 'data',
  defaultProps: () => ({ value: 4, max: 5, color: '#ffb400', voidColor: '#dcdfe6', readonly: false }),
  defaultStyle: { width: 160, height: 28, left: 80 },
  propsSchema: schema,
  fields: [
    { key: 'value', label: msg`分值`, kind: 'number', min: 0, max: 10, step: 0.5 },
    { key: 'max', label: msg`星星数量`, kind: 'number', min: 1, max: 10, step: 1 },
    { key: 'color', label: msg`选中颜色`, kind: 'color' },
    { key: 'voidColor', label: msg`未选颜色`, kind: 'color' },
    { key: 'readonly', label: msg`只读`, kind: 'switch' },
  ],
  Render: RatingRender,
});
