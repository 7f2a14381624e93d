import { describe, expect, it } from 'vitest';
import { abbreviateNumber, chineseAmount, formatDateTime, formatFileSize, relativeTime, relativeTimeShort, thousands } from './format';

const now = new Date('2026-11-20T12:00:00').getTime();
const ago = (ms: number) => now - ms;
const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;

describe('relative time, local shell (spec 9)', () => {
  it.each([
    [30_000, '刚刚'],
    [MIN, '1分钟前'],
    [59 * MIN, '59分钟前'],
    [H, '1小时前'],
    [23 * H, '23小时前'],
    [D, '1天前'],
    [6 * D, '6天前'],
    [7 * D, '1周前'],
    [3 * 7 * D, '3周前'],
    [35 * D, '1个月前'],
    [100 * D, '3个月前'],
    [130 * D, '2026-07-13'],
  ])('%i ms ago → %s', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });
});

describe('relative time, alternate (spec 9)', () => {
  it.each([
    [10_000, '刚刚'],
    [45_000, '1分钟前'],
    [30 * MIN, '30分钟前'],
    [5 * H, '5小时前'],
    [30 * H, '1天前'],
  ])('%i ms ago → %s', (ms, text) => {
    expect(relativeTimeShort(ago(ms), now)).toBe(text);
  });
  it('older than two days shows y-m-d h:i:s', () => {
    expect(relativeTimeShort(new Date('2026-11-10T08:05:09').getTime(), now)).toBe('2026-11-10 08:05:09');
  });
});

describe('formats', () => {
  it('date-time defaults to YYYY-MM-DD HH:mm and tolerates empty values', () => {
    expect(formatDateTime(new Date('2026-03-04T05:06:07'))).toBe('2026-03-04 05:06');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
  it('file sizes in bytes, KB, MB, GB', () => {
    expect(formatFileSize(512)).toBe('512B');
    expect(formatFileSize(1536)).toBe('1.5KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.25GB');
  });
  it('abbreviates with k, M, G, T, P, E and thousand separators', () => {
    expect(thousands(1234567.5)).toBe('1,234,567.5');
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1500)).toBe('1.5k');
    expect(abbreviateNumber(2_000_000)).toBe('2M');
    expect(abbreviateNumber(3.2e9)).toBe('3.2G');
    expect(abbreviateNumber(1e12)).toBe('1T');
    expect(abbreviateNumber(1e15)).toBe('1P');
    expect(abbreviateNumber(4e18)).toBe('4E');
    expect(abbreviateNumber(1234e18)).toBe('1,234E');
  });
});

describe('uppercase Chinese amounts (spec 9)', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [105, '壹佰零伍元整'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [100000, '壹拾万元整'],
    [10001, '壹万零壹元整'],
    [100000001, '壹亿零壹元整'],
    [0.5, '伍角'],
    [3.07, '叁元零柒分'],
    [1.2345, '壹元贰角叁分肆厘伍毫'],
    [1.0005, '壹元零伍毫'],
  ])('%s → %s', (value, text) => {
    expect(chineseAmount(value)).toBe(text);
  });
  it('refuses an integer part over 12 digits', () => {
    expect(chineseAmount('1234567890123')).toBe('金额过大无法计算');
    expect(chineseAmount('999999999999')).toBe('玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整');
  });
});
