import { currentUserDb } from './engine';
import { cachedAnswers, overlayKey, type ListRow, type Overlay } from './remote-list';
import type { UserDb } from './user-db';

/**
 * Names of a list's rows by id, for the sync panel's labels of writes whose body carries none
 * (delete, state, release). Filled from the rows a screen shows and the writes queued; after a
 * reload, from the list's cached answers and its overlay, read once per database.
 */
export function rowNames<Row extends ListRow>(key: string, nameOf: (row: Row) => string | undefined) {
  const names = new Map<string, string>();
  let readFrom: UserDb | null = null;
  const remember = (rows: readonly Row[] | undefined) => {
    for (const r of rows ?? []) {
      const name = nameOf(r);
      if (name) names.set(r.id, name);
    }
  };
  const readCached = async () => {
    const db = currentUserDb();
    if (!db || readFrom === db) return;
    readFrom = db;
    const [answers, overlay] = await Promise.all([cachedAnswers<Row>(db, key), db.kv.get(overlayKey(key))]);
    for (const a of answers) remember(a.list);
    remember(Object.values((overlay?.value ?? {}) as Overlay<Row>).flatMap((o) => (o.row ? [o.row] : [])));
  };
  return {
    remember,
    set: (id: string, name: string) => void names.set(id, name),
    /** The name, or undefined (then the cached copies are read for the next time). */
    get(id: string): string | undefined {
      const name = names.get(id);
      if (!name) void readCached();
      return name;
    },
  };
}
