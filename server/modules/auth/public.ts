import type { AuthRepo } from './repo';

/**
 * What the auth module offers the modules registered after it (`deps.need('auth')`): sessions,
 * sign-ins, and what a user's roles grant.
 */
export type AuthServices = Pick<AuthRepo, 'previousLogin' | 'revokeOtherSessions' | 'rolesOf' | 'grants'>;

declare module '../../lib/module' {
  interface ModuleServices {
    auth: AuthServices;
  }
}
