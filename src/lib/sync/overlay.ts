import type { ListRow } from './remote-list';

/** What the screen shows of a remote list's waiting writes, over the rows it has (remote-list.ts). */

interface OverlayEntry<Row> {
  row?: Row;
  deleted?: boolean;
  at: number;
}
export type Overlay<Row> = Record<string, OverlayEntry<Row>>;

/** Depth-first rows of a tree (or the list itself). */
export function flattenRows<Row extends ListRow>(rows: Row[]): Row[] {
  const out: Row[] = [];
  const walk = (list: Row[]) => {
    for (const r of list) {
      out.push(r);
      if (r.children?.length) walk(r.children as Row[]);
    }
  };
  walk(rows);
  return out;
}

/**
 * Applies the overlay to a shown list: deleted rows go, changed rows are replaced (keeping their
 * children), new rows are added (on top of a flat list, under their parent in a tree). Only ids in
 * `live` count: a write discarded or refused for good no longer shows.
 */
export function applyOverlay<Row extends ListRow>(
  rows: Row[],
  overlay: Overlay<Row>,
  live: Set<string>,
  opts: { tree?: boolean; addNew?: (row: Row) => boolean } = {},
): { rows: Row[]; added: number; removed: number } {
  const entries = Object.entries(overlay).filter(([id]) => live.has(id));
  if (!entries.length) return { rows, added: 0, removed: 0 };
  const changes = new Map(entries);
  const seen = new Set<string>();
  let removed = 0;
  const mapList = (list: Row[]): Row[] => {
    const out: Row[] = [];
    for (const r of list) {
      seen.add(r.id);
      const ch = changes.get(r.id);
      if (ch?.deleted) {
        removed++;
        continue;
      }
      const base = ch?.row ? ({ ...r, ...ch.row, children: r.children } as Row) : r;
      out.push(base.children?.length ? ({ ...base, children: mapList(base.children as Row[]) } as Row) : base);
    }
    return out;
  };
  let result = mapList(rows);
  const fresh = entries
    .filter(([id, ch]) => !seen.has(id) && ch.row && !ch.deleted && (opts.addNew?.(ch.row) ?? true))
    .sort(([, a], [, b]) => b.at - a.at)
    .map(([, ch]) => ch.row!);
  if (!fresh.length) return { rows: result, added: 0, removed };
  if (!opts.tree) return { rows: [...fresh, ...result], added: fresh.length, removed };
  let added = 0;
  for (const row of fresh.reverse()) {
    let placed = false;
    const insert = (list: Row[]): Row[] =>
      list.map((r) => {
        if (r.id === row.parentId) {
          placed = true;
          return { ...r, children: [...((r.children as Row[]) ?? []), row] } as Row;
        }
        return r.children?.length ? ({ ...r, children: insert(r.children as Row[]) } as Row) : r;
      });
    result = insert(result);
    if (!placed) result = [...result, row];
    added++;
  }
  return { rows: result, added, removed };
}

