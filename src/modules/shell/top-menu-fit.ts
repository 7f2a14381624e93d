import { TOP_MENU_ITEM_WIDTH_PX } from '@/contracts/limits';

/**
 * How many top-level entries the functional layout's top menu shows (spec 2.4, 9).
 *
 * The spec's rule: "visible entries are viewport width divided by 116; the rest go into a submenu
 * labelled 更多". It is applied as an upper bound: at most ⌊viewport ÷ 116⌋ entries are shown, in menu
 * order, each with its whole label. The bar also holds the logo and the tools on the right (search,
 * buttons, user), so the entries must also fit in the width the bar leaves them (`available`): when
 * their measured widths (plus the 更多 button's, if anything is left over) do not fit, fewer entries
 * are shown and the rest go under 更多 too. Nothing is ever cut short or drawn under the tools.
 *
 * @param widths  the measured width of each entry with its whole label, in menu order
 * @param available  the width the bar leaves the menu
 * @param moreWidth  the width of the 更多 button
 * @param viewportWidth  the window's width (the spec's rule)
 */
export function topMenuCount(widths: readonly number[], available: number, moreWidth: number, viewportWidth: number): number {
  const bySpec = Math.floor(viewportWidth / TOP_MENU_ITEM_WIDTH_PX);
  let count = Math.max(0, Math.min(widths.length, bySpec));
  const needed = (n: number) => widths.slice(0, n).reduce((sum, w) => sum + w, 0) + (n < widths.length ? moreWidth : 0);
  while (count > 0 && needed(count) > available) count--;
  return count;
}

/** Splits the entries: the first `count` are shown, the rest go under 更多. */
export function splitAt<T>(items: readonly T[], count: number): { shown: T[]; overflow: T[] } {
  return { shown: items.slice(0, count), overflow: items.slice(count) };
}
