import { pinyin } from 'pinyin-pro';

/**
 * Spec 3 User quickQuery: the pinyin initials of a name, upper-case ("王晓明" → "WXM"); letters
 * and digits in the name are kept. Server and client compute it the same way (offline-made users).
 */
export function quickQuery(name: string): string {
  const initials = pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' });
  return initials
    .join('')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
}
