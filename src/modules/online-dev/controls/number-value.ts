/**
 * Number fields' text (plain functions; number-value.test.ts): what a typed text gives, a value
 * as text, a step up or down kept within the field's bounds, and the half-star rating of a point.
 */

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Typed text → the value: '' is null, a number is a number, anything else stays text (the check says 必须是数字). */
export function parseNumberText(text: string): number | string | null {
  const s = text.trim();
  if (!s) return null;
  return NUMERIC.test(s) ? Number(s) : s;
}

export const numberText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value));

/** One step up (+1) or down (-1) from `value`, within min and max, rounded to the precision (or the step's decimals). */
export function stepNumber(value: unknown, dir: 1 | -1, o: { min?: number; max?: number; step?: number; precision?: number }): number {
  const step = o.step && o.step > 0 ? o.step : 1;
  const base = typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && NUMERIC.test(value.trim()) ? Number(value) : (o.min ?? 0) - (dir > 0 ? step : -step);
  const places = o.precision ?? (String(step).split('.')[1]?.length ?? 0);
  let next = Number((base + dir * step).toFixed(Math.min(10, places)));
  if (o.min !== undefined) next = Math.max(o.min, next);
  if (o.max !== undefined) next = Math.min(o.max, next);
  return next;
}

/** The rating a pointer at `x` of a star `width` wide gives for star `index` (0-based): a half step in its left half when halves are allowed. */
export const ratingAt = (index: number, x: number, width: number, half: boolean): number => (half && x < width / 2 ? index + 0.5 : index + 1);

/** How full star `index` (0-based) is at `value`: 0, 0.5 or 1. */
export const starFill = (index: number, value: number): 0 | 0.5 | 1 => (value >= index + 1 ? 1 : value >= index + 0.5 ? 0.5 : 0);
