import type { Language, LayoutType } from '@/contracts/session';
import { activateLocale } from '@/lib/i18n';
import { session } from '@/modules/auth/store';
import { queueLanguage, queueTheme } from '@/modules/profile/store';
import { setSetting } from './settings';

/**
 * Changes the layout type. It is the account's "theme" on the server (spec 4 Session reads the
 * layout from it at sign-in), saved with CurrentTheme through the sync queue (offline it waits).
 */
export async function changeLayout(layout: LayoutType) {
  setSetting('layoutType', layout);
  if (session.userInfo) session.userInfo.theme = layout;
  if (session.token) await queueTheme(layout).catch((e: unknown) => console.warn('could not queue the layout', e));
}

/**
 * Switches the UI language without a reload and keeps it locally; the choice is also saved to the
 * account (CurrentLanguage) through the sync queue.
 */
export async function changeLanguage(lang: Language) {
  await activateLocale(lang);
  if (session.userInfo) session.userInfo.language = lang;
  if (session.token) await queueLanguage(lang).catch((e: unknown) => console.warn('could not queue the language', e));
}
