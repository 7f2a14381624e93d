import { lazy, type ComponentType } from 'react';
import { defineModule } from '@/lib/module';
import { lazySyncKind, rowVersions, type LazySyncMethod, type SyncKind } from '@/lib/sync/kinds';
import type { WarmTarget } from '@/lib/sync/warm';
import { decisionLabel, isFlowMessage, launchLabel } from './declared';
import { workflowTables } from './table';
import type { WorkflowWarmTarget } from './warm';

/** A page (screens.ts), imported when first shown. */
const page = (open: (s: typeof import('./screens')) => Promise<{ default: ComponentType }>) => lazy(() => import('./screens').then(open));

/** The code of the queued writes, the push and catch-up, the warm-up (background.ts): one import, when first needed. */
const background = () => import('./background');

/** A queued write's kind: its label at once, its code (kinds.ts) when the queue first needs it. */
const kind = (name: string, decl: Parameters<typeof lazySyncKind>[0]): SyncKind =>
  lazySyncKind(decl, () => background().then((m) => m.workflowSyncKinds[name]!));
const DECISION: readonly LazySyncMethod[] = ['send', 'applied', 'rejected'];
/** A launch is also a 我发起的 row: its list's own kind reads the versions, and takes the server's copy. */
const LAUNCH: readonly LazySyncMethod[] = ['send', 'applied', 'rejected', 'takeTheirs'];

/** A target of the warm-up (warm.ts), loaded when the warm-up first asks it. */
function warmTarget(name: WorkflowWarmTarget): WarmTarget {
  const real = () => background().then((m) => m.workflowWarmTargets[name]);
  return { key: `workflow:${name}`, stale: async (db) => (await real()).stale(db), fill: async (db) => (await real()).fill(db) };
}

/**
 * Workflow approvals (issue 21, spec 2.1, 2.5, 3, 7.7): 流程设计 (the designer), 我发起的 with 发起流程,
 * 待办事宜, 已办事宜, 抄送事宜 and 流程监控, each task opening over its list (also from a message).
 * Todos and their tasks are kept on the device; decisions and launches go through the sync queue,
 * so they are made offline too. Only the declarations load with the shell: the kinds' labels, the
 * tables, who warms what; the kinds' code, the warm-up's and the push's load when first needed.
 */
export const workflowModule = defineModule({
  name: 'workflow',
  // Keyed by the menu entries' urlAddress (WORKFLOW_MENUS).
  pages: {
    'workFlow/flowEngine': page((s) => s.flowEnginePage()),
    'workFlow/flowLaunch': page((s) => s.taskPage('FlowLaunchPage')),
    'workFlow/flowTodo': page((s) => s.taskPage('FlowTodoPage')),
    'workFlow/flowDone': page((s) => s.taskPage('FlowDonePage')),
    'workFlow/flowCirculate': page((s) => s.taskPage('FlowCirculatePage')),
    'workFlow/flowMonitor': page((s) => s.taskPage('FlowMonitorPage')),
  },
  syncKinds: {
    'workflow.audit': kind('workflow.audit', { label: (e) => decisionLabel('audit', e), methods: DECISION }),
    'workflow.reject': kind('workflow.reject', { label: (e) => decisionLabel('reject', e), methods: DECISION }),
    'workflow.launch': kind('workflow.launch', { label: launchLabel, methods: LAUNCH, ...rowVersions }),
  },
  tables: [workflowTables],
  // By the pages' keys (WORKFLOW_MENUS' urlAddress: the contract's paths load with the pages, not here).
  // Those granted 待办事宜: its first page and each of those todos' tasks (a todo opens and is decided
  // offline); 我发起的: the flows they may launch (with their forms) and its first page; the first
  // pages of 已办事宜, 抄送事宜 and 流程监控 for theirs.
  warm: () => [
    { pages: ['workFlow/flowTodo'], targets: [warmTarget('todo'), warmTarget('todoTasks')] },
    { pages: ['workFlow/flowLaunch'], targets: [warmTarget('launchable'), warmTarget('launched')] },
    { pages: ['workFlow/flowDone'], targets: [warmTarget('done')] },
    { pages: ['workFlow/flowCirculate'], targets: [warmTarget('circulated')] },
    { pages: ['workFlow/flowMonitor'], targets: [warmTarget('monitor')] },
  ],
  realtime: {
    // Only a workflow message loads the push's code.
    messagePush: (m) => {
      if (!isFlowMessage(m.message)) return;
      void background()
        .then((b) => b.onFlowMessage(m.message))
        .catch((e: unknown) => console.warn('workflow push', e));
    },
  },
  catchUp: () => background().then((b) => b.catchUpWorkflow()),
});
