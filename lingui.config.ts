import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'zh-CN',
  locales: ['zh-CN', 'en', 'zh-TW'],
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*'] }],
});
