import type { ServerModule } from '../../lib/module';
import { authRepo } from './repo';
import { authRoutes } from './routes';
import { authService } from './service';

/** Sign-in, sign-out, lock screen and the current user (spec 7.2). Offers `auth` to later modules. */
export const authModule: ServerModule = {
  name: 'auth',
  register(app, { db, config, provide }) {
    const repo = authRepo(db);
    authRoutes(app, authService(repo, { tokenTtlMs: config.tokenTtlMs }), db);
    provide('auth', { previousLogin: repo.previousLogin, revokeOtherSessions: repo.revokeOtherSessions, rolesOf: repo.rolesOf, grants: repo.grants });
  },
};
