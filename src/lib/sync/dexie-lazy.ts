import type * as DexieModule from 'dexie';

/**
 * Dexie loads with the signed-in session, not with the first paint: the shell paints without it
 * (about 31 KB gzip off the first load of /home) and the session service starts loading it at once
 * (session-service.ts), while the layout paints. Code that opens the user's database awaits
 * `loadDexie`; components keep using dexie-react-hooks' useLiveQuery, whose own `import { Dexie }
 * from 'dexie'` the build points at this file (vite.config.ts, `lazyDexieForHooks`): its
 * `Dexie.liveQuery` below starts the query once Dexie is here, and is Dexie's own after that.
 */
let loaded: typeof DexieModule | null = null;
let loading: Promise<typeof DexieModule> | null = null;

export function loadDexie(): Promise<typeof DexieModule> {
  return (loading ??= import('dexie').then((m) => (loaded = m)));
}

interface Observer<T> {
  next?: (value: T) => void;
  error?: (err: unknown) => void;
}
interface Observable<T> {
  subscribe(next?: Observer<T> | ((value: T) => void), error?: (err: unknown) => void): { unsubscribe(): void };
}

/** Dexie's liveQuery once Dexie is loaded; before, an observable that starts it when it is. */
export function lazyLiveQuery<T>(querier: () => Promise<T> | T): Observable<T> {
  if (loaded) return loaded.liveQuery(querier);
  return {
    subscribe(next, error) {
      const observer: Observer<T> = typeof next === 'function' ? { next, error } : (next ?? {});
      let inner: { unsubscribe(): void } | null = null;
      let closed = false;
      void loadDexie().then(
        (d) => {
          if (!closed) inner = d.liveQuery(querier).subscribe(observer);
        },
        (e: unknown) => observer.error?.(e),
      );
      return {
        unsubscribe() {
          closed = true;
          inner?.unsubscribe();
        },
      };
    },
  };
}

/** What dexie-react-hooks takes from `dexie` in the build: `Dexie.liveQuery` (its useLiveQuery). */
export class Dexie {
  static liveQuery = lazyLiveQuery;
}
