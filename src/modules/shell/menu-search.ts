import Fuse, { type IFuseOptions } from 'fuse.js';
import { pinyin } from 'pinyin-pro';
import type { MenuTarget } from '@/lib/menu-routes';

/** One searchable entry: a page the user can open (translated title, its path or URL). */
export interface SearchEntry {
  id: string;
  title: string;
  path: string;
  icon: string;
  target: MenuTarget;
}

interface Indexed extends SearchEntry {
  /** The title plus its pinyin initials and full pinyin, so "gr" finds 个人信息. */
  titles: string[];
}

/** Spec 9: fuzzy matching, threshold 0.4, weighting title 0.7 and path 0.3. */
export const SEARCH_OPTIONS: IFuseOptions<Indexed> = {
  threshold: 0.4,
  keys: [
    { name: 'titles', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

const HAN = /[\u3400-\u9fff]/;

/** Pinyin spellings of a title: initials ("grxx") and full ("gerenxinxi"); none without Chinese. */
export function pinyinForms(title: string): string[] {
  if (!HAN.test(title)) return [];
  const initials = pinyin(title, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('');
  const full = pinyin(title, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('');
  return [initials.toLowerCase(), full.toLowerCase()];
}

export interface MenuSearch {
  search(query: string, limit?: number): SearchEntry[];
}

/** Character counts of a lower-cased string. */
function charCounts(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const ch of s.toLowerCase()) m.set(ch, (m.get(ch) ?? 0) + 1);
  return m;
}

/**
 * Whether `text` can possibly match `pattern` under the threshold: with k edits allowed
 * (k = floor(threshold × length)), at least length − k of the pattern's characters must occur in
 * the text. A necessary condition only, so it never hides a match Fuse would find; Fuse still
 * decides and ranks.
 */
export function mayMatch(pattern: Map<string, number>, patternLength: number, text: Map<string, number>, threshold = 0.4): boolean {
  const needed = patternLength - Math.floor(threshold * patternLength);
  let found = 0;
  for (const [ch, n] of pattern) {
    found += Math.min(n, text.get(ch) ?? 0);
    if (found >= needed) return true;
  }
  return found >= needed;
}

/**
 * Length of the longest common subsequence of `pattern` and `text`, stopping early once `needed`
 * is reached. A text that Fuse matches with k edits shares at least length − k characters with the
 * pattern in order, so this is a second necessary condition.
 */
export function commonSubsequenceAtLeast(pattern: readonly string[], text: readonly string[], needed: number): boolean {
  const row = new Array<number>(pattern.length + 1).fill(0);
  for (const ch of text) {
    let diag = 0;
    for (let j = 1; j <= pattern.length; j++) {
      const up = row[j]!;
      row[j] = pattern[j - 1] === ch ? diag + 1 : Math.max(up, row[j - 1]!);
      diag = up;
    }
    if (row[pattern.length]! >= needed) return true;
  }
  return row[pattern.length]! >= needed;
}

/**
 * Builds the search index once per menu and language. Each keystroke first drops the entries
 * that cannot match (a cheap character count), then runs Fuse over the rest.
 */
export function createMenuSearch(entries: readonly SearchEntry[]): MenuSearch {
  const docs: Indexed[] = entries.map((e) => ({ ...e, titles: [e.title, ...pinyinForms(e.title)] }));
  const strings = docs.map((d) => [...d.titles, d.path].map((x) => [...x.toLowerCase()]));
  const counts = strings.map((list) => list.map((chars) => charCounts(chars.join(''))));
  const keys = SEARCH_OPTIONS.keys!.map((k) => (k as { name: string }).name);
  const index = Fuse.createIndex(keys, docs);
  const { records, keys: indexKeys } = index.toJSON() as { records: { i: number }[]; keys: Parameters<typeof Fuse.parseIndex>[0]['keys'] };
  const full = new Fuse(docs, SEARCH_OPTIONS, index);
  const threshold = SEARCH_OPTIONS.threshold ?? 0.6;
  return {
    search(query, limit = 20) {
      const q = query.trim();
      if (!q) return [];
      const pattern = charCounts(q);
      const length = [...q].length;
      const chars = [...q.toLowerCase()];
      const needed = length - Math.floor(threshold * length);
      // Fuse splits patterns over 32 characters; the in-order check is only used below that.
      const inOrder = length <= 32;
      const picked = docs.flatMap((_, i) =>
        counts[i]!.some((c, k) => mayMatch(pattern, length, c, threshold) && (!inOrder || commonSubsequenceAtLeast(chars, strings[i]![k]!, needed))) ? [i] : [],
      );
      if (!picked.length) return [];
      // The candidates reuse the prebuilt index records (renumbered), so nothing is re-indexed.
      const fuse =
        picked.length === docs.length
          ? full
          : new Fuse(
              picked.map((i) => docs[i]!),
              SEARCH_OPTIONS,
              Fuse.parseIndex({ keys: indexKeys, records: picked.map((i, n) => ({ ...records[i]!, i: n })) }),
            );
      return fuse.search(q, { limit }).map(({ item }) => ({ id: item.id, title: item.title, path: item.path, icon: item.icon, target: item.target }));
    },
  };
}
