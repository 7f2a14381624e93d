import dayjs from 'dayjs';
import { t } from '@lingui/core/macro';

/** Formatters of spec 9 (Formatting). Texts go through Lingui; the Chinese source is the spec's. */

export const DEFAULT_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export function formatDateTime(value: Date | string | number | null | undefined, format = DEFAULT_DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : '';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

/**
 * Relative time of the local shell: under 1 minute 刚刚; then minutes (up to 59), hours (up to 23),
 * days (up to 6), weeks (up to 3), months (up to 3); otherwise the date YYYY-MM-DD.
 */
export function relativeTime(value: Date | string | number, now: number = Date.now()): string {
  const time = dayjs(value).valueOf();
  const diff = Math.max(0, now - time);
  if (diff < MINUTE) return t`刚刚`;
  if (diff < HOUR) {
    const n = Math.floor(diff / MINUTE);
    return t`${n}分钟前`;
  }
  if (diff < DAY) {
    const n = Math.floor(diff / HOUR);
    return t`${n}小时前`;
  }
  if (diff < WEEK) {
    const n = Math.floor(diff / DAY);
    return t`${n}天前`;
  }
  if (diff < 4 * WEEK) {
    const n = Math.floor(diff / WEEK);
    return t`${n}周前`;
  }
  if (diff < 4 * MONTH) {
    const n = Math.max(1, Math.floor(diff / MONTH));
    if (n <= 3) return t`${n}个月前`;
  }
  return dayjs(time).format('YYYY-MM-DD');
}

/**
 * The alternate relative time: under 30 s 刚刚, under 1 h minutes ago, under 1 day hours ago,
 * under 2 days 1天前; older values show the date and time (y-m-d h:i:s).
 */
export function relativeTimeShort(value: Date | string | number, now: number = Date.now()): string {
  const time = dayjs(value).valueOf();
  const diff = Math.max(0, now - time);
  if (diff < 30_000) return t`刚刚`;
  if (diff < HOUR) {
    const n = Math.max(1, Math.ceil(diff / MINUTE));
    return t`${n}分钟前`;
  }
  if (diff < DAY) {
    const n = Math.ceil(diff / HOUR);
    return t`${n}小时前`;
  }
  if (diff < 2 * DAY) return t`1天前`;
  return dayjs(time).format('YYYY-MM-DD HH:mm:ss');
}

/** File size in bytes, KB, MB or GB (1024 steps, up to two decimals). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${i === 0 ? value : Number(value.toFixed(2))}${units[i]}`;
}

/** Thousand separators: 1234567.5 → 1,234,567.5. */
export function thousands(value: number): string {
  const [int, frac] = String(value).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

/** Number abbreviation with k, M, G, T, P, E (one decimal at most) and thousand separators below 1000 k. */
export function abbreviateNumber(value: number, digits = 1): string {
  const units = ['k', 'M', 'G', 'T', 'P', 'E'];
  const abs = Math.abs(value);
  for (let i = units.length - 1; i >= 0; i--) {
    const size = 1000 ** (i + 1);
    if (abs >= size) {
      const n = Number((value / size).toFixed(digits));
      return `${thousands(n)}${units[i]}`;
    }
  }
  return thousands(value);
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿'];
const FRACTION_UNITS = ['角', '分', '厘', '毫'];
export const AMOUNT_TOO_LARGE = '金额过大无法计算';

/**
 * Uppercase Chinese amount with four decimal places (角分厘毫). An integer part of more than
 * 12 digits gives 金额过大无法计算.
 */
export function chineseAmount(value: number | string): string {
  const text = typeof value === 'number' ? value.toFixed(4) : String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '';
  const negative = text.startsWith('-');
  const [intRaw, fracRaw = ''] = text.replace('-', '').split('.');
  const intPart = intRaw!.replace(/^0+(?=\d)/, '');
  if (intPart.length > 12) return t`金额过大无法计算`;
  let out = '';
  if (Number(intPart) > 0) {
    let zero = false;
    const len = intPart.length;
    for (let i = 0; i < len; i++) {
      const digit = Number(intPart[i]);
      const pos = len - 1 - i;
      const small = pos % 4;
      const big = Math.floor(pos / 4);
      if (digit === 0) {
        zero = true;
      } else {
        if (zero) out += DIGITS[0];
        zero = false;
        out += DIGITS[digit]! + SMALL_UNITS[small];
      }
      if (small === 0 && big > 0) {
        // A group of four zeros gets no 万/亿 of its own.
        const group = intPart.slice(Math.max(0, i - 3), i + 1);
        if (Number(group) > 0) out += BIG_UNITS[big];
      }
    }
    out += '元';
  }
  const frac = fracRaw.padEnd(4, '0').slice(0, 4);
  let fracOut = '';
  for (let i = 0; i < 4; i++) {
    const digit = Number(frac[i]);
    if (digit > 0) fracOut += DIGITS[digit]! + FRACTION_UNITS[i];
    else if (fracOut && frac.slice(i + 1).replace(/0/g, '') !== '') fracOut += DIGITS[0];
  }
  if (!out && !fracOut) return '零元整';
  if (!fracOut) return `${negative ? '负' : ''}${out}整`;
  if (out && frac[0] === '0') out += DIGITS[0];
  return `${negative ? '负' : ''}${out}${fracOut}`;
}
