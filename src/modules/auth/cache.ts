import type { CurrentUser } from '@/contracts/auth';
import { STORAGE_PREFIX } from '@/contracts/limits';

/** This device's copy of a user's CurrentUser payload and its ETag. */
export interface CachedCurrentUser {
  payload: CurrentUser;
  etag: string | null;
}

// Dexie and the dataset code load with the first use, not with the sign-in page.
const modules = async () => {
  const [{ currentUserData }, { openUserDb }] = await Promise.all([import('./current-user-dataset'), import('@/lib/sync/user-db')]);
  return { currentUserData, openUserDb };
};

export async function saveCachedUser(payload: CurrentUser, etag: string | null) {
  const { currentUserData, openUserDb } = await modules();
  await currentUserData.store(payload, etag, openUserDb(payload.userInfo.userId));
}

export async function loadCachedUser(userId: string | null): Promise<CachedCurrentUser | null> {
  if (!userId) return null;
  const { currentUserData, openUserDb } = await modules();
  const db = openUserDb(userId);
  let payload = await currentUserData.read(db);
  if (!payload && (await migrateLegacyCache())) payload = await currentUserData.read(db);
  if (!payload) return null;
  return { payload, etag: (await currentUserData.meta(db))?.etag ?? null };
}

/**
 * Before the per-user databases, every user's payload was in one shared database (`yunmian_db`).
 * Moved into each user's database once, then the old one is deleted. True when there was one.
 */
async function migrateLegacyCache(): Promise<boolean> {
  const { default: Dexie } = await import('dexie');
  const name = `${STORAGE_PREFIX}db`;
  if (!(await Dexie.exists(name))) return false;
  const legacy = new Dexie(name);
  legacy.version(1).stores({ currentUser: 'userId' });
  try {
    const rows = (await legacy.table('currentUser').toArray()) as { userId: string; payload: CurrentUser }[];
    for (const row of rows) if (row.payload?.userInfo) await saveCachedUser(row.payload, null);
  } finally {
    legacy.close();
  }
  await Dexie.delete(name);
  return true;
}
