import type { Db } from '../../db/client';
import { organizeRepo } from './organize-repo';
import { positionRepo } from './position-repo';
import { userRepo } from './user-repo';

/** The directory's repos in one object: the services check references across them (a user's position, a manager). */
export function orgRepo(db: Db) {
  return { ...organizeRepo(db), ...positionRepo(db), ...userRepo(db) };
}
export type OrgRepo = ReturnType<typeof orgRepo>;
