import { i18n } from '@lingui/core';
import { languages, type Language } from '@/contracts/session';
import { storage, StorageKey } from './storage';

export const DEFAULT_LOCALE: Language = 'zh-CN';

export const localeNames: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English', 'zh-TW': '繁體中文' };

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (languages as readonly string[]).includes(x);
}

type Catalog = () => Promise<{ messages: Record<string, unknown> }>;

/** The core catalog: sign-in and the app frame (see lingui.config.ts). */
const coreCatalogs: Record<Language, Catalog> = {
  'zh-CN': () => import('../../locales/zh-CN/core.po'),
  en: () => import('../../locales/en/core.po'),
  'zh-TW': () => import('../../locales/zh-TW/core.po'),
};

/** The catalog of the signed-in modules, loaded with the shell. */
const appCatalogs: Record<Language, Catalog> = {
  'zh-CN': () => import('../../locales/zh-CN/app.po'),
  en: () => import('../../locales/en/app.po'),
  'zh-TW': () => import('../../locales/zh-TW/app.po'),
};

/**
 * A module's own catalog (the messages of its pages, see lingui.config.ts), one loader per
 * language: loaded with the module's pages, so the shell does not carry them.
 */
export type ModuleCatalog = Record<Language, Catalog>;

/** The catalogs added after the core one (the app's, modules'), each loaded once, by first call. */
const added = new Map<Record<Language, Catalog>, Promise<void>>();

const currentLocale = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

async function messagesFor(locale: Language) {
  const parts = await Promise.all([coreCatalogs[locale](), ...[...added.keys()].map((c) => c[locale]())]);
  return Object.assign({}, ...parts.map((p) => p.messages)) as never;
}

/** Loads the catalogs (precached by the service worker) and switches the UI without a reload. */
export async function activateLocale(locale: Language) {
  i18n.loadAndActivate({ locale, messages: await messagesFor(locale) });
  storage.set(StorageKey.language, locale);
  document.documentElement.lang = locale;
}

/**
 * Adds a catalog's messages to the language in use — merged into what is loaded (Lingui's
 * `load`), never replacing it, so catalogs loading at the same time cannot drop each other's
 * messages — and keeps it across language switches. Every caller waits for the same load; a
 * failed one (offline and not cached) is tried again by the next caller.
 */
function addCatalog(catalog: Record<Language, Catalog>): Promise<void> {
  let loading = added.get(catalog);
  if (!loading) {
    loading = (async () => {
      const locale = currentLocale();
      i18n.load(locale, (await catalog[locale]()).messages as never);
      // The language changed meanwhile: the new one gets these messages too.
      const now = currentLocale();
      if (now !== locale) i18n.load(now, (await catalog[now]()).messages as never);
    })();
    added.set(catalog, loading);
    loading.catch(() => added.delete(catalog));
  }
  return loading;
}

/** Adds the signed-in modules' messages (the shell calls this before it renders). */
export const loadAppCatalog = () => addCatalog(appCatalogs);

/** Adds a module's catalog (its pages call this before they render). */
export const loadModuleCatalog = (catalog: ModuleCatalog) => addCatalog(catalog);

/** A lazily imported page module, once its module's catalog is loaded too. */
export const withCatalog = <T,>(catalog: ModuleCatalog, page: Promise<T>): Promise<T> => Promise.all([page, loadModuleCatalog(catalog)]).then(([m]) => m);

export function initialLocale(): Language {
  const saved = storage.get(StorageKey.language);
  return isLanguage(saved) ? saved : DEFAULT_LOCALE;
}

export { i18n };
