/**
 * What other modules may know of workflow: nothing at run time (it offers no service; it fills
 * home's `homeFigures` and registers its uploads and downloads with online-dev and file). The
 * shapes of its calls are the contract's (src/contracts/workflow.ts).
 */
export type { FlowMessageBody, TaskRow, TaskDetail } from '../../../src/contracts/workflow';
