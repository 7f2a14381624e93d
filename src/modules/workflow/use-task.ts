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
  /** The server is being asked, or its answer is not yet read back from this device's copy: no frame says the task is missing meanwhile. */
  loading: boolean;
  error: string | null;
  refetch(): void;
}

export interface TaskOptions {
  /** Not asked of the server meanwhile (a launch of this task still waits in the queue: the server does not have it yet); asked once released. */
  hold?: boolean;
}

/** A task: this device's copy at once, the server's when online (asked each time it is shown and on `refetch`). */
export function useTask(flowId: string | null, taskId: string | null, { hold = false }: TaskOptions = {}): TaskView {
  const active = useSnapshot(syncStatus).active;
  const online = useSnapshot(network).online;
  const [nonce, setNonce] = useState(0);
  // The state of one asking (`key`: which task, which time).
  const [state, setState] = useState<{ key: string; loading: boolean; error: string | null }>({ key: '', loading: false, error: null });
  const refetch = useCallback(() => setNonce((n) => n + 1), []);
  const task = useLiveQuery(async () => {
    const db = currentUserDb();
    if (!active || !db || !taskId) return null;
    return (await tasksOf(db).get(taskId)) ?? null;
  }, [active, taskId]);
  const wanted = active && online && !hold && !!flowId && !!taskId;
  const key = `${flowId}/${taskId}/${nonce}`;
  useEffect(() => {
    if (!wanted || !flowId || !taskId) return;
    let alive = true;
    setState({ key, loading: true, error: null });
    fetchTask(flowId, taskId)
      .then(() => alive && setState({ key, loading: false, error: null }))
      .catch((e: unknown) => alive && setState({ key, loading: false, error: e instanceof Error ? e.message : String(e) }));
    return () => {
      alive = false;
    };
  }, [wanted, key, flowId, taskId]);
  const current = state.key === key;
  const error = current ? state.error : null;
  // Asked and answered, the copy is read again a moment later: loading until it is there.
  return { task, loading: wanted && (!current || state.loading || (!error && !task)), error, refetch };
}
