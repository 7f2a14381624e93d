import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { FlowRow } from '@/contracts/workflow';
import { network } from '@/lib/network';
import { flowApi } from './api';

export interface FlowListView {
  rows: FlowRow[] | undefined;
  total: number;
  loading: boolean;
  error: string | null;
  /** Nothing is kept on this device: offline, the list is simply not there. */
  fromCache: boolean;
  fetchedAt: number | null;
  refetch(): void;
}

/** A page of flows from the server (online only: the designer is an administrator's tool). */
export function useFlowList(params: { currentPage: number; pageSize: number; keyword: string }): FlowListView {
  const online = useSnapshot(network).online;
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<Omit<FlowListView, 'refetch' | 'fromCache'>>({ rows: undefined, total: 0, loading: true, error: null, fetchedAt: null });
  const { currentPage, pageSize, keyword } = params;
  useEffect(() => {
    if (!online) {
      setState((s) => ({ ...s, loading: false }));
      return;
    }
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    flowApi.list({ currentPage, pageSize, keyword }, ctrl.signal).then(
      (page) => setState({ rows: page.list, total: page.pagination.total, loading: false, error: null, fetchedAt: Date.now() }),
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        setState((s) => ({ ...s, rows: s.rows ?? [], loading: false, error: e instanceof Error ? e.message : String(e) }));
      },
    );
    return () => ctrl.abort();
  }, [online, currentPage, pageSize, keyword, tick]);
  const refetch = useCallback(() => setTick((n) => n + 1), []);
  const offlineEmpty = !online && state.fetchedAt === null;
  return { ...state, rows: offlineEmpty ? [] : state.rows, fromCache: !online || !!state.error, refetch };
}
