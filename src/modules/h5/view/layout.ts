import type { CSSProperties } from 'react';
import type { CommonStyle, H5Element, H5Page } from '@/contracts/h5';
import { canvasHeight, elementBoxStyle } from '../editor/canvas/element-style';

/**
 * The published page's geometry (spec 9: the rem conversion base is 320 / 10). A work is designed
 * `work.width` px wide (320 by default); the page is laid out in rem with 1rem = a tenth of the
 * frame's width, so a 320 px design fills a 390 px or a 360 px phone alike. On a wide screen
 * (desktop) the frame keeps a phone's width, centred.
 */

/** Wider than this, the viewport is not a phone's: the page is shown at PHONE_WIDTH, centred. */
export const DESKTOP_MIN_WIDTH = 600;
export const PHONE_WIDTH = 375;
/** Spec 9: 1rem = frame width / 10 (32 px on a 320 px phone). */
export const REM_DIVISOR = 10;

/** The width (px) the page is drawn at in a viewport `viewportWidth` px wide. */
export const frameWidth = (viewportWidth: number) => (viewportWidth > DESKTOP_MIN_WIDTH ? PHONE_WIDTH : Math.max(1, Math.floor(viewportWidth)));

/** The root font size (px): the rem of the page. */
export const remPx = (viewportWidth: number) => frameWidth(viewportWidth) / REM_DIVISOR;

/**
 * A design length (px of a work `workWidth` wide) in rem; in px when `pxPerRem` (the frame's tenth) is
 * given — the preview inside the admin app, whose document rem is the app's own, not the page's.
 */
export function toRem(px: number, workWidth: number, pxPerRem?: number): string {
  const v = (px * REM_DIVISOR) / (workWidth > 0 ? workWidth : 320);
  const n = Number.isFinite(v) ? v : 0;
  return pxPerRem ? `${Math.round(n * pxPerRem * 100) / 100}px` : `${Math.round(n * 10_000) / 10_000}rem`;
}

/** The page's root font size for the current window (set on <html>, again on resize). */
export function applyRem(win: Window = window): number {
  const rem = remPx(win.document.documentElement.clientWidth || win.innerWidth);
  win.document.documentElement.style.fontSize = `${rem}px`;
  return rem;
}

const PX_KEYS = ['left', 'top', 'width', 'height', 'fontSize', 'borderRadius'] as const;
const PX_LIST_KEYS = ['margin', 'padding', 'borderWidth'] as const;

/**
 * An element's box as the editor draws it (element-style.ts: position, size, rotation, stacking,
 * colours, font, opacity, radius, margin / padding / border per side) with every design px turned
 * into rem (px of the frame with `pxPerRem`). The background fills its page whatever its box says.
 */
export function runtimeBoxStyle(element: Pick<H5Element, 'name' | 'commonStyle'>, workWidth: number, pxPerRem?: number): CSSProperties {
  const style = elementBoxStyle(element.commonStyle) as Record<string, unknown>;
  for (const k of PX_KEYS) if (typeof style[k] === 'number') style[k] = toRem(style[k] as number, workWidth, pxPerRem);
  for (const k of PX_LIST_KEYS) {
    if (typeof style[k] === 'string') style[k] = (style[k] as string).replace(/(-?\d*\.?\d+)px/g, (_, n: string) => toRem(Number(n), workWidth, pxPerRem));
  }
  if (element.name === 'background') Object.assign(style, { left: 0, top: 0, width: '100%', height: '100%', transform: 'none' });
  return style as CSSProperties;
}

/**
 * A page's height in design px: in paged mode the work's height (the screen); in a long page as
 * far down as its lowest element, the work's height at least (as the editor's canvas); a dialog
 * page as tall as its content, its background included.
 */
export function pageHeight(page: H5Page, workHeight: number, fit: 'screen' | 'long' | 'content'): number {
  const all = page.elements.map((e) => e.commonStyle as Pick<CommonStyle, 'top' | 'height'>);
  if (fit === 'content') return canvasHeight(0, true, all) || workHeight;
  const boxes = page.elements.filter((e) => e.name !== 'background').map((e) => e.commonStyle as Pick<CommonStyle, 'top' | 'height'>);
  return canvasHeight(workHeight, fit === 'long', boxes);
}
