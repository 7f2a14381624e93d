/**
 * What other modules may use of `auth` (the only file of this module they import): the signed-in
 * session and its actions, and the spec 6 page controls of the page being shown.
 */
export { beforeSignOut, consumeJustLoggedIn, lock, logout, refreshCurrentUser, resetToken, session } from './store';
export { IfButton, PageModelProvider, usePagePermission } from './page-permission';
