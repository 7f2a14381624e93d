import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { Shapes } from 'lucide-react';
import { defineElement, type ElementRenderProps } from './element-def';
import { fill, inert } from './render-kit';
import { color, num, oneOf } from './prop-schemas';

/** A vector shape (SVG stretched to the box; the stroke keeps its width in px whatever the size and is drawn centred on the edge). */
export const SHAPES = ['rect', 'circle', 'triangle', 'line', 'star'] as const;
const schema = z.looseObject({
  shape: oneOf(SHAPES, 'rect'),
  fill: color('#5b8ff9'),
  stroke: color('#2f54eb'),
  strokeWidth: num(0, 0, 40),
});
type ShapeProps = z.output<typeof schema>;

const STAR_POINTS = '50,3 61,38 98,38 68,60 79,95 50,73 21,95 32,60 2,38 39,38';

function ShapeRender({ props, mode }: ElementRenderProps<ShapeProps>) {
  const paint = {
    fill: props.shape === 'line' ? 'none' : props.fill,
    stroke: props.shape === 'line' ? props.stroke : props.strokeWidth > 0 ? props.stroke : 'none',
    strokeWidth: props.shape === 'line' ? Math.max(1, props.strokeWidth) : props.strokeWidth,
    vectorEffect: 'non-scaling-stroke',
  } as const;
  const shape = {
    rect: <rect x="0" y="0" width="100" height="100" {...paint} />,
    circle: <ellipse cx="50" cy="50" rx="50" ry="50" {...paint} />,
    triangle: <polygon points="50,0 100,100 0,100" {...paint} />,
    line: <line x1="0" y1="50" x2="100" y2="50" {...paint} />,
    star: <polygon points={STAR_POINTS} {...paint} />,
  }[props.shape];
  return (
    <svg viewBox="0 0 100 100" preserveAspectRatio="none" overflow="visible" style={{ ...fill, ...inert(mode), display: 'block' }} data-testid="h5-shape" aria-hidden>
      {shape}
    </svg>
  );
}

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
