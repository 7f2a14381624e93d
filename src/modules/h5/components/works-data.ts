import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import { useCachedQuery, type CachedListSource } from '@/lib/sync/use-remote-list';
import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import { conflictedWorkIds } from '../conflict';
import { listLocalWorks, refreshWorkList, workListKey, type WorkListMeta } from '../drafts';
import { workIdOfEntity, WORK_ENTITY_PREFIX, type WorkRow } from '../table';
import type { WorkSyncMarks } from './work-card';

interface WorksQuery {
  keyword: string;
  /** Pages of the server's list read so far (加载更多 adds one). */
  pages: number;
}

/** This device's works for a keyword, with where each one's writes stand. */
interface WorksCopy {
  rows: WorkRow[];
  marks: Map<string, WorkSyncMarks>;
  meta: WorkListMeta | null;
  revision: number;
}

async function readWorks(db: UserDb, q: WorksQuery): Promise<WorksCopy> {
  const [rows, conflicts, entries, meta] = await Promise.all([
    listLocalWorks(db, q.keyword),
    conflictedWorkIds(db),
    db.outbox.where('entity').startsWith(WORK_ENTITY_PREFIX).toArray(),
    db.kv.get(workListKey(q.keyword)),
  ]);
  const marks = new Map<string, WorkSyncMarks>();
  const markOf = (id: string) => marks.get(id) ?? marks.set(id, { pending: false, conflict: conflicts.has(id), failed: false }).get(id)!;
  for (const id of conflicts) markOf(id);
  for (const e of entries) {
    const m = markOf(workIdOfEntity(e.entity));
    if (e.state === 'dead') m.failed = true;
    else if (e.state !== 'conflict') m.pending = true;
  }
  for (const r of rows) if (r.dirty) markOf(r.id).pending = true;
  return { rows, marks, meta: (meta?.value as WorkListMeta | undefined) ?? null, revision: 0 };
}

const source: CachedListSource<WorksQuery, WorksCopy> = {
  read: readWorks,
  async fetch(q) {
    const db = currentUserDb();
    if (!db) return;
    for (let page = 1; page <= q.pages; page++) await refreshWorkList(db, q.keyword, page);
  },
};

const NO_MARKS: WorkSyncMarks = { pending: false, conflict: false, failed: false };

/**
 * My works for the list: this device's copy at once (offline too, the keyword filtering it here),
 * the server's pages merged in when online; `more` reads the next page while the server has more.
 */
export function useWorksView(keyword: string) {
  const [paging, setPaging] = useState({ keyword, pages: 1 });
  // A new keyword starts from its first page.
  const pages = paging.keyword === keyword ? paging.pages : 1;
  const q = useMemo(() => ({ keyword, pages }), [keyword, pages]);
  const { copy, loading, error, failed, online, refetch } = useCachedQuery(source, q);
  const meta = copy?.meta ?? null;
  const hasMore = !!meta && meta.pages * DEFAULT_PAGE_SIZE < meta.total;
  return {
    rows: copy?.rows,
    marksOf: (id: string) => copy?.marks.get(id) ?? NO_MARKS,
    loading,
    error,
    /** Shown from this device's copy: offline, or the server failed. */
    fromCache: !online || failed,
    fetchedAt: meta?.fetchedAt ?? null,
    hasMore: online && hasMore,
    more: () => setPaging({ keyword, pages: pages + 1 }),
    refetch,
  };
}
