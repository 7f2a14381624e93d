import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: '云眠',
        short_name: '云眠',
        description: '云眠门店员工平台',
        lang: 'zh-CN',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1890ff',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    // Every browser the app supports preloads modules natively (Safari before 17 just loads them
    // when imported); the polyfill would cost the sign-in bundle for nothing.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Chakra's theme module builds its full default config at import time; marking the builder
      // pure lets unused recipes drop out (see src/app/system.ts).
      treeshake: { manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe'] },
      output: {
        // Libraries every screen needs share one chunk (fewer requests, better compression);
        // component libraries stay split so each lazy page loads only what it uses.
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-is|@tanstack[\\/](react-router|router-core|history|store|react-store)|@emotion|stylis|@pandacss|valtio|proxy-compare|@lingui)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/Permission', '/api', '/Base', '/Message', '/event', '/health'].map((p) => [p, { target: 'http://localhost:8080', ws: p === '/api' }]),
    ),
  },
});
