import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { network } from '@/lib/network';
import { currentUserDb, syncStatus } from './engine';
import { applyOverlay, readCachedList, stableKey, type CachedListCopy, type ListParams, type ListRow, type RemoteList, type RemoteListView } from './remote-list';
import type { UserDb } from './user-db';

/**
 * Where a cached list comes from: this device's copy of a query, and the server. Remote lists
 * (`defineRemoteList`) and the message centre (rows in their own table) differ only here.
 */
export interface CachedListSource<Q, Copy extends { revision: number }> {
  /** This device's copy for the query; runs inside a live query, so a write made anywhere shows at once. */
  read(db: UserDb, q: Q): Promise<Copy>;
  /** Asks the server and caches its answer (the live query then shows it). */
  fetch(q: Q): Promise<unknown>;
}

export interface CachedQuery<Copy> {
  /** undefined until first read; null without a signed-in user's database. */
  copy: Copy | null | undefined;
  loading: boolean;
  error: string | null;
  /** The server failed on this very query (what shows is this device's copy). */
  failed: boolean;
  online: boolean;
  refetch(): void;
}

/**
 * One query of a cached list: this device's copy at once, and the server when reachable. The
 * server is asked once the copy is read (so its revision is known) and again whenever the
 * revision grows (a write was accepted), the connection returns, or `refetch` is called.
 */
export function useCachedQuery<Q, Copy extends { revision: number }>(source: CachedListSource<Q, Copy>, q: Q): CachedQuery<Copy> {
  const active = useSnapshot(syncStatus).active;
  const online = useSnapshot(network).online;
  const qKey = stableKey(q);
  const [state, setState] = useState<{ loading: boolean; error: string | null; failedKey: string | null }>({ loading: false, error: null, failedKey: null });
  const [nonce, setNonce] = useState(0);
  const refetch = useCallback(() => setNonce((n) => n + 1), []);

  const copy = useLiveQuery(async () => {
    const db = currentUserDb();
    return active && db ? source.read(db, q) : null;
    // The query is qKey; the source is fixed per list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, qKey]);

  const loaded = copy !== undefined;
  const revision = copy?.revision ?? 0;
  useEffect(() => {
    if (!active || !online || !loaded) return;
    let alive = true;
    setState((s) => ({ ...s, loading: true }));
    source
      .fetch(q)
      .then(() => alive && setState({ loading: false, error: null, failedKey: null }))
      .catch((e: unknown) => alive && setState({ loading: false, error: e instanceof Error ? e.message : String(e), failedKey: qKey }));
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, online, loaded, qKey, revision, nonce]);

  return useMemo(
    () => ({ copy, loading: state.loading, error: state.error, failed: state.failedKey === qKey, online, refetch }),
    [copy, state, qKey, online, refetch],
  );
}

/** Reads a remote list for one query: the server when reachable, the local cache otherwise, with waiting writes shown over it. */
export function useRemoteList<Row extends ListRow, Q extends ListParams>(list: RemoteList<Row, Q>, q: Q): RemoteListView<Row> {
  const { def } = list;
  const source = useMemo<CachedListSource<Q, CachedListCopy<Row>>>(
    () => ({ read: (db, query) => readCachedList(list, db, query), fetch: (query) => list.fetch(query) }),
    [list],
  );
  const { copy, loading, error, failed, online, refetch } = useCachedQuery(source, q);
  const qKey = stableKey(q);

  return useMemo(() => {
    if (!copy) return { rows: undefined, total: 0, pending: new Set<string>(), failed: new Map<string, string>(), loading: true, fromCache: false, fetchedAt: null, error, refetch };
    const base = copy.cached?.list ?? [];
    const firstPage = (q.currentPage ?? 1) === 1;
    const { rows, added, removed } = applyOverlay(base, copy.overlay, copy.live, {
      tree: def.tree,
      addNew: (r) => firstPage && (def.matches?.(r, q) ?? true),
    });
    const known = !!copy.cached || added > 0;
    return {
      rows: known ? rows : loading || (online && !error) ? undefined : [],
      total: Math.max(0, (copy.cached?.total ?? 0) + added - removed),
      pending: copy.live,
      failed: copy.failed,
      loading,
      fromCache: !online || failed || !copy.exact,
      fetchedAt: copy.cached?.fetchedAt ?? null,
      error,
      refetch,
    };
    // The query is qKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [copy, loading, error, failed, online, refetch, qKey]);
}
