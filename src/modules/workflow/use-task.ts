import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { network } from '@/lib/network';
import { currentUserDb, syncStatus } from '@/lib/sync/engine';
import { fetchTask } from './task-cache';
import { tasksOf, type CachedTask } from './table';

export interface TaskView {
  /** undefined while the copy is read; null when there is none (offline, or not found). */
  task: CachedTask | null | undefined;
  loading: boolean;
  error: string | null;
  refetch(): void;
}

/** A task: this device's copy at once, the server's when online (asked each time it is shown and on `refetch`). */
export function useTask(flowId: string | null, taskId: string | null): TaskView {
  const active = useSnapshot(syncStatus).active;
  const online = useSnapshot(network).online;
  const [state, setState] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const [nonce, setNonce] = useState(0);
  const refetch = useCallback(() => setNonce((n) => n + 1), []);
  const task = useLiveQuery(async () => {
    const db = currentUserDb();
    if (!active || !db || !taskId) return null;
    return (await tasksOf(db).get(taskId)) ?? null;
  }, [active, taskId]);
  useEffect(() => {
    if (!active || !online || !flowId || !taskId) return;
    let alive = true;
    setState({ loading: true, error: null });
    fetchTask(flowId, taskId)
      .then(() => alive && setState({ loading: false, error: null }))
      .catch((e: unknown) => alive && setState({ loading: false, error: e instanceof Error ? e.message : String(e) }));
    return () => {
      alive = false;
    };
  }, [active, online, flowId, taskId, nonce]);
  return { task, loading: state.loading, error: state.error, refetch };
}
