import { i18n } from '@lingui/core';
import { languages, type Language } from '@/contracts/session';
import { storage, StorageKey } from './storage';

export const DEFAULT_LOCALE: Language = 'zh-CN';

export const localeNames: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English', 'zh-TW': '繁體中文' };

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (languages as readonly string[]).includes(x);
}

const loaders: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  'zh-CN': () => import('../../locales/zh-CN/messages.po'),
  en: () => import('../../locales/en/messages.po'),
  'zh-TW': () => import('../../locales/zh-TW/messages.po'),
};

/** Loads a catalog chunk (precached by the service worker) and switches the UI without a reload. */
export async function activateLocale(locale: Language) {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages: messages as never });
  storage.set(StorageKey.language, locale);
  document.documentElement.lang = locale;
}

export function initialLocale(): Language {
  const saved = storage.get(StorageKey.language);
  return isLanguage(saved) ? saved : DEFAULT_LOCALE;
}

export { i18n };
