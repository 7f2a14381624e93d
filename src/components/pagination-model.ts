import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/contracts/limits';

/** Pure arithmetic of the list pagination (spec 9 Pagination): pages, clamping, the jumper's input. */

/** Number of pages for a total; an empty list still has page 1. */
export function pageCount(total: number, pageSize: number): number {
  const size = pageSize > 0 ? pageSize : DEFAULT_PAGE_SIZE;
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

/** A page number kept within 1..pages (a non-number becomes page 1). */
export function clampPage(page: number, total: number, pageSize: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(pageCount(total, pageSize), Math.max(1, Math.trunc(page)));
}

/**
 * What the "前往 [n] 页" box asks for: the page to go to (clamped to 1..pages), or null when the
 * text is not a number (the box then shows the current page again).
 */
export function parseJump(text: string, total: number, pageSize: number): number | null {
  const s = text.trim().replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  if (!/^[-+]?\d+(\.\d*)?$/.test(s)) return null;
  return clampPage(Number(s), total, pageSize);
}

/** The sizes offered: the spec's sizes, plus the current one if a list uses another. */
export function pageSizeOptions(current: number): number[] {
  const sizes = new Set<number>(PAGE_SIZES);
  if (Number.isInteger(current) && current > 0) sizes.add(current);
  return [...sizes].sort((a, b) => a - b);
}
