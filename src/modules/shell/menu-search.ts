import Fuse, { type IFuseOptions } from 'fuse.js';
import { pinyin } from 'pinyin-pro';
import type { MenuTarget } from './menu-routes';

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

/** Builds the search index once per menu and language. */
export function createMenuSearch(entries: readonly SearchEntry[]): MenuSearch {
  const docs: Indexed[] = entries.map((e) => ({ ...e, titles: [e.title, ...pinyinForms(e.title)] }));
  const fuse = new Fuse(docs, SEARCH_OPTIONS);
  return {
    search(query, limit = 20) {
      const q = query.trim();
      if (!q) return [];
      return fuse.search(q, { limit }).map(({ item }) => ({ id: item.id, title: item.title, path: item.path, icon: item.icon, target: item.target }));
    },
  };
}
