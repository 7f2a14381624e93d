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

/**
 * A first load asks for a handful of files, not a hundred tiny chunks (each a request, and a round
 * trip on a store's poor connection):
 * - 'framework': React, the router, Emotion, valtio, Lingui — every screen's.
 * - 'initial': what the sign-in page needs — the entry's static imports (the login route, the
 *   toaster and the confirmation host are among them), which rolldown tags `$initial` (it knows
 *   what tree-shaking kept).
 * - 'session': the session service with the modules' declarations and stores, and the cached user,
 *   plus the UI library pieces, components and helpers the shell uses: every signed-in page needs
 *   them, the full-screen ones (the campaign-page editor) too.
 * - 'shell': the signed-in shell's own code around the menu pages (the layout route and the home
 *   page; see shellChunk).
 * - 'editor-ui': the UI library pieces the full-screen editors use beyond the session's.
 * - 'drawers': the shell's drawers (settings, sync queue, messages, chat), fetched once the shell has
 *   settled and mounted when first opened: one chunk, not one per drawer and per shared piece.
 * - 'ui': the rest of the UI libraries (comboboxes, pagination, trees…), one chunk for the pages
 *   opened later, rather than one chunk per combination of pages.
 * Pages opened later keep their own chunks.
 */
const src = (file: string) => new URL(`./src/${file}`, import.meta.url).pathname;
const ENTRY = src('main.tsx');
const DRAWER_ROOTS = ['modules/shell/components/settings-drawer.tsx', 'modules/shell/components/sync-panel.tsx', 'modules/message/components/message-drawer.tsx'].map(src);
/** The session (service, modules' declarations, cached user): every signed-in page needs it, full-screen ones too. */
const SESSION_ROOTS = ['app/session-service.ts', 'modules/auth/current-user-dataset.ts'].map(src);
/** The layout and the home page: the shell around the menu pages. */
const SHELL_ROOTS = ['app/layouts/app-layout.tsx', 'modules/home/pages/home-page.tsx'].map(src);
/** The menu's icons (every icon a menu entry may name): the layout's alone, a full-screen page does not show the menu. */
const MENU_ICONS = src('components/menu-icon.tsx');
/** The full-screen editors (opened without the shell): the UI library pieces they use are one chunk of their own. */
const EDITOR_ROOTS = ['modules/h5/pages/editor-page.tsx'].map(src);
/** The builder's other pages: what they share with the editor is not put in the editor's own chunk. */
const EDITOR_NEIGHBOURS = ['modules/h5/pages/works-page.tsx', 'modules/h5/pages/images-page.tsx', 'modules/h5/pages/preview-page.tsx'].map(src);
const UI_LIBS = /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@floating-ui|@internationalized|@swc[\\/]helpers|lucide-react)[\\/]/;
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null };

/** The barrels UI comes through: every component or icon is one of their re-exports. */
const BARRELS: Record<string, RegExp> = {
  '@chakra-ui/react': /node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]index\.js$/,
  '@ark-ui/react': /node_modules[\\/]@ark-ui[\\/]react[\\/]dist[\\/]index\.js$/,
  'lucide-react': /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/,
};
const names = (list: string) => list.split(',').map((item) => item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)).filter((n) => n[0]);
/**
 * A barrel's re-exports: exported name → the file it comes from (`export { A } from './a'`, or
 * imported then exported: `import { a } from './a'; export { a as A }`; namespaces alike).
 */
function reexports(barrel: string, code: string): Map<string, string> {
  const dir = barrel.replace(/[\\/][^\\/]*$/, '');
  const file = (spec: string) => (spec.startsWith('.') ? new URL(spec, `file://${dir}/`).pathname : null);
  const out = new Map<string, string>();
  const locals = new Map<string, string>();
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const f = file(m[2]!);
    if (f) for (const [name, local] of names(m[1]!)) locals.set(local ?? name!, f);
  }
  for (const m of code.matchAll(/import\s*\*\s*as\s+(\S+)\s+from\s*['"]([^'"]+)['"]/g)) {
    const f = file(m[2]!);
    if (f) locals.set(m[1]!, f);
  }
  for (const m of code.matchAll(/export\s*\{([^}]*)\}(\s*from\s*['"]([^'"]+)['"])?/g)) {
    const from = m[3] ? file(m[3]) : null;
    for (const [name, exported] of names(m[1]!)) {
      const f = m[3] ? from : locals.get(name!);
      if (f) out.set(exported ?? name!, f);
    }
  }
  return out;
}
/** The files of the barrels a module imports by name (`import { Menu, Tooltip } from '@chakra-ui/react'`). */
function importedFromBarrels(code: string, barrels: Map<string, Map<string, string>>): string[] {
  const files: string[] = [];
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const table = barrels.get(m[2]!);
    if (table) for (const [name] of names(m[1]!)) files.push(...[table.get(name!)].filter((f): f is string => !!f));
  }
  return files;
}

/**
 * The static imports of `roots`, less `taken`. A UI barrel is not walked into (it imports every
 * component): the components and icons each file names are followed instead.
 */
