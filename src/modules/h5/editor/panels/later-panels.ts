/**
 * The editor's tabs that are not open when it starts (pages, templates, layers, preferences on the
 * left; animation, action, script, page on the right): one chunk, fetched when the first of them
 * is opened (and precached for offline use like every chunk).
 */
export { AnimationPanel } from './animation-panel';
export { EventsPanel } from './events-panel';
export { LayerTree } from './layer-tree';
export { PageList } from './page-list';
export { PageSettingsPanel } from './page-settings-panel';
export { PreferencesPanel } from './preferences-panel';
export { TemplatesPanel } from './templates-panel';
export { ScriptsPanel } from './scripts-panel';
