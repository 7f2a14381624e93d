import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { Shapes } from 'lucide-react';
import { defineElement } from './element-def';
import { color, num, oneOf } from './prop-schemas';
import { ShapeRender } from './render/shape';

/** A vector shape (SVG stretched to the box; the stroke keeps its width in px whatever the size and is drawn centred on the edge). */
export const SHAPES = ['rect', 'circle', 'triangle', 'line', 'star'] as const;
const schema = z.looseObject({
  shape: oneOf(SHAPES, 'rect'),
  fill: color('#5b8ff9'),
  stroke: color('#2f54eb'),
  strokeWidth: num(0, 0, 40),
});
type ShapeProps = z.output<typeof schema>;

export const shapeElement = defineElement<ShapeProps>({
  name: 'shape',
  version: 1,
  label: msg`形状`,
  icon: Shapes,
  group: 'basic',
  defaultProps: () => ({ shape: 'rect', fill: '#5b8ff9', stroke: '#2f54eb', strokeWidth: 0 }),
  defaultStyle: { width: 100, height: 100, left: 110 },
  propsSchema: schema,
  fields: [
    {
      key: 'shape',
      label: msg`形状`,
      kind: 'select',
      options: [
        { value: 'rect', label: msg`矩形` },
        { value: 'circle', label: msg`圆形` },
        { value: 'triangle', label: msg`三角形` },
        { value: 'line', label: msg`直线` },
        { value: 'star', label: msg`五角星` },
      ],
    },
    { key: 'fill', label: msg`填充颜色`, kind: 'color' },
    { key: 'stroke', label: msg`描边颜色`, kind: 'color' },
    { key: 'strokeWidth', label: msg`描边宽度`, kind: 'number', min: 0, max: 40, step: 1 },
  ],
  Render: ShapeRender,
});
