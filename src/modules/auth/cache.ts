import type { CurrentUser } from '@/contracts/auth';

/** CurrentUser payload cached per user in IndexedDB so the shell starts offline (Dexie loads lazily). */
export async function saveCachedUser(payload: CurrentUser) {
  const { getDb } = await import('@/lib/db');
  await getDb().currentUser.put({ userId: payload.userInfo.userId, payload, updatedAt: Date.now() });
}

export async function loadCachedUser(userId: string | null): Promise<CurrentUser | null> {
  if (!userId) return null;
  const { getDb } = await import('@/lib/db');
  const row = await getDb().currentUser.get(userId);
  return row?.payload ?? null;
}
