import type { ElementRenderProps } from '../element-def';
import { fill, inert } from '../render-kit';

/** A vector shape (SVG stretched to the box; the stroke keeps its width in px whatever the size and is drawn centred on the edge). */
export interface ShapeProps {
  shape: 'rect' | 'circle' | 'triangle' | 'line' | 'star';
  fill: string;
  stroke: string;
  strokeWidth: number;
}

const STAR_POINTS = '50,3 61,38 98,38 68,60 79,95 50,73 21,95 32,60 2,38 39,38';

export function ShapeRender({ props, mode }: ElementRenderProps<ShapeProps>) {
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
