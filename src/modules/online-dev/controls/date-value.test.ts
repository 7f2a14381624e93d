import { describe, expect, it } from 'vitest';
import { fromNativeValue, nativeDateType, toNativeValue } from './date-value';

describe('dates on the browser’s inputs', () => {
  it('takes the input a format needs', () => {
    expect(nativeDateType('YYYY-MM-DD')).toBe('date');
    expect(nativeDateType('YYYY-MM-DD HH:mm:ss')).toBe('datetime-local');
    expect(nativeDateType('YYYY-MM')).toBe('month');
    expect(nativeDateType('YYYY')).toBe('year');
    expect(nativeDateType('HH:mm')).toBe('time');
  });

  it('turns the record’s text into the input’s value and back in the field’s format', () => {
    expect(toNativeValue('2024-05-01 08:30', 'YYYY-MM-DD HH:mm')).toBe('2024-05-01T08:30');
    expect(fromNativeValue('2024-05-01T08:30', 'YYYY-MM-DD HH:mm')).toBe('2024-05-01 08:30');
    expect(fromNativeValue('2024-05-01T08:30', 'YYYY-MM-DD HH:mm:ss')).toBe('2024-05-01 08:30:00');
    expect(fromNativeValue('2024-05-01T08:30:15', 'YYYY-MM-DD HH:mm:ss')).toBe('2024-05-01 08:30:15');
    expect(fromNativeValue('08:30:15', 'HH:mm')).toBe('08:30');
    expect(fromNativeValue('08:30', 'HH:mm:ss')).toBe('08:30:00');
    expect(fromNativeValue('2024-05', 'YYYY-MM')).toBe('2024-05');
    expect(fromNativeValue('', 'YYYY-MM-DD')).toBeNull();
    expect(toNativeValue(null, 'YYYY-MM-DD')).toBe('');
  });
});
