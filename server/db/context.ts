import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

/**
 * The database as the app's repos see it: one object that runs each query on the transaction of
 * the current async context when one is open, and on the root database otherwise.
 *
 * `db.transaction(fn)` on it opens the transaction (a savepoint when one is already open) and makes
 * it current for everything `fn` awaits, so repos written against a plain `Db` take part in a
 * request-wide transaction (the idempotency plugin's) without being passed a `tx`. This also keeps
 * PGlite alive: it has one connection, and a query sent to the root database while a transaction
 * holds it would wait for that transaction forever.
 *
 * There is one contextual db per root database (asking again gives the same object), each with its
 * own storage, so two databases in one process (tests) never mix. Query builders run on the
 * database they were built from: build them inside the call, not ahead of it.
 */
const contextual = new WeakMap<Db, Db>();

export function contextualDb(root: Db): Db {
  const existing = contextual.get(root);
  if (existing) return existing;
  const current = new AsyncLocalStorage<Db>();
  const db = new Proxy(root, {
    get(target, prop) {
      const active = current.getStore() ?? target;
      if (prop === 'transaction') {
        return <T>(fn: (tx: Db) => Promise<T>) =>
          // A PgTransaction is a PgDatabase too; it nests as a savepoint.
          (active.transaction as (f: (tx: Db) => Promise<T>) => Promise<T>)((tx) => current.run(tx, () => fn(tx)));
      }
      const value: unknown = Reflect.get(active, prop, active);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(active) : value;
    },
  });
  contextual.set(root, db);
  return db;
}
