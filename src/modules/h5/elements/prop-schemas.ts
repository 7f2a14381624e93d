import { z } from 'zod';

/**
 * Building blocks of the element types' props schemas. Every value repairs on its own (`.catch`):
 * a saved work with one bad value keeps everything else, and a missing value gets its default.
 * Objects are loose, so props written by a newer client survive a save by this one.
 */

export const MEDIA_SRC_MAX = 4096;
export const LINK_MAX = 2048;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const text = (fallback: string, max = 500) => z.string().max(max).catch(fallback);

export const num = (fallback: number, min: number, max: number, int = false) =>
  (int ? z.number().int() : z.number()).min(min).max(max).catch(fallback);

export const bool = (fallback: boolean) => z.boolean().catch(fallback);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => z.enum(values).catch(fallback);

/** A CSS colour as typed in the colour field: hex, rgb(a), hsl(a) or a keyword; no `;`, `url(` or quotes. */
export const COLOR_PATTERN = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d\s.,%/-]{1,60}\)|[a-z]{3,30})$/i;
export const color = (fallback: string) => z.string().regex(COLOR_PATTERN).catch(fallback);

/** A hex colour (qrcode only takes those). */
export const hexColor = (fallback: string) => z.string().regex(/^#([0-9a-f]{6}|[0-9a-f]{8})$/i).catch(fallback);

export const mediaSrc = () => z.string().trim().max(MEDIA_SRC_MAX).catch('');
export const link = () => z.string().trim().max(LINK_MAX).catch('');

/** A form field's data key (part 2 collects the answers under it). */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
export const fieldName = (fallback: string) => z.string().regex(FIELD_NAME_PATTERN).catch(fallback);

/** An array of objects: items that are not objects are dropped, the rest repaired one by one, at most `max`. */
export function listOf<T extends z.ZodType>(item: T, max: number, fallback: () => z.output<T>[]) {
  return z
    .preprocess((v) => (Array.isArray(v) ? v.filter(isRecord).slice(0, max) : v), z.array(item))
    .catch(fallback);
}

/** A 2-D array of strings (numbers become strings, anything else an empty cell). */
export function grid(maxRows: number, maxCols: number, fallback: () => string[][]) {
  const cell = (c: unknown) => (typeof c === 'string' ? c.slice(0, 500) : typeof c === 'number' && Number.isFinite(c) ? String(c) : '');
  return z
    .preprocess(
      (v) => (Array.isArray(v) ? v.filter(Array.isArray).slice(0, maxRows).map((row: unknown[]) => row.slice(0, maxCols).map(cell)) : v),
      z.array(z.array(z.string())),
    )
    .catch(fallback);
}

/** Options of a radio / checkbox / select field. */
export const optionSchema = z.looseObject({ label: text('', 60), value: text('', 60) });
export type FieldOptionValue = z.output<typeof optionSchema>;
export const optionsOf = (fallback: () => FieldOptionValue[]) => listOf(optionSchema, 50, fallback);
