import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_SETTINGS, parseTableSettings, serializeTableSettings, tableSettingsKey, withColumn } from './table-settings';

describe('table settings (columns the user hid, density)', () => {
  it('are kept per user and list, under the product prefix (the key after yunmian_)', () => {
    expect(tableSettingsKey('01J0000000000000000000000A', 'org.user')).toBe('table_01J0000000000000000000000A_org.user');
    expect(tableSettingsKey('01J0000000000000000000000B', 'org.user')).not.toBe(tableSettingsKey('01J0000000000000000000000A', 'org.user'));
    expect(tableSettingsKey('u1', 'org.position')).not.toBe(tableSettingsKey('u1', 'org.user'));
    // No user (signed out): nothing stored; odd names are not used as keys.
    expect(tableSettingsKey(null, 'org.user')).toBeNull();
    expect(tableSettingsKey('', 'org.user')).toBeNull();
    expect(tableSettingsKey('u1', 'a b')).toBeNull();
    expect(tableSettingsKey('../x', 'org.user')).toBeNull();
  });

  it('read back what was written; the defaults store nothing', () => {
    const s = withColumn(withColumn({ ...DEFAULT_TABLE_SETTINGS, density: 'compact' }, 'email', false), 'gender', false);
    expect(s).toEqual({ hidden: ['email', 'gender'], density: 'compact' });
    expect(parseTableSettings(serializeTableSettings(s))).toEqual({ hidden: ['email', 'gender'], density: 'compact' });
    expect(serializeTableSettings(DEFAULT_TABLE_SETTINGS)).toBeNull();
    expect(serializeTableSettings(withColumn(s, 'email', true))).toBe(JSON.stringify({ hidden: ['gender'], density: 'compact' }));
  });

  it('showing a column again removes it from the hidden ones; hiding twice keeps it once', () => {
    const s = withColumn(withColumn(DEFAULT_TABLE_SETTINGS, 'email', false), 'email', false);
    expect(s.hidden).toEqual(['email']);
    expect(withColumn(s, 'email', true).hidden).toEqual([]);
  });

  it('anything unreadable falls back to the defaults, field by field', () => {
    for (const raw of [null, '', 'not json', '42', 'null', '[]', '"x"']) expect(parseTableSettings(raw)).toEqual(DEFAULT_TABLE_SETTINGS);
    expect(parseTableSettings(JSON.stringify({ hidden: 'email', density: 'tiny' }))).toEqual(DEFAULT_TABLE_SETTINGS);
    expect(parseTableSettings(JSON.stringify({ hidden: ['email', 3, null, 'email', '<script>'], density: 'compact' }))).toEqual({ hidden: ['email'], density: 'compact' });
    expect(parseTableSettings(JSON.stringify({ hidden: ['roles'] }))).toEqual({ hidden: ['roles'], density: 'comfortable' });
  });
});
