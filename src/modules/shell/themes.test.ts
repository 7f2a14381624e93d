import { describe, expect, it } from 'vitest';
import { themes } from '@/contracts/session';
import { readableShades, themeVariables } from './theme-style';
import { SHADES, themePalettes } from './themes';

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe('theme colours are readable (WCAG AA 4.5:1)', () => {
  it.each(themes)('%s: text on the solid fill, brand text on white and on the subtle fill', (theme) => {
    const palette = themePalettes[theme];
    const vars = themeVariables(theme);
    const { solid, fg } = readableShades[theme];
    expect(contrast(palette[solid]!, vars['--chakra-colors-brand-contrast']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette[fg]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette[fg]!, palette[0]!)).toBeGreaterThanOrEqual(4.5);
    expect(vars['--chakra-colors-brand-solid']).toBe(`var(--chakra-colors-brand-${SHADES[solid]})`);
    expect(vars['--chakra-colors-brand-fg']).toBe(`var(--chakra-colors-brand-${SHADES[fg]})`);
  });

  it('the theme colour itself stays shade 500 (borders, rings: 3:1 for blue on white)', () => {
    expect(themeVariables('blue')['--chakra-colors-brand-500']).toBe('#1890ff');
    expect(contrast('#1890ff', '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
