import { withCatalog, type ModuleCatalog } from '@/lib/i18n';

/**
 * The page builder's own catalog (its pages, editor, elements and core: see lingui.config.ts),
 * loaded with its pages rather than with the shell.
 */
const h5Catalog: ModuleCatalog = {
  'zh-CN': () => import('../../../locales/zh-CN/h5.po'),
  en: () => import('../../../locales/en/h5.po'),
  'zh-TW': () => import('../../../locales/zh-TW/h5.po'),
};

/** A page of the builder, imported once its catalog is loaded too. */
export const withH5Catalog = <T,>(page: Promise<T>) => withCatalog(h5Catalog, page);
