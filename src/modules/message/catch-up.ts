import { t } from '@lingui/core/macro';
import { MESSAGE_PAGE_SIZE } from '@/contracts/message-values';
import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import { messagesOf } from './table';
import { closeNotice, fetchMessages, pushedAt, setUnreadCounts } from './store';

// ---- Offline catch-up -----------------------------------------------------------------------------

/** The ids this device held when it went offline (what counts as new after the return). */
let knownWhenOffline: Set<string> | null = null;
let offlineSince: number | null = null;

/** The connection was lost: remember what is here now. */
export async function noteOffline(db: UserDb | null = currentUserDb()) {
  if (!db || knownWhenOffline) return;
  offlineSince = Date.now();
  knownWhenOffline = new Set(await messagesOf(db).toCollection().primaryKeys());
}

/** The catch-up line, e.g. 2 条新消息：「标题A」「标题B」 (at most five titles). */
export function newMessagesLine(titles: readonly string[], more = false): string | null {
  if (!titles.length) return null;
  const shown = titles
    .slice(0, 5)
    .map((x) => `「${x}」`)
    .join('');
  const list = titles.length > 5 ? `${shown}…` : shown;
  const n = more ? `${titles.length}+` : String(titles.length);
  return t`${n} 条新消息：${list}`;
}

/**
 * After a return online: page 1 of the list into the table, and a line naming the messages that
 * arrived meanwhile (not on this device before, not already announced by a push), or null.
 */
export async function catchUpMessages(db: UserDb | null = currentUserDb()): Promise<string | null> {
  if (!db) return null;
  const known = knownWhenOffline ?? new Set(await messagesOf(db).toCollection().primaryKeys());
  const since = offlineSince ?? Date.now();
  knownWhenOffline = null;
  offlineSince = null;
  const page = await fetchMessages({ currentPage: 1, pageSize: MESSAGE_PAGE_SIZE, sort: 'desc' }, db);
  const fresh = page.list.filter((r) => !known.has(r.id) && (pushedAt.get(r.id) ?? 0) < since);
  const more = fresh.length === page.list.length && page.list.length === MESSAGE_PAGE_SIZE && Number(page.pagination?.total) > MESSAGE_PAGE_SIZE;
  return newMessagesLine(
    fresh.map((r) => r.title),
    more,
  );
}

/** A new user signed in (or the same again): counts from this device until the server answers. */
export function resetMessageState() {
  setUnreadCounts({ unreadMessageCount: 0, unreadNoticeCount: 0 });
  closeNotice();
  knownWhenOffline = null;
  offlineSince = null;
  pushedAt.clear();
}
