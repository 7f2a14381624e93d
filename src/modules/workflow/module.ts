import { lazy, type ComponentType } from 'react';
import { defineModule } from '@/lib/module';
import { withWorkflowCatalog } from './catalog';
import { workflowSyncKinds } from './kinds';
import { catchUpWorkflow, onFlowMessage } from './live';
import { workflowTables } from './table';
import { workflowWarm } from './warm';

/**
 * A page that shows flow forms (online development's renderer): imported once workflow's catalog
 * and online development's are loaded, as online development's own pages are.
 */
const withForms = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  lazy(() => import('@/modules/online-dev/public').then(({ withOnlineDevCatalog }) => withOnlineDevCatalog(withWorkflowCatalog(load()))).then((m) => ({ default: pick(m) })));

/**
 * Workflow approvals (issue 21, spec 2.1, 2.5, 3, 7.7): 流程设计 (the designer), 我发起的 with 发起流程,
 * 待办事宜, 已办事宜, 抄送事宜 and 流程监控, each task opening over its list (also from a message).
 * Todos and their tasks are kept on the device; decisions and launches go through the sync queue,
 * so they are made offline too. Only the declarations load with the shell.
 */
export const workflowModule = defineModule({
  name: 'workflow',
  // Keyed by the menu entries' urlAddress (WORKFLOW_MENUS).
  pages: {
    'workFlow/flowEngine': lazy(() => withWorkflowCatalog(import('./designer/flow-engine-page')).then((m) => ({ default: m.FlowEnginePage }))),
    'workFlow/flowLaunch': withForms(() => import('./pages/task-pages'), (m) => m.FlowLaunchPage),
    'workFlow/flowTodo': withForms(() => import('./pages/task-pages'), (m) => m.FlowTodoPage),
    'workFlow/flowDone': withForms(() => import('./pages/task-pages'), (m) => m.FlowDonePage),
    'workFlow/flowCirculate': withForms(() => import('./pages/task-pages'), (m) => m.FlowCirculatePage),
    'workFlow/flowMonitor': withForms(() => import('./pages/task-pages'), (m) => m.FlowMonitorPage),
  },
  syncKinds: workflowSyncKinds,
  tables: [workflowTables],
  warm: workflowWarm,
  realtime: {
    messagePush: (m) => void onFlowMessage(m.message).catch((e: unknown) => console.warn('workflow push', e)),
  },
  catchUp: () => catchUpWorkflow(),
});
