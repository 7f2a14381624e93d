import Dexie, { type Table } from 'dexie';
import { describe, expect, it } from 'vitest';
import { lazyLiveQuery, loadDexie } from './dexie-lazy';

class NotesDb extends Dexie {
  notes!: Table<{ id: string; text: string }, string>;
  constructor() {
    super(`dexie-lazy-${Math.random()}`);
    this.version(1).stores({ notes: 'id' });
  }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

/**
 * The stand-in the build gives dexie-react-hooks for `Dexie.liveQuery` (vite.config.ts): a live
 * query made before Dexie has loaded starts once it has, then follows changes as Dexie's own.
 * (This file runs first in its worker, before anything loads Dexie through loadDexie.)
 */
describe('lazyLiveQuery', () => {
  it('a query subscribed before Dexie loads answers once it has, and follows later changes', async () => {
    const db = new NotesDb();
    await db.notes.put({ id: '1', text: '床垫到货' });
    const seen: string[] = [];
    const sub = lazyLiveQuery(async () => (await db.notes.toArray()).map((n) => n.text).join(',')).subscribe((v) => seen.push(v));
    await until(() => seen.length > 0);
    expect(seen).toEqual(['床垫到货']);
    await db.notes.put({ id: '2', text: '枕头补货' });
    await until(() => seen.length > 1);
    expect(seen.at(-1)).toBe('床垫到货,枕头补货');
    sub.unsubscribe();
  });

  it('one unsubscribed before it answers never answers; errors reach the observer', async () => {
    const seen: unknown[] = [];
    lazyLiveQuery(() => 1)
      .subscribe((v) => seen.push(v))
      .unsubscribe();
    const errors: unknown[] = [];
    lazyLiveQuery(() => Promise.reject(new Error('数据库不可用'))).subscribe({ next: (v) => seen.push(v), error: (e) => errors.push((e as Error).message) });
    await loadDexie();
    await until(() => errors.length > 0);
    expect(errors).toEqual(['数据库不可用']);
    expect(seen).toEqual([]);
  });
});
