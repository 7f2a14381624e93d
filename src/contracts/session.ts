/** Session constants with no dependencies (the sign-in path must stay small: no zod here). */
export const layoutTypes = ['classic', 'functional', 'plain'] as const;
export type LayoutType = (typeof layoutTypes)[number];
export const themes = ['blue', 'purple', 'azure', 'ocean', 'green', 'yellow', 'orange', 'red'] as const;
export type ThemeName = (typeof themes)[number];
export const languages = ['zh-CN', 'en', 'zh-TW'] as const;
export type Language = (typeof languages)[number];
