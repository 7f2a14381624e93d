import Dexie, { type Table } from 'dexie';
import type { CurrentUser } from '@/contracts/auth';
import { STORAGE_PREFIX } from '@/contracts/limits';

export interface CachedCurrentUser {
  userId: string;
  payload: CurrentUser;
  updatedAt: number;
}

/**
 * The local database. Versions only ever add: each module appends its tables in a new version.
 * Rows are per user where they hold a user's data (keyed or indexed by userId).
 */
export class YunmianDb extends Dexie {
  currentUser!: Table<CachedCurrentUser, string>;

  constructor(name = `${STORAGE_PREFIX}db`) {
    super(name);
    this.version(1).stores({ currentUser: 'userId' });
  }
}

let instance: YunmianDb | null = null;
export function getDb(): YunmianDb {
  instance ??= new YunmianDb();
  return instance;
}
