import { cloneDeep } from './model';

/**
 * Brings the live document (the store's valtio proxy) to a history snapshot without rebuilding it:
 * walks the current snapshot and the target side by side and writes only where they differ.
 * Snapshots share unchanged objects, so an untouched page or element is skipped by one identity
 * check and its proxy (and the components that watch it) stays as it was. Pages and elements are
 * matched by uuid, so a reorder moves the existing proxies instead of rewriting their contents.
 * Frozen values (style boxes) are shared with the snapshot, as cloneDeep does.
 */

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Arrays whose items are matched by uuid: the work's pages and a page's elements. */
const KEYED = new Set(['pages', 'elements']);

/** `keep`: top-level keys left as they are live (the server's fields of a work: undo must not bring back an old version). */
export function reconcile(live: object, current: object, target: object, keep?: ReadonlySet<string>): void {
  patchRecord(live as Rec, current as Rec, target as Rec, keep);
}

function patchRecord(live: Rec, current: Rec, target: Rec, keep?: ReadonlySet<string>): void {
  for (const key of Object.keys(target)) {
    if (keep?.has(key)) continue;
    const t = target[key];
    const c = current[key];
    if (t === c) continue;
    const l = live[key];
    if (KEYED.has(key) && Array.isArray(t) && Array.isArray(c) && Array.isArray(l)) patchKeyed(l as Rec[], c as Rec[], t as Rec[]);
    else if (!patchInPlace(l, c, t)) live[key] = cloneDeep(t);
  }
  for (const key of Object.keys(current)) if (!(key in target) && !keep?.has(key)) delete live[key];
}

/**
 * Patches `live` in place when it has the target's shape (record ↔ record, array ↔ array of the
 * same length); false otherwise. Frozen values (the style boxes) are replaced, never patched.
 */
function patchInPlace(live: unknown, current: unknown, target: unknown): boolean {
  if (Object.isFrozen(live) || Object.isFrozen(target)) return false;
  if (isRecord(target) && isRecord(current) && isRecord(live)) {
    patchRecord(live, current, target);
    return true;
  }
  if (Array.isArray(target) && Array.isArray(current) && Array.isArray(live) && target.length === current.length && live.length === current.length) {
    for (let i = 0; i < target.length; i++) {
      if (target[i] !== current[i] && !patchInPlace(live[i], current[i], target[i])) live[i] = cloneDeep(target[i]);
    }
    return true;
  }
  return false;
}

function patchKeyed(live: Rec[], current: Rec[], target: Rec[]): void {
  const at = new Map<unknown, number>();
  current.forEach((c, i) => {
    if (isRecord(c) && !at.has(c.uuid)) at.set(c.uuid, i);
  });
  const next = target.map((t) => {
    const i = isRecord(t) ? at.get(t.uuid) : undefined;
    if (i === undefined) return cloneDeep(t);
    at.delete(t.uuid);
    const l = live[i]!;
    if (current[i] !== t) patchRecord(l, current[i]!, t);
    return l;
  });
  for (let i = 0; i < next.length; i++) if (live[i] !== next[i]) live[i] = next[i]!;
  if (live.length > next.length) live.splice(next.length);
}
