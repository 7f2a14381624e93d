import { recordSyncKinds } from './records';

/**
 * What online development does away from its pages, loaded (one import) when the session first
 * needs it (module.ts): the queued record writes' code and the warm-up's targets.
 */
export const recordKinds = recordSyncKinds();
export { modelWarmTargets } from './warm';
