import { STORAGE_PREFIX } from '@/contracts/limits';

/** Local storage under the product prefix (spec 9). Values are strings; absent → null. */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(STORAGE_PREFIX + key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      localStorage.setItem(STORAGE_PREFIX + key, value);
    } catch {
      /* storage full or disabled: the value lives for this page only */
    }
  },
  remove(key: string) {
    try {
      localStorage.removeItem(STORAGE_PREFIX + key);
    } catch {
      /* ignore */
    }
  },
};

export const StorageKey = {
  token: 'token',
  userId: 'userId',
  isLock: 'isLock',
  layoutType: 'layoutType',
  language: 'language',
  settings: 'settings',
  sidebarStatus: 'sidebarStatus',
  size: 'size',
  /** Open tabs, per user: tabs_<userId>. */
  tabs: 'tabs',
} as const;
