import { t } from '@lingui/core/macro';
import type { Language, LayoutType } from '@/contracts/session';
import { activateLocale } from '@/lib/i18n';
import { queueWrite } from '@/lib/sync/engine';
import type { SyncKind } from '@/lib/sync/kinds';
import { session } from '@/modules/auth/public';
import { setSetting } from './settings';
import { profilePaths } from '@/contracts/session';

/**
 * The layout type and the language are saved to the account (the server's CurrentTheme and
 * CurrentLanguage): last writer wins, so a newer choice replaces one still waiting in the queue.
 * The kinds keep their first names (`profile.…`): a kind name is stored with queued writes.
 */
export const preferenceSyncKinds: Record<string, SyncKind> = {
  'profile.theme': { label: () => t`布局设置` },
  'profile.language': { label: () => t`语言设置` },
};

function queueTheme(theme: string) {
  return queueWrite({ entity: 'user:theme', kind: 'profile.theme', request: { method: 'PUT', url: profilePaths.theme, body: { theme } }, coalesce: true });
}

function queueLanguage(language: Language) {
  return queueWrite({ entity: 'user:language', kind: 'profile.language', request: { method: 'PUT', url: profilePaths.language, body: { language } }, coalesce: true });
}

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
