import type { Language, LayoutType } from '@/contracts/session';
import { activateLocale } from '@/lib/i18n';
import { network } from '@/lib/network';
import { session } from '@/modules/auth/store';
import { profileApi } from '@/modules/profile/api';
import { setSetting } from './settings';

/**
 * Changes the layout type. It is the account's "theme" on the server (spec 4 Session reads the
 * layout from it at sign-in), saved with CurrentTheme when online. Offline the change stays local
 * (it is queued once the sync layer exists).
 */
export async function changeLayout(layout: LayoutType) {
  setSetting('layoutType', layout);
  if (session.userInfo) session.userInfo.theme = layout;
  if (network.online && session.token) await profileApi.setTheme(layout).catch(() => undefined);
}

/**
 * Switches the UI language without a reload and keeps it locally; when online the choice is also
 * saved to the account (CurrentLanguage).
 */
export async function changeLanguage(lang: Language) {
  await activateLocale(lang);
  if (session.userInfo) session.userInfo.language = lang;
  if (network.online && session.token) await profileApi.setLanguage(lang).catch(() => undefined);
}
