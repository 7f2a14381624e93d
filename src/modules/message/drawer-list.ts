import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { MESSAGE_LOAD_MORE_PX, MESSAGE_PAGE_SIZE, type MessageRow } from '@/contracts/message';
import { network } from '@/lib/network';
import { currentUserDb, syncStatus } from '@/lib/sync/engine';
import { FETCHED_KEY, fetchMessages } from './store';
import { messagesOf } from './table';

/**
 * The message drawer's list (spec 2.7, 9 Messages): the messages on this device, newest first,
 * 20 more each time the scroll comes within 200 px of the bottom; online, each opening asks the
 * server for page 1 again and every step down for the next page (20 at a time).
 */

/** Whether a scroll box is within `px` of its bottom (a box with nothing to scroll is). */
export function nearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }, px: number = MESSAGE_LOAD_MORE_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= px;
}

/** What is left to show: more rows on this device than shown, or pages the server has not sent yet. */
export function hasMoreMessages(s: { shown: number; localTotal: number; serverPages: number; serverTotal: number | null; online: boolean }): boolean {
  return s.localTotal > s.shown || (s.online && s.serverTotal !== null && s.serverPages * MESSAGE_PAGE_SIZE < s.serverTotal);
}

/** The nearest ancestor that scrolls (overflow auto or scroll), whatever its content's height. */
export function scrollBoxOf(el: HTMLElement | null): HTMLElement | null {
  for (let cur = el?.parentElement ?? null; cur; cur = cur.parentElement) {
    const { overflowY } = getComputedStyle(cur);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return cur;
  }
  return null;
}

export interface DrawerMessages {
  /** undefined until the device's rows are read. */
  rows: MessageRow[] | undefined;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  /** When page 1 was last fetched (the offline note). */
  fetchedAt: number | null;
  /** The next 20 (`retry`: also after the server failed). */
  loadMore(retry?: boolean): void;
}

export function useDrawerMessages(open: boolean): DrawerMessages {
  const active = useSnapshot(syncStatus).active;
  const online = useSnapshot(network).online;
  const [limit, setLimit] = useState(MESSAGE_PAGE_SIZE);
  const [server, setServer] = useState<{ pages: number; total: number | null }>({ pages: 0, total: null });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const local = useLiveQuery(async () => {
    const db = currentUserDb();
    if (!active || !db) return null;
    const [rows, total, fetched] = await Promise.all([messagesOf(db).orderBy('lastModifyTime').reverse().limit(limit).toArray(), messagesOf(db).count(), db.kv.get(FETCHED_KEY)]);
    return { rows, total, fetchedAt: (fetched?.value as number | undefined) ?? null };
  }, [active, limit]);

  const fetchPage = useCallback(async (page: number) => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    try {
      const answer = await fetchMessages({ currentPage: page, pageSize: MESSAGE_PAGE_SIZE, sort: 'desc' });
      setServer({ pages: page, total: Number(answer.pagination?.total ?? answer.list.length) });
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, []);

  // Each opening (and a return online while open): the list from the top, page 1 from the server.
  useEffect(() => {
    if (!open || !active) return;
    setLimit(MESSAGE_PAGE_SIZE);
    setServer({ pages: 0, total: null });
    setError(null);
    if (online) void fetchPage(1);
  }, [open, active, online, fetchPage]);

  const hasMore = hasMoreMessages({ shown: limit, localTotal: local?.total ?? 0, serverPages: server.pages, serverTotal: server.total, online });
  const loadMore = useCallback(
    (retry = false) => {
      if (busy.current) return;
      const next = limit + MESSAGE_PAGE_SIZE;
      const fromServer = online && server.total !== null && server.pages * MESSAGE_PAGE_SIZE < Math.min(next, server.total);
      // After a failure only the user's retry asks the server again (no request loop).
      if (fromServer && error && !retry) return;
      setLimit(next);
      if (fromServer) void fetchPage(server.pages + 1);
    },
    [limit, online, server, error, fetchPage],
  );

  return { rows: local === undefined ? undefined : (local?.rows ?? []), hasMore, loading, error, fetchedAt: local?.fetchedAt ?? null, loadMore };
}
