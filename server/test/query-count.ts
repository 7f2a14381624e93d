import type { Db } from '../db/client';

/** The statements sent to the database while counting (BEGIN, COMMIT and ROLLBACK included). */
export interface QueryCounter {
  readonly statements: readonly string[];
  /** Starts a new count. */
  reset(): void;
  /** Puts the driver back as it was. */
  stop(): void;
}

type Fn = (...args: unknown[]) => unknown;

/**
 * Counts what reaches the database behind `db` (the root database, as openDatabase made it), at the
 * driver: on PostgreSQL every query of the pool's connections (a transaction's BEGIN and COMMIT are
 * queries of their own), on PGlite every query and exec, a transaction counting its BEGIN and its
 * COMMIT (or ROLLBACK) as two. For tests and benches of the queries a request costs.
 */
export function countQueries(db: Db): QueryCounter {
  const statements: string[] = [];
  const text = (q: unknown) => (typeof q === 'string' ? q : String((q as { text?: unknown } | null)?.text ?? q)).replace(/\s+/g, ' ').trim();
  const undo: Array<() => void> = [];
  const wrap = (target: object, name: string, before: (args: unknown[]) => void) => {
    const own = Object.prototype.hasOwnProperty.call(target, name);
    const original = (target as Record<string, Fn>)[name]!;
    (target as Record<string, Fn>)[name] = function (this: unknown, ...args: unknown[]) {
      before(args);
      return original.apply(this, args);
    };
    undo.push(() => {
      if (own) (target as Record<string, Fn>)[name] = original;
      else delete (target as Record<string, Fn>)[name];
    });
  };
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  if (typeof client.listen === 'function') {
    // PGlite: the transaction's own client runs its queries.
    wrap(client, 'query', (a) => statements.push(text(a[0])));
    wrap(client, 'exec', (a) => statements.push(text(a[0])));
    const transaction = client.transaction as Fn;
    client.transaction = function (this: unknown, fn: (tx: Record<string, Fn>) => Promise<unknown>) {
      statements.push('BEGIN');
      return (transaction.call(this, (tx: Record<string, Fn>) => {
        const counted = { ...tx };
        for (const m of ['query', 'exec'] as const) {
          const original = tx[m]!;
          counted[m] = (...args: unknown[]) => {
            statements.push(text(args[0]));
            return original.apply(tx, args);
          };
        }
        return fn(counted).then(
          (r) => (statements.push('COMMIT'), r),
          (e: unknown) => {
            statements.push('ROLLBACK');
            throw e;
          },
        );
      }) as Promise<unknown>);
    };
    undo.push(() => delete client.transaction);
  } else {
    // node-postgres: every connection of the pool is of the pool's Client class.
    const Client = (client as { options: { Client: { prototype: object } } }).options.Client;
    wrap(Client.prototype, 'query', (a) => statements.push(text(a[0])));
  }
  return {
    statements,
    reset: () => void statements.splice(0),
    stop: () => {
      for (const u of undo.reverse()) u();
    },
  };
}
