import type { CurrentUser } from '@/contracts/auth';
import { defineDataset } from '@/lib/sync/dataset';
import { authPaths } from '@/contracts/session';


/**
 * The CurrentUser payload (menu, user info, permissions) of each user, in that user's database: the
 * shell starts from it offline, and online it is revalidated with its ETag (a 304 carries no menu).
 * The auth store fetches it itself (at sign-in, on start, after a reconnect), so it is not in the
 * generic revalidation. Checked by the store when applied (user info and a non-empty menu).
 */
export const currentUserData = defineDataset<CurrentUser>({
  key: 'auth.currentUser',
  shape: 1,
  url: authPaths.currentUser,
  parse: (raw) => raw as CurrentUser,
  freshForMs: 0,
  revalidate: false,
});
