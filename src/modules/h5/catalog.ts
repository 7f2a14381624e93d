import { loadModuleCatalog, withCatalog, type ModuleCatalog } from '@/lib/i18n';

/**
 * The page builder's own catalogs (see lingui.config.ts), loaded with its pages rather than with
 * the shell: `h5` holds what the editor shows when it opens, `h5-more` the rest (my works, 素材库,
 * the template and data centres, the editor's later tabs and dialogs).
 */
const h5Catalog: ModuleCatalog = {
  'zh-CN': () => import('../../../locales/zh-CN/h5.po'),
  en: () => import('../../../locales/en/h5.po'),
  'zh-TW': () => import('../../../locales/zh-TW/h5.po'),
};
const h5MoreCatalog: ModuleCatalog = {
  'zh-CN': () => import('../../../locales/zh-CN/h5-more.po'),
  en: () => import('../../../locales/en/h5-more.po'),
  'zh-TW': () => import('../../../locales/zh-TW/h5-more.po'),
};

/** The rest of the builder's messages: the editor's later tabs and dialogs load it with themselves. */
export const loadH5More = () => loadModuleCatalog(h5MoreCatalog);

/** A page of the builder (my works, 素材库, preview), imported once both its catalogs are loaded. */
export const withH5Catalog = <T,>(page: Promise<T>) => withCatalog(h5MoreCatalog, withCatalog(h5Catalog, page));

/** The editor's route: only what it shows when it opens (its later pieces bring `h5-more`). */
export const withH5EditorCatalog = <T,>(page: Promise<T>) => withCatalog(h5Catalog, page);

/** A piece of the editor that loads later (a tab, a dialog), imported with the rest of the messages. */
export const withH5More = <T,>(piece: Promise<T>) => withCatalog(h5MoreCatalog, piece);
