import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ThemeName } from '@/contracts/session';
import { SHADES, themePalettes } from './themes';

/** Text on the theme colour: white, except on yellow where dark text reads better. */
const contrastOf = (theme: ThemeName) => (theme === 'yellow' ? '#1f1f1f' : '#ffffff');

/**
 * Shades (indexes into SHADES) that keep text readable (WCAG AA, 4.5:1): `solid` is the fill behind
 * `contrast` text (buttons, the active tab and menu entry), `fg` is brand-coloured text on white.
 * The theme colour itself (shade 500) stays for borders, rings and accents (3:1 is enough there).
 * themes.test.ts checks the ratios.
 */
export const readableShades: Record<ThemeName, { solid: number; fg: number }> = {
  blue: { solid: 6, fg: 6 },
  purple: { solid: 6, fg: 6 },
  azure: { solid: 7, fg: 7 },
  ocean: { solid: 7, fg: 7 },
  green: { solid: 7, fg: 7 },
  yellow: { solid: 5, fg: 8 },
  orange: { solid: 7, fg: 7 },
  red: { solid: 6, fg: 6 },
};

/** CSS custom properties that turn Chakra's `brand` palette into the given theme. */
export function themeVariables(theme: ThemeName): Record<string, string> {
  const vars: Record<string, string> = {};
  themePalettes[theme].forEach((hex, i) => {
    vars[`--chakra-colors-brand-${SHADES[i]}`] = hex;
  });
  vars['--chakra-colors-brand-contrast'] = contrastOf(theme);
  vars['--chakra-colors-brand-solid'] = `var(--chakra-colors-brand-${SHADES[readableShades[theme].solid]})`;
  vars['--chakra-colors-brand-fg'] = `var(--chakra-colors-brand-${SHADES[readableShades[theme].fg]})`;
  return vars;
}

/** Applies a theme to the document: the brand palette follows, without a reload. */
export function applyTheme(theme: ThemeName, root: HTMLElement = document.documentElement) {
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
  root.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themePalettes[theme][5]!);
}

/** Display names of the themes. */
export const themeNames: Record<ThemeName, MessageDescriptor> = {
  blue: msg`拂晓蓝`,
  purple: msg`酱紫`,
  azure: msg`天蓝`,
  ocean: msg`海洋`,
  green: msg`极光绿`,
  yellow: msg`日暮黄`,
  orange: msg`日落橙`,
  red: msg`薄暮红`,
};
