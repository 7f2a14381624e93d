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

let appCatalogWanted = false;

async function messagesFor(locale: Language) {
  const [core, app] = await Promise.all([coreCatalogs[locale](), appCatalogWanted ? appCatalogs[locale]() : null]);
  return { ...core.messages, ...app?.messages } as never;
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

export function initialLocale(): Language {
  const saved = storage.get(StorageKey.language);
  return isLanguage(saved) ? saved : DEFAULT_LOCALE;
}

export { i18n };
