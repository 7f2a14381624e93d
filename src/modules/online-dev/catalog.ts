import { withCatalog, type ModuleCatalog } from '@/lib/i18n';

/**
 * Online development's own catalog (lingui.config.ts `online-dev`): the renderer, its controls, the
 * designer and reports, loaded with their pages rather than with the shell.
 */
const onlineDevCatalog: ModuleCatalog = {
  'zh-CN': () => import('../../../locales/zh-CN/online-dev.po'),
  en: () => import('../../../locales/en/online-dev.po'),
  'zh-TW': () => import('../../../locales/zh-TW/online-dev.po'),
};

/** A page of online development, imported once its catalog is loaded. */
export const withOnlineDevCatalog = <T,>(page: Promise<T>) => withCatalog(onlineDevCatalog, page);
