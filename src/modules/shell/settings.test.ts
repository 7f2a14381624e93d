import { describe, expect, it } from 'vitest';
import { defaultSettings, readSettings, settingsOverrides } from './settings';
import { themeVariables } from './theme-style';
import { themePalettes } from './themes';
import { themes } from '@/contracts/session';

describe('settings (spec 3, 9)', () => {
  it('defaults: classic, dark slide, tags view on, search on, language selector hidden, logo on, header not fixed', () => {
    expect(readSettings(null, null)).toEqual({ ...defaultSettings });
    expect(defaultSettings).toMatchObject({
      theme: 'blue',
      layoutType: 'classic',
      slideClass: 'dark',
      tagsView: true,
      showSearch: true,
      showLanguage: false,
      sidebarLogo: true,
      fixedHeader: false,
    });
  });

  it('stored values override the defaults; bad values fall back', () => {
    const s = readSettings(JSON.stringify({ theme: 'green', tagsView: false, slideClass: 'lightWhite', showSearch: 'yes', layoutType: 'plain' }), 'functional');
    expect(s).toMatchObject({ theme: 'green', themeClass: 'theme-green', tagsView: false, slideClass: 'lightWhite', showSearch: true, layoutType: 'functional' });
    expect(readSettings('{broken', 'nonsense')).toEqual({ ...defaultSettings });
    expect(readSettings(JSON.stringify({ theme: 'pink' }), null).theme).toBe('blue');
  });

  it('stores only what differs from the defaults', () => {
    expect(settingsOverrides({ ...defaultSettings })).toEqual({});
    expect(settingsOverrides({ ...defaultSettings, theme: 'red', themeClass: 'theme-red', fixedHeader: true, layoutType: 'plain' })).toEqual({ theme: 'red', fixedHeader: true });
  });

  it('has eight themes, the default blue being 1890ff', () => {
    expect(themes).toHaveLength(8);
    expect(themeVariables('blue')['--chakra-colors-brand-500']).toBe('#1890ff');
    for (const t of themes) expect(themePalettes[t]).toHaveLength(11);
    expect(new Set(themes.map((t) => themePalettes[t][5])).size).toBe(8);
  });
});
