import { useMemo } from 'react';
import type { MessageListQuery, MessageRow } from '@/contracts/message';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import { currentUserDb } from '@/lib/sync/engine';
import { stableKey } from '@/lib/sync/remote-list';
import { useCachedQuery, type CachedListSource } from '@/lib/sync/use-remote-list';
import type { UserDb } from '@/lib/sync/user-db';
import { FETCHED_KEY, fetchMessages, REV_KEY } from './store';
import { messagesOf } from './table';

/**
 * The message centre's pages (/messageRecord), usable offline. Not a `defineRemoteList`: the rows
 * already live in the `messages` table (shared with the drawer, the counts and the pushes) and the
 * writes are batch calls (read all, delete many) that a per-row overlay does not express. So each
 * answer is cached as the ids of its page (kv `message.q:<query>`), and the page shows those ids'
 * rows from the table: a read or a delete made anywhere shows at once. A query never answered is
 * served from the table itself, filtered and paged here. It is read and revalidated like every
 * cached list (`useCachedQuery`); only where the copy comes from differs.
 *
 * Type filter: GET /Message takes one `type`, so the filter offers 全部, 公告 and each system type
 * on its own (流程待办, 流程传阅, 流程通知): each is one exact server query, with a true total
 * and true pages. "All system messages at once" would need several queries merged and could not
 * page honestly; it is not offered.
 */

export interface RecordQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
  /** One message type, or null for all. */
  type: number | null;
}
export const defaultRecordQuery = (): RecordQuery => ({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '', type: null });

interface CachedPage {
  ids: string[];
  total: number;
  fetchedAt: number;
}

const pageKey = (q: RecordQuery) => `message.q:${stableKey(q)}`;

export function toListQuery(q: RecordQuery): MessageListQuery {
  const out: MessageListQuery = { currentPage: q.currentPage, pageSize: q.pageSize, sort: 'desc' };
  if (q.keyword.trim()) out.keyword = q.keyword.trim();
  if (q.type !== null) out.type = q.type;
  return out;
}

/** The offline search over the rows on this device, as the server searches: the type, and the keyword in the title (any case). */
export function matchesRecordQuery(row: MessageRow, q: Pick<RecordQuery, 'keyword' | 'type'>): boolean {
  if (q.type !== null && row.type !== q.type) return false;
  const k = q.keyword.trim().toLowerCase();
  return !k || row.title.toLowerCase().includes(k);
}

/** Asks the server for a page: its rows into the table, its ids cached for this query. */
export async function fetchRecordPage(q: RecordQuery, db: UserDb | null = currentUserDb()) {
  const page = await fetchMessages(toListQuery(q), db);
  if (db) {
    const value: CachedPage = { ids: page.list.map((r) => r.id), total: Number(page.pagination?.total ?? page.list.length), fetchedAt: Date.now() };
    await db.kv.put({ key: pageKey(q), value, updatedAt: value.fetchedAt });
  }
  return page;
}

export interface RecordPage {
  rows: MessageRow[];
  total: number;
  /** The server answered this exact query before (else: filtered from the rows on this device). */
  exact: boolean;
  fetchedAt: number | null;
}

/** A page as this device can show it now. Rows deleted here are gone, and the total with them. */
export async function readRecordPage(db: UserDb, q: RecordQuery): Promise<RecordPage> {
  const cached = (await db.kv.get(pageKey(q)))?.value as CachedPage | undefined;
  if (cached) {
    const rows = (await messagesOf(db).bulkGet(cached.ids)).filter((r): r is MessageRow => !!r);
    return { rows, total: Math.max(0, cached.total - (cached.ids.length - rows.length)), exact: true, fetchedAt: cached.fetchedAt };
  }
  const all = (await messagesOf(db).orderBy('lastModifyTime').reverse().toArray()).filter((r) => matchesRecordQuery(r, q));
  const start = (q.currentPage - 1) * q.pageSize;
  const fetchedAt = ((await db.kv.get(FETCHED_KEY))?.value as number | undefined) ?? null;
  return { rows: all.slice(start, start + q.pageSize), total: all.length, exact: false, fetchedAt };
}

export interface RecordView {
  rows: MessageRow[] | undefined;
  total: number;
  loading: boolean;
  fromCache: boolean;
  fetchedAt: number | null;
  error: string | null;
  refetch(): void;
}

const recordSource: CachedListSource<RecordQuery, RecordPage & { revision: number }> = {
  async read(db, q) {
    const [page, rev] = await Promise.all([readRecordPage(db, q), db.kv.get(REV_KEY)]);
    return { ...page, revision: Number(rev?.value ?? 0) };
  },
  fetch: (q) => fetchRecordPage(q),
};

/** One page of the message centre: the server when reachable, this device's copy otherwise. */
export function useMessageRecords(q: RecordQuery): RecordView {
  const { copy, loading, error, failed, online, refetch } = useCachedQuery(recordSource, q);
  return useMemo(
    () => ({
      rows: copy ? copy.rows : undefined,
      total: copy?.total ?? 0,
      loading,
      fromCache: !online || failed || !copy?.exact,
      fetchedAt: copy?.fetchedAt ?? null,
      error,
      refetch,
    }),
    [copy, loading, error, failed, online, refetch],
  );
}
