import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import type { OutputBundle } from 'rollup';
import { precompress } from './scripts/precompress.mjs';

/**
 * The chunks a chunk imports statically, all the way down: loaded already when it runs. The lists
 * of chunks to preload for lazy imports leave them out (they would only repeat them, in every chunk
 * that declares lazy pages).
 */
function staticClosure() {
  let bundle: OutputBundle | null = null;
  const cache = new Map<string, Set<string>>();
  const closure = (file: string): Set<string> => {
    let seen = cache.get(file);
    if (seen) return seen;
    seen = new Set();
    const stack = [file];
    while (stack.length) {
      const f = stack.pop()!;
      const chunk = bundle?.[f];
      if (!chunk || chunk.type !== 'chunk' || seen.has(f)) continue;
      seen.add(f);
      stack.push(...chunk.imports);
    }
    cache.set(file, seen);
    return seen;
  };
  return {
    plugin: {
      name: 'yunmian:static-closure',
      generateBundle: {
        order: 'pre' as const,
        handler(_options: unknown, output: OutputBundle) {
          bundle = output;
          cache.clear();
        },
      },
    },
    /**
     * Preload dependencies of a lazy import, less what is loaded already when it runs: its host
     * chunk's static imports, and the entry's (every lazy import runs after the entry has).
     */
    resolveDependencies: (_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }) => {
      if (hostType !== 'js' || !bundle) return deps;
      const entries = Object.values(bundle).filter((c) => c.type === 'chunk' && c.isEntry);
      const loaded = [hostId, ...entries.map((c) => c.fileName)].map(closure);
      return deps.filter((d) => !loaded.some((set) => set.has(d)));
    },
  };
}
const preload = staticClosure();

export default defineConfig({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  plugins: [
    preload.plugin,
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
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    // Every browser the app supports preloads modules natively (Safari before 17 just loads them
    // when imported); the polyfill would cost the sign-in bundle for nothing.
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
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
            {
              // What the signed-in session starts with: the session service, the module list and the
              // modules' declarations and stores (all loaded with the shell), in one chunk rather than
              // a dozen small ones. Only these files: their imports stay where they are.
              name: 'session',
              includeDependenciesRecursively: false,
              test: /src[\\/](app[\\/](session-service|modules)\.ts|modules[\\/](message|org|base|permission|profile|home|shell)[\\/](module|store|writes|catch-up|table|notice-store)\.ts|lib[\\/](realtime|sync[\\/](catch-up|http-sender))\.ts)/,
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
