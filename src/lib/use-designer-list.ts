import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { network } from '@/lib/network';

export interface DesignerListView<Row> {
  rows: Row[] | undefined;
  total: number;
  loading: boolean;
  error: string | null;
  /** Nothing is kept on this device: offline, the list is simply not there. */
  fromCache: boolean;
  fetchedAt: number | null;
  refetch(): void;
}

/** A type, not an interface: it is passed to api functions whose query takes more keys. */
export type DesignerListQuery = { currentPage: number; pageSize: number; keyword: string };

/**
 * A page of a designer's documents from the server (online only: the designers are an
 * administrator's tool). `fetchPage` must be stable (a module's api function).
 */
export function useDesignerList<Row>(
  fetchPage: (query: DesignerListQuery, signal: AbortSignal) => Promise<{ list: Row[]; pagination: { total: number } }>,
  params: DesignerListQuery,
): DesignerListView<Row> {
  const online = useSnapshot(network).online;
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<Omit<DesignerListView<Row>, 'refetch' | 'fromCache'>>({ rows: undefined, total: 0, loading: true, error: null, fetchedAt: null });
  const { currentPage, pageSize, keyword } = params;
  useEffect(() => {
    if (!online) {
      setState((s) => ({ ...s, loading: false }));
      return;
    }
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    fetchPage({ currentPage, pageSize, keyword }, ctrl.signal).then(
      (page) => setState({ rows: page.list, total: page.pagination.total, loading: false, error: null, fetchedAt: Date.now() }),
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        setState((s) => ({ ...s, rows: s.rows ?? [], loading: false, error: e instanceof Error ? e.message : String(e) }));
      },
    );
    return () => ctrl.abort();
  }, [fetchPage, online, currentPage, pageSize, keyword, tick]);
  const refetch = useCallback(() => setTick((n) => n + 1), []);
  const offlineEmpty = !online && state.fetchedAt === null;
  return { ...state, rows: offlineEmpty ? [] : state.rows, fromCache: !online || !!state.error, refetch };
}
