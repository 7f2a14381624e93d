import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { NetworkError } from '@/lib/errors';
import { syncStatus } from '@/lib/sync/engine';

export type DesignerOpened<Info, Copy> =
  | { state: 'loading' }
  | { state: 'ready'; info: Info; copy: Copy | null; fromCopy: boolean }
  | { state: 'failed'; reason: string; offline: boolean };

export interface DesignerSource<Info, Copy> {
  load(id: string): Promise<Info>;
  readCopy(id: string): Promise<Copy | null>;
  /** Whether a kept copy holds something the server's document does not (only then is it offered). */
  differs(copy: Copy, info: Info): boolean;
  /** The document opened from a copy on this device (offline), when the copy can stand for it. */
  fromCopy(id: string, copy: Copy): Info | null;
}

/**
 * Opens a document in a designer: read from the server (an administrator's tool works online),
 * with the working copy this device kept offered back when it differs. Offline, a kept copy opens
 * by itself (saving waits for the connection). `source` must be stable (defined at module level).
 */
export function useDesignerOpen<Info, Copy>(id: string, source: DesignerSource<Info, Copy>) {
  const dbReady = useSnapshot(syncStatus).active;
  const [loaded, setLoaded] = useState<DesignerOpened<Info, Copy>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    const readCopy = () => (dbReady ? source.readCopy(id).catch(() => null) : Promise.resolve(null));
    source.load(id).then(
      async (info) => {
        const copy = await readCopy();
        if (live) setLoaded({ state: 'ready', info, copy: copy && source.differs(copy, info) ? copy : null, fromCopy: false });
      },
      async (e: unknown) => {
        const copy = await readCopy();
        const fromCopy = copy ? source.fromCopy(id, copy) : null;
        if (!live) return;
        if (fromCopy && e instanceof NetworkError) setLoaded({ state: 'ready', info: fromCopy, copy: null, fromCopy: true });
        else setLoaded({ state: 'failed', reason: e instanceof Error ? e.message : String(e), offline: e instanceof NetworkError });
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt, dbReady, source]);

  return { loaded, attempt, retry: () => setAttempt((a) => a + 1) };
}