function staticImports(roots: readonly string[], taken: ReadonlySet<string>, ctx: ModuleGraph): Set<string> {
  const barrels = new Map<string, Map<string, string>>();
  const found = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const m = stack.pop()!;
    if (found.has(m) || taken.has(m) || Object.values(BARRELS).some((re) => re.test(m))) continue;
    const info = ctx.getModuleInfo(m);
    found.add(m);
    stack.push(...(info?.importedIds ?? []));
    if (!info?.code) continue;
    // The barrels this file imports (each read once), then the components and icons it names.
    for (const [name, re] of Object.entries(BARRELS)) {
      const id = barrels.has(name) ? null : info.importedIds.find((i) => re.test(i));
      const code = id && ctx.getModuleInfo(id)?.code;
      if (id && code) barrels.set(name, reexports(id, code));
    }
    stack.push(...importedFromBarrels(info.code, barrels));
  }
  return found;
}

let groups: Map<string, 'session' | 'shell' | 'drawers' | 'editor-ui' | 'editor'> | null = null;
/** 'session' for the session's static imports, 'shell' for the layout's and home page's others, 'drawers' for the drawers' others. */
function shellChunk(id: string, ctx: ModuleGraph): string | null {
  if (!groups) {
    const session = staticImports(SESSION_ROOTS, new Set(), ctx);
    const shell = staticImports(SHELL_ROOTS, session, ctx);
    const drawers = staticImports(DRAWER_ROOTS, new Set([...session, ...shell]), ctx);
    // The drawers' own modules only: what they share with pages (UI library pieces, src/components,
    // src/lib) is chunked with those pages, so a full-screen page (the campaign-page editor) that
    // uses a dialog does not fetch the shell's drawers too.
    const own = [...drawers].filter((m) => m.startsWith(src('modules/')));
    // The UI library pieces the full-screen editors use beyond the shell's: not the whole 'ui' chunk.
    const editorAll = staticImports(EDITOR_ROOTS, new Set([...session, ...shell]), ctx);
    const editorUi = [...editorAll].filter((m) => UI_LIBS.test(m));
    // The editor's own code and libraries (the canvas, react-moveable, the panels…): one chunk, not
    // a dozen split along its lazy tabs; what the builder's other pages share with it stays apart.
    const neighbours = staticImports(EDITOR_NEIGHBOURS, new Set([...session, ...shell]), ctx);
    // The menu's icons go with the layout, unless a full-screen editor uses one of them too.
    const editorFull = staticImports(EDITOR_ROOTS, new Set(), ctx);
    const menuIcons = new Set([...staticImports([MENU_ICONS], session, ctx)].filter((m) => !editorFull.has(m)));
    const editorOwn = [...editorAll].filter((m) => !UI_LIBS.test(m) && !neighbours.has(m) && !m.endsWith('.css') && !m.includes('/locales/'));
    groups = new Map([
      ...[...session].map((m) => [m, 'session'] as const),
      // The layout's own code only: the UI library pieces, components and lib it uses go with the
      // session (a full-screen page such as the campaign-page editor needs most of them, not the layout).
      ...[...shell].map((m) => [m, m.startsWith(src('app/')) || m.startsWith(src('modules/')) || menuIcons.has(m) ? 'shell' : 'session'] as const),
      ...own.map((m) => [m, 'drawers'] as const),
      ...editorUi.map((m) => [m, 'editor-ui'] as const),
      ...editorOwn.map((m) => [m, 'editor'] as const),
    ]);
  }
  return groups.get(id) ?? null;
}
/**
 * dexie-react-hooks imports Dexie statically (for `Dexie.liveQuery`), which would put Dexie's 31 KB
 * gzip in the first paint of every page that uses a live query. In the build its `dexie` import is
 * src/lib/sync/dexie-lazy.ts instead: the same liveQuery, started once the session has loaded
 * Dexie (it starts loading as the session starts). Only that importer is redirected.
 */
const DEXIE_LAZY = new URL('./src/lib/sync/dexie-lazy.ts', import.meta.url).pathname;
const lazyDexieForHooks = {
  name: 'yunmian:lazy-dexie-for-hooks',
  apply: 'build' as const,
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    return source === 'dexie' && importer?.includes('/node_modules/dexie-react-hooks/') ? DEXIE_LAZY : null;
  },
};

/** A new build (watch mode) walks the graph again. */
const resetShell = { name: 'yunmian:first-load-reset', buildStart: () => void (groups = null) };

export default defineConfig({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  plugins: [
    preload.plugin,
    resetShell,
    lazyDexieForHooks,
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
        // The first load's chunks (see above); priority follows the order.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-is|@tanstack[\\/](react-router|router-core|history|store|react-store)|@emotion|stylis|@pandacss|valtio|proxy-compare|@lingui)[\\/]/,
            },
            // Not the entry itself (the page's script and main.tsx): main.tsx awaits a dynamic import (the
            // stored settings) at its top level, and that chunk imports this one — in one chunk they
            // would wait for each other.
            { name: 'initial', tags: ['$initial'], test: (id) => id !== ENTRY && !id.endsWith('.html') },
            { name: shellChunk, includeDependenciesRecursively: false },
            { name: 'ui', test: UI_LIBS },
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
