import type { CSSProperties } from 'react';
import type { BoxSides, CommonStyle, SideValue } from '@/contracts/h5';

/**
 * An element's box on the canvas from its commonStyle (spec 3): absolutely positioned at
 * left / top with its width and height (border-box, so the size the user types is the size
 * moveable measures), rotated about its centre, stacked by zindex, with its colours, font, text
 * alignment, opacity, radius, and margin / padding / border per side. Plain data: the published
 * runtime (part 2) positions elements the same way.
 */

const side = (v: SideValue | undefined) => (v && Number.isFinite(v.value) ? `${v.value}${v.unit === '%' ? '%' : 'px'}` : '0px');
const sidesCss = (b: BoxSides | undefined) => (b ? `${side(b.top)} ${side(b.right)} ${side(b.bottom)} ${side(b.left)}` : undefined);

/** The transform of an element at rest (rotation only) or during a gesture (translated first). */
export function boxTransform(rotate: number, translate?: readonly [number, number]): string {
  const r = `rotate(${Number.isFinite(rotate) ? rotate : 0}deg)`;
  return translate ? `translate(${translate[0]}px, ${translate[1]}px) ${r}` : r;
}

export function elementBoxStyle(s: CommonStyle): CSSProperties {
  const border = s.border;
  const style: CSSProperties = {
    position: 'absolute',
    boxSizing: 'border-box',
    left: s.left,
    top: s.top,
    width: s.width,
    height: s.height,
    transform: boxTransform(s.rotate ?? 0),
    zIndex: s.zindex,
    color: s.color,
    backgroundColor: s.backgroundColor,
    fontSize: s.fontSize,
    textAlign: s.textAlign,
    opacity: s.opacity ?? 1,
    borderRadius: s.borderRadius ?? 0,
    margin: sidesCss(s.margin),
    padding: sidesCss(s.padding),
  };
  if (s.lineHeight !== undefined) style.lineHeight = s.lineHeight;
  if (border) {
    style.borderStyle = border.style;
    style.borderColor = border.color;
    style.borderWidth = sidesCss(border);
  }
  return style;
}

/**
 * How tall the canvas is: the work's height, or in long-page mode as far down as the lowest
 * element reaches (spec 3: a long page grows with its content).
 */
export function canvasHeight(workHeight: number, longPage: boolean, boxes: ReadonlyArray<{ top: number; height: number }>): number {
  if (!longPage) return workHeight;
  return boxes.reduce((h, b) => Math.max(h, Math.ceil(b.top + b.height)), workHeight);
}
