import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { FormDetailOfWork, WorkStats } from '@/contracts/h5-publish';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import { network } from '@/lib/network';
import { fetchFormDetail, fetchWorkStats } from '../publish-api';

export const RECORDS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

interface Remote<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
}

/** One online read that follows its inputs (and the network), with a reload. */
function useRemote<T>(load: (() => Promise<T>) | null, deps: unknown[]): Remote<T> & { online: boolean; reload(): void } {
  const online = useSnapshot(network).online;
  const [state, setState] = useState<Remote<T>>({ data: null, loading: false, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load || !online) return setState((s) => ({ ...s, loading: false }));
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => live && setState({ data, loading: false, error: null }),
      (e: unknown) => live && setState((s) => ({ ...s, loading: false, error: e instanceof Error ? e.message : String(e) })),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, online, attempt]);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  return { ...state, online, reload };
}

/** The submissions of one work (spec 3 formDetailOfWork), a page at a time, searched. */
export const useFormDetail = (workId: string | null, keyword: string, page: number) =>
  useRemote<FormDetailOfWork>(workId ? () => fetchFormDetail(workId, { keyword, currentPage: page, pageSize: RECORDS_PAGE_SIZE }) : null, [workId, keyword, page]);

/** Page views and visitors of one work. */
export const useWorkStats = (workId: string | null) => useRemote<WorkStats>(workId ? () => fetchWorkStats(workId) : null, [workId]);
