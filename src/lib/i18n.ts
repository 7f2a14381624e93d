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

let appCatalogWanted = false;
const moduleCatalogs = new Set<ModuleCatalog>();

async function messagesFor(locale: Language) {
  const [core, app, ...modules] = await Promise.all([
    coreCatalogs[locale](),
    appCatalogWanted ? appCatalogs[locale]() : null,
    ...[...moduleCatalogs].map((c) => c[locale]()),
  ]);
  return Object.assign({}, core.messages, app?.messages, ...modules.map((m) => m.messages)) as never;
}

/** Loads the catalogs (precached by the service worker) and switches the UI without a reload. */
export async function activateLocale(locale: Language) {
  i18n.loadAndActivate({ locale, messages: await messagesFor(locale) });
  storage.set(StorageKey.language, locale);
  document.documentElement.lang = locale;
}

/** Adds the signed-in modules' messages (the shell calls this before it renders). */
export async function loadAppCatalog() {
  if (appCatalogWanted) return;
  appCatalogWanted = true;
  const locale = isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  i18n.loadAndActivate({ locale, messages: await messagesFor(locale) });
}

/** Adds a module's catalog (its pages call this before they render); kept across language switches. */
export async function loadModuleCatalog(catalog: ModuleCatalog) {
  if (moduleCatalogs.has(catalog)) return;
  moduleCatalogs.add(catalog);
  const locale = isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  i18n.loadAndActivate({ locale, messages: await messagesFor(locale) });
}

/** A lazily imported page module, once its module's catalog is loaded too. */
export const withCatalog = <T,>(catalog: ModuleCatalog, page: Promise<T>): Promise<T> => Promise.all([page, loadModuleCatalog(catalog)]).then(([m]) => m);

export function initialLocale(): Language {
  const saved = storage.get(StorageKey.language);
  return isLanguage(saved) ? saved : DEFAULT_LOCALE;
}

export { i18n };
