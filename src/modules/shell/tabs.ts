import { proxy, subscribe } from 'valtio';
import { LIST_SEARCH_KEYS } from '@/lib/list-search-keys';
import { storage, StorageKey } from '@/lib/storage';

/**
 * A visited page in the tab bar (spec 2.4). One tab per route + params, where a list's own query
 * (page, keyword, filters: LIST_SEARCH_KEYS) does not count: paging or searching a list stays in
 * its tab, and the tab remembers where the list was.
 */
export interface Tab {
  /** Its identity: pathname + search without the list-state keys. */
  path: string;
  /** The page as last seen there, with its list query: where clicking the tab goes. */
  href: string;
  /** Fixed tab (route meta affix): cannot be closed. */
  affix: boolean;
}

export const HOME_PATH = '/home';
const AFFIX: readonly Tab[] = [{ path: HOME_PATH, href: HOME_PATH, affix: true }];

/** Where to go after closing: a path, a refresh of the dashboard, or nowhere (the active tab stays). */
export type AfterClose = { to: string } | { refresh: string } | null;

/** The tab a location belongs to: its pathname and search without the list-state keys. */
export function tabPath(href: string): string {
  const [pathname = '', search] = href.split(/\?(.*)/s, 2);
  if (!search) return pathname;
  const params = new URLSearchParams(search);
  if (!LIST_SEARCH_KEYS.some((key) => params.has(key))) return href;
  for (const key of LIST_SEARCH_KEYS) params.delete(key);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** Opens a tab for the location, or moves its page's tab there (one tab per page, whatever its list query). */
export function addTab(tabs: readonly Tab[], href: string): Tab[] {
  const path = tabPath(href);
  if (!tabs.some((t) => t.path === path)) return [...tabs, { path, href, affix: false }];
  return tabs.map((t) => (t.path === path && t.href !== href ? { ...t, href } : t));
}

/**
 * Closes one tab (`path` and `active` are tab paths). Closing the active tab goes to the last
 * remaining tab; if none remains and the closed tab was the dashboard, the dashboard is refreshed;
 * otherwise the user goes to / (spec 2.4).
 */
export function closeTab(tabs: readonly Tab[], path: string, active: string): { tabs: Tab[]; after: AfterClose } {
  const tab = tabs.find((t) => t.path === path);
  if (!tab || tab.affix) return { tabs: [...tabs], after: null };
  const rest = tabs.filter((t) => t.path !== path);
  if (path !== active) return { tabs: rest, after: null };
  return { tabs: rest, after: afterActiveClosed(rest, path) };
}

function afterActiveClosed(rest: readonly Tab[], closed: string): AfterClose {
  const last = rest[rest.length - 1];
  if (last) return { to: last.href };
  if (closed === HOME_PATH) return { refresh: HOME_PATH };
  return { to: '/' };
}

/** Keeps the fixed tabs and the given one. */
export function closeOthers(tabs: readonly Tab[], path: string, active: string): { tabs: Tab[]; after: AfterClose } {
  const kept = tabs.filter((t) => t.affix || t.path === path);
  const chosen = kept.find((t) => t.path === path);
  const after = kept.some((t) => t.path === active) || !chosen ? null : { to: chosen.href };
  return { tabs: kept, after };
}

/** Keeps only the fixed tabs; goes to the last of them unless the active page is one. */
export function closeAll(tabs: readonly Tab[], active: string): { tabs: Tab[]; after: AfterClose } {
  const kept = tabs.filter((t) => t.affix);
  if (kept.some((t) => t.path === active)) return { tabs: kept, after: null };
  return { tabs: kept, after: afterActiveClosed(kept, active) };
}

/** Restores stored tabs (their last locations): fixed tabs first, then the stored ones that still open a page, one per page. */
export function restoreTabs(raw: string | null, isOpenable: (path: string) => boolean): Tab[] {
  let paths: unknown = [];
  try {
    paths = raw ? JSON.parse(raw) : [];
  } catch {
    paths = [];
  }
  let tabs: Tab[] = AFFIX.map((t) => ({ ...t }));
  if (Array.isArray(paths)) {
    for (const p of paths) if (typeof p === 'string' && p.startsWith('/') && isOpenable(p)) tabs = addTab(tabs, p);
  }
  return tabs;
}

const storageKey = (userId: string) => `${StorageKey.tabs}_${userId}`;

/** The open tabs of the signed-in user, kept across reloads (per user, in local storage). */
export const tabsState = proxy<{ userId: string | null; tabs: Tab[] }>({ userId: null, tabs: AFFIX.map((t) => ({ ...t })) });

subscribe(tabsState, () => {
  if (!tabsState.userId) return;
  storage.set(storageKey(tabsState.userId), JSON.stringify(tabsState.tabs.filter((t) => !t.affix).map((t) => t.href)));
});

/** Loads the user's tabs once per user (after sign-in or a reload). */
export function loadTabs(userId: string, isOpenable: (path: string) => boolean) {
  if (tabsState.userId === userId) return;
  tabsState.tabs = restoreTabs(storage.get(storageKey(userId)), isOpenable);
  tabsState.userId = userId;
}

/** Logout clears all open tabs (spec 4 Session). */
export function clearTabs(userId: string | null) {
  if (userId) storage.remove(storageKey(userId));
  tabsState.userId = null;
  tabsState.tabs = AFFIX.map((t) => ({ ...t }));
}

/** Path of /redirect/:path* for a page: refreshes it; a colon in the path is encoded (spec 2.1). */
export function redirectPath(path: string): string {
  const [pathname = '', search] = path.split(/\?(.*)/s, 2);
  const encoded = pathname.replace(/^\/+/, '').replace(/:/g, '%3A');
  return `/redirect/${encoded}${search ? `?${search}` : ''}`;
}
