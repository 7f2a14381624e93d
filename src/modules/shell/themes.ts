import type { ThemeName } from '@/contracts/session';

/*
 * The theme palettes: on the sign-in path (the Chakra system, src/app/system.ts, builds the default
 * `brand` colour from them), so kept to the data. Applying a theme: theme-style.ts.
 */

/** Shade steps of a Chakra colour palette. */
export const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;

/**
 * The eight themes of spec 3, as palettes for Chakra's `brand` colour (shade 500 is the theme
 * colour). Blue is the default, 1890ff. The light and dark steps follow Ant Design's palettes,
 * which these theme colours come from.
 */
export const themePalettes: Record<ThemeName, readonly string[]> = {
  blue: ['#e6f7ff', '#bae7ff', '#91d5ff', '#69c0ff', '#40a9ff', '#1890ff', '#096dd9', '#0050b3', '#003a8c', '#002766', '#001533'],
  purple: ['#f9f0ff', '#efdbff', '#d3adf7', '#b37feb', '#9254de', '#722ed1', '#531dab', '#391085', '#22075e', '#120338', '#0a021f'],
  azure: ['#e6fbff', '#b8f0ff', '#8ae2fc', '#5cd1f5', '#2ebdeb', '#0ea5e9', '#0284c7', '#0369a1', '#075985', '#0c4a6e', '#082f49'],
  ocean: ['#e6fffb', '#b5f5ec', '#87e8de', '#5cdbd3', '#36cfc9', '#13c2c2', '#08979c', '#006d75', '#00474f', '#002329', '#001417'],
  green: ['#f6ffed', '#d9f7be', '#b7eb8f', '#95de64', '#73d13d', '#52c41a', '#389e0d', '#237804', '#135200', '#092b00', '#051800'],
  yellow: ['#fffbe6', '#fff1b8', '#ffe58f', '#ffd666', '#ffc53d', '#faad14', '#d48806', '#ad6800', '#874d00', '#613400', '#3d2100'],
  orange: ['#fff7e6', '#ffe7ba', '#ffd591', '#ffc069', '#ffa940', '#fa8c16', '#d46b08', '#ad4e00', '#873800', '#612500', '#3d1700'],
  red: ['#fff1f0', '#ffccc7', '#ffa39e', '#ff7875', '#ff4d4f', '#f5222d', '#cf1322', '#a8071a', '#820014', '#5c0011', '#3a000b'],
};
