import type { DateFormat, TimeFormat } from '@/contracts/online-dev-model';

/**
 * Date and time fields on the browser's own inputs (they work on phones): which input a format
 * takes, and the value between the record's text (the field's format, spec DATE_FORMATS) and the
 * input's. Plain functions; date-value.test.ts.
 */

export type NativeDateType = 'date' | 'datetime-local' | 'month' | 'year' | 'time';

export function nativeDateType(format: DateFormat | TimeFormat): NativeDateType {
  switch (format) {
    case 'YYYY-MM-DD HH:mm':
    case 'YYYY-MM-DD HH:mm:ss':
      return 'datetime-local';
    case 'YYYY-MM':
      return 'month';
    case 'YYYY':
      return 'year';
    case 'HH:mm':
    case 'HH:mm:ss':
      return 'time';
    default:
      return 'date';
  }
}

/** Whether the input shows seconds (step 1). */
export const withSeconds = (format: string) => format.endsWith(':ss');

/** The record's text as the input's value ('2024-05-01 08:30' → '2024-05-01T08:30'). */
export function toNativeValue(value: unknown, format: DateFormat | TimeFormat): string {
  if (typeof value !== 'string' || !value) return '';
  return nativeDateType(format) === 'datetime-local' ? value.replace(' ', 'T') : value;
}

/** The input's value as the record's text in the field's format (seconds added or cut as it says); '' is null. */
export function fromNativeValue(raw: string, format: DateFormat | TimeFormat): string | null {
  if (!raw) return null;
  const type = nativeDateType(format);
  if (type === 'datetime-local' || type === 'time') {
    const text = type === 'datetime-local' ? raw.replace('T', ' ') : raw;
    const [head, tail = ''] = type === 'datetime-local' ? [text.slice(0, 10), text.slice(11)] : ['', text];
    const [h = '00', m = '00', s = '00'] = tail.split(':');
    const time = withSeconds(format) ? `${h}:${m}:${s.slice(0, 2).padStart(2, '0')}` : `${h}:${m}`;
    return type === 'datetime-local' ? `${head} ${time}` : time;
  }
  return raw;
}
