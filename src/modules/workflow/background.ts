/**
 * What the workflow does away from its pages, loaded (one import) when the session first needs one
 * of them (module.ts): the queued decisions' and launches' code, the push and the catch-up, the
 * warm-up's targets. They share the task lists and the device's tables, so they load together.
 */
export { workflowSyncKinds } from './kinds';
export { catchUpWorkflow, onFlowMessage } from './live';
export { workflowWarmTargets } from './warm';
