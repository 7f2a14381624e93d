import type { ComponentType } from 'react';
import { withWorkflowCatalog } from './catalog';

/**
 * The workflow's pages as module.ts opens them (one small import for all six, so the session holds
 * none of their chunk lists): each imported once workflow's catalog is loaded; the task pages
 * (flow forms: online development's renderer) once online development's is loaded too, as its own
 * pages are.
 */

type Page = Promise<{ default: ComponentType }>;
type TaskPage = 'FlowLaunchPage' | 'FlowTodoPage' | 'FlowDonePage' | 'FlowCirculatePage' | 'FlowMonitorPage';

/** 流程设计. */
export const flowEnginePage = (): Page => withWorkflowCatalog(import('./designer/flow-engine-page')).then((m) => ({ default: m.FlowEnginePage }));

/** 我发起的, 待办事宜, 已办事宜, 抄送事宜, 流程监控 (one chunk). */
export const taskPage = (name: TaskPage): Page =>
  import('@/modules/online-dev/public')
    .then(({ withOnlineDevCatalog }) => withOnlineDevCatalog(withWorkflowCatalog(import('./pages/task-pages'))))
    .then((m) => ({ default: m[name] }));
