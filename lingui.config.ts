import { defineConfig } from '@lingui/cli';

/**
 * Catalogs per language: `core` holds what the sign-in path and the app frame need (loaded at
 * start, kept small: it counts against the /login size budget), `app` holds the signed-in modules
 * (loaded with the shell), and a large module's screens have their own (`h5`, loaded with its
 * pages). A message used in several places is in each of their catalogs.
 */
const corePaths = [
  'src/app',
  'src/lib',
  'src/contracts',
  // The frame's own components; the list and picker components belong to the signed-in screens.
  'src/components/brand-logo.tsx',
  'src/components/confirm-host.tsx',
  'src/components/confirm.ts',
  'src/components/delete-confirm.tsx',
  'src/components/menu-icon.tsx',
  'src/components/offline-note.tsx',
  'src/components/toaster.tsx',
  'src/components/update-prompt.tsx',
  'src/routes',
  'src/modules/auth',
  'src/modules/shell/pages/not-found-page.tsx',
  'src/modules/shell/pages/wx-error-page.tsx',
  'src/modules/shell/pages/jump-page.tsx',
];

/**
 * Files under the core paths that only the signed-in screens use: the translations of the shared
 * contract messages (form errors of every module), the menu titles, the catch-up notice and the
 * session service.
 */
const appOnlyInCore = ['src/lib/contract-messages.ts', 'src/lib/menu-titles.ts', 'src/lib/sync/catch-up.ts', 'src/app/session-service.ts'];

/**
 * The page builder's screens: catalogs of their own, loaded with its pages (src/modules/h5/catalog.ts).
 * Its declarations, queued writes and drafts (the files at the module's top) load with the session,
 * so their messages stay in `app`.
 */
const h5Screens = ['src/modules/h5/pages', 'src/modules/h5/editor', 'src/modules/h5/elements', 'src/modules/h5/core', 'src/modules/h5/components', 'src/modules/h5/psd', 'src/modules/h5/poster', 'src/modules/h5/issues', 'src/modules/h5/datasource', 'src/modules/h5/view'];

/**
 * `h5`: what the editor shows when it opens — the files its route imports statically (the core,
 * the element types, the canvas, panels and tool bar shown at start). tests/unit/catalogs.test.ts
 * walks the editor's static imports and checks each is here.
 */
export const h5EditorStart = {
  include: [
    'src/modules/h5/core',
    'src/modules/h5/issues',
    'src/modules/h5/elements',
    'src/modules/h5/editor',
    'src/modules/h5/view',
    'src/modules/h5/pages/editor-page.tsx',
    'src/modules/h5/components/conflict-dialog.tsx',
    'src/modules/h5/components/image-tile.tsx',
  ],
  /** Files under those folders that load later (lazy tabs, dialogs, the property panel). */
  later: [
    'src/modules/h5/elements/props-panel.tsx',
    'src/modules/h5/elements/panel-collections.tsx',
    'src/modules/h5/elements/richtext-control.tsx',
    'src/modules/h5/elements/image-control.tsx',
    'src/modules/h5/editor/publish',
    'src/modules/h5/editor/toolbar/psd-import-dialog.tsx',
    'src/modules/h5/editor/toolbar/poster-dialog.tsx',
    ...['animation-panel', 'events-panel', 'scripts-panel', 'page-settings-panel', 'page-list', 'page-form-dialog', 'layer-tree', 'list-frame', 'preferences-panel', 'templates-panel', 'datasource-panel', 'datasource-dialog', 'datasource-binding', 'datasource-messages', 'json-preview'].map(
      (f) => `src/modules/h5/editor/panels/${f}.${f === 'datasource-messages' ? 'ts' : 'tsx'}`,
    ),
  ],
};
/**
 * Online development's screens (the model renderer, its controls, the designer, reports): a catalog
 * of their own, loaded with its pages (src/modules/online-dev/catalog.ts). The declarations, queued
 * writes and stores at the module's top load with the session and stay in `app`.
 */
const onlineDevScreens = ['src/modules/online-dev/renderer', 'src/modules/online-dev/form', 'src/modules/online-dev/controls', 'src/modules/online-dev/designer', 'src/modules/online-dev/report', 'src/modules/online-dev/pages'];

/**
 * Workflow's screens (the task lists and view, 发起流程, the flow designer, the words of its codes
 * and its lists): a catalog of their own, loaded with its pages (src/modules/workflow/catalog.ts).
 * What the shell shows of it stays in `app`: the sync panel's labels of its queued writes
 * (declared.ts, loaded with the session) and the catch-up notice's line (live.ts).
 */
const workflowScreens = ['src/modules/workflow/components', 'src/modules/workflow/pages', 'src/modules/workflow/designer', 'src/modules/workflow/labels.ts', 'src/modules/workflow/lists.ts'];

/**
 * The designers' shared frame (toolbar, notes, problems, property controls): only the two designers
 * show it, online development's model designer and workflow's flow designer, so its messages are
 * in both their catalogs (loaded with them), not in `app`.
 */
const designerFrame = 'src/components/designer';

/** A folder entry as a glob of what it holds; a file as itself. */
const globOf = (p: string) => (/\.[tj]sx?$/.test(p) ? p : `${p}/**`);

export default defineConfig({
  sourceLocale: 'zh-CN',
  locales: ['zh-CN', 'en', 'zh-TW'],
  fallbackLocales: { default: 'zh-CN' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/core', include: corePaths, exclude: ['**/*.test.*', 'src/app/layouts/**', ...appOnlyInCore] },
    {
      path: '<rootDir>/locales/{locale}/app',
      include: ['src/modules', 'src/app/layouts', 'src/components', ...appOnlyInCore],
      exclude: ['**/*.test.*', ...corePaths.filter((p) => p.startsWith('src/modules')), ...h5Screens.map((p) => `${p}/**`), ...onlineDevScreens.map((p) => `${p}/**`), ...workflowScreens.map(globOf), `${designerFrame}/**`],
    },
    { path: '<rootDir>/locales/{locale}/h5', include: h5EditorStart.include, exclude: ['**/*.test.*', ...h5EditorStart.later.map(globOf)] },
    // `h5-more`: the rest of the builder's screens (my works, 素材库, the template and data centres, the
    // editor's later tabs and dialogs), loaded with them.
    {
      path: '<rootDir>/locales/{locale}/h5-more',
      include: [...h5Screens.filter((p) => !h5EditorStart.include.includes(p)), ...h5EditorStart.later],
      exclude: ['**/*.test.*', ...h5EditorStart.include.filter((p) => /\.[tj]sx?$/.test(p))],
    },
    { path: '<rootDir>/locales/{locale}/online-dev', include: [...onlineDevScreens, designerFrame], exclude: ['**/*.test.*'] },
    { path: '<rootDir>/locales/{locale}/workflow', include: [...workflowScreens, designerFrame], exclude: ['**/*.test.*'] },
  ],
});
