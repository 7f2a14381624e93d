import { fileExtension, isImageExtension } from '@/contracts/files';
import { VIDEO_EXTENSIONS } from '@/contracts/online-dev';
import type { FieldOption, ModelField } from '@/contracts/online-dev-model';
import { isLocalUrl } from '../table';

/**
 * How values read as text (detail mode, read-only cells): option labels, switch words, file kinds.
 * Plain functions; tested in display.test.ts.
 */

/** The option with this value anywhere in the tree, or undefined. */
export function findOption(items: readonly FieldOption[] | undefined, value: string): FieldOption | undefined {
  for (const o of items ?? []) {
    if (o.value === value) return o;
    const hit = findOption(o.children, value);
    if (hit) return hit;
  }
  return undefined;
}

/** A value as strings: a list as it is, one value as a list of one, empty as []. */
export const valuesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v) => v !== null && v !== undefined && v !== '').map(String) : value === null || value === undefined || value === '' ? [] : [String(value)];

/**
 * The labels of the chosen options (a value no option has is shown as it is). A cascader's value
 * is a path: each level's label under the one before, joined with ` / `; other lists with `、`.
 */
export function optionText(field: Pick<ModelField, 'type'>, items: readonly FieldOption[] | undefined, value: unknown): string {
  const values = valuesOf(value);
  if (field.type === 'cascader') {
    const labels: string[] = [];
    let level = items;
    for (const v of values) {
      const hit = level?.find((o) => o.value === v);
      labels.push(hit?.label ?? v);
      level = hit?.children;
    }
    return labels.join(' / ');
  }
  return values.map((v) => findOption(items, v)?.label ?? v).join('、');
}

/** A switch's words: the field's own, or 是 / 否 (given translated). */
export function switchText(field: Pick<ModelField, 'activeText' | 'inactiveText'>, value: unknown, yes: string, no: string): string {
  const on = value === true || value === 1 || value === '1' || value === 'true';
  return on ? field.activeText || yes : field.inactiveText || no;
}

export type FileShape = 'image' | 'video' | 'file';

/** How a stored file shows: an image (jpg, jpeg, png), a video (the 5.3 video types) or a link. */
export function fileShape(entry: { name?: string; fileName?: string; url?: string }): FileShape {
  const ext = fileExtension(entry.fileName || entry.name || entry.url || '');
  if (isImageExtension(ext)) return 'image';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'video';
  return 'file';
}

/** A file kept on this device until it is uploaded (spec: offline uploads). */
export const isLocalFile = (entry: { url?: string } | null | undefined) => isLocalUrl(entry?.url);

/** Columns of the 24-column grid a field takes: its span (1 to 24), or all of them on a narrow screen. */
export const gridSpan = (span: number | undefined, narrow: boolean): number => (narrow ? 24 : Math.min(24, Math.max(1, Math.trunc(span ?? 24) || 24)));
