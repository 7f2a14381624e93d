import { CALC_MAX_PRECISION } from '@/contracts/online-dev';
import { normalize, roundTo } from '@/contracts/online-dev-calc';
import { chineseAmount, thousands } from '@/lib/format';

/** How a calculation field shows its value. */
export interface CalcDisplayOptions {
  /** Decimal places (fixed: 2 shows 3 as 3.00); none shows the value as it is. */
  precision?: number;
  /** Thousand separators: 1234567.5 → 1,234,567.5. */
  thousands?: boolean;
  /** Also give the uppercase Chinese amount (壹佰元整). */
  amountChinese?: boolean;
}

/** The value as shown: the number, and the uppercase Chinese amount when asked for. */
export function formatCalc(value: number, options: CalcDisplayOptions = {}): { text: string; chinese?: string } {
  const v = Number.isFinite(value) ? value : 0;
  const { precision } = options;
  const rounded = precision === undefined ? normalize(v) : roundTo(v, precision);
  let text = precision === undefined ? String(rounded) : rounded.toFixed(Math.min(CALC_MAX_PRECISION, Math.max(0, Math.trunc(precision))));
  if (options.thousands && !text.includes('e')) {
    const negative = text.startsWith('-');
    const [int, frac] = text.replace('-', '').split('.');
    // Beyond 15 digits a double no longer holds every digit: group the text itself.
    const grouped = int!.length <= 15 ? thousands(Number(int)) : int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    text = `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
  }
  return options.amountChinese ? { text, chinese: chineseAmount(rounded) } : { text };
}
