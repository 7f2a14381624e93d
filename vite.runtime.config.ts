import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress.mjs';

/**
 * The published-page runtime (issue 19): its own small bundle, not the admin app. Built into
 * `dist/p/` (`npm run build` runs it after the app's build; `--outDir` moves it, e.g.
 * `npx vite build -c vite.runtime.config.ts --outDir $PWD/.e2e/x/dist/p`); the server answers
 * `/p/{workId}` with `dist/p/index.html`, its `<!--h5-boot-->` replaced by the boot data.
 * docs/h5-runtime.md explains.
 *
 * - Preact stands in for React (`preact/compat`), so the editor's own element renderers
 *   (src/modules/h5/elements/render) draw the page in a fraction of React's size.
 * - Lingui's macros become the zh-CN source texts (src/runtime/shims/lingui.ts): a published page
 *   speaks zh-CN and carries no catalog.
 * - No service worker, no PWA, no public/ folder.
 */
const src = (file: string) => new URL(`./src/${file}`, import.meta.url).pathname;
const here = (file: string) => new URL(`./${file}`, import.meta.url).pathname;

/** `npx vite -c vite.runtime.config.ts`: the page at /p/ with a fixture work (src/modules/h5/view/dev-fixture.ts); /p/?mode=h5_swipper in paged mode. */
function devFixture(): Plugin {
  return {
    name: 'yunmian:runtime-dev-fixture',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const boot = { workId: '01JDEVFIXTURE0000000000000', version: 1, snapshotUrl: '/p/01JDEVFIXTURE0000000000000/1.json', title: '示例作品' };
        return (
          html
            .replace('<!--h5-boot-->', `<script type="application/json" id="h5-boot">${JSON.stringify(boot)}</script>`)
            // The entry lives outside the root (runtime/): the dev server reaches it through /@fs/.
            .replace('src="../src/runtime/main.tsx"', `src="/@fs${src('runtime/main.tsx')}"`)
        );
      },
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith('/p/01JDEVFIXTURE0000000000000/1.json')) return next();
        const { fixtureSnapshot } = (await server.ssrLoadModule(src('modules/h5/view/dev-fixture.ts'))) as typeof import('./src/modules/h5/view/dev-fixture');
        res.setHeader('content-type', 'application/json');
        // `/p/?mode=h5_swipper` shows the fixture in paged mode (the page's address is the snapshot request's referrer).
        const mode = new URL(req.headers.referer ?? req.url, 'http://x').searchParams.get('mode') ?? undefined;
        res.end(JSON.stringify(fixtureSnapshot(mode)));
      });
    },
  };
}

export default defineConfig({
  root: here('runtime'),
  base: '/p/',
  publicDir: false,
  envDir: here('.'),
  plugins: [devFixture(), precompress()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^@lingui\/(core|react)\/macro$/, replacement: src('runtime/shims/lingui.ts') },
      { find: /^@\//, replacement: `${src('')}` },
    ],
  },
  build: {
    outDir: here('dist/p'),
    emptyOutDir: true,
    // The in-app browsers of chat messengers lag behind: Android WebViews of Chrome 70s, iOS 12 Safari.
    target: ['es2018', 'chrome70', 'safari12'],
    cssTarget: ['chrome70', 'safari12'],
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 200,
  },
  server: {
    proxy: { '^/p/(?!01JDEVFIXTURE)[^/]+/(form|view|ds)': { target: 'http://localhost:8080' } },
  },
});
