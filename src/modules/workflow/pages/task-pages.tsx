import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { LaunchDialog } from '../components/launch-dialog';
import { PendingDecisions } from '../components/pending-decisions';
import { TaskListPage, useOpenTask } from '../components/task-list-page';

/** 我发起的 (spec 2.5, /workFlow/flowLaunch): the user's tasks, and 发起流程. */
export function FlowLaunchPage() {
  const { t } = useLingui();
  const [launching, setLaunching] = useState(false);
  return (
    <TaskListPage
      kind="launched"
      title={<Trans>我发起的</Trans>}
      testId="wf-launch-page"
      actions={[{ key: 'launch', label: t`发起流程`, icon: <Send />, primary: true, run: () => setLaunching(true), testId: 'wf-launch-button' }]}
      dialog={launching ? <LaunchDialog onClose={() => setLaunching(false)} /> : null}
      empty={{ none: t`还没有发起过流程`, noMatch: t`没有找到匹配的流程` }}
    />
  );
}

/** 待办事宜 (/workFlow/flowTodo): the todos waiting for the user, and the decisions made here still waiting to sync. */
export function FlowTodoPage() {
  const { t } = useLingui();
  const task = useOpenTask();
  return (
    <TaskListPage
      kind="todo"
      title={<Trans>待办事宜</Trans>}
      testId="wf-todo-page"
      notes={<PendingDecisions onOpen={task.openTask} />}
      empty={{ none: t`暂无待办事宜`, noMatch: t`没有找到匹配的待办` }}
    />
  );
}

/** 已办事宜: the user's decisions. */
export function FlowDonePage() {
  const { t } = useLingui();
  return <TaskListPage kind="done" title={<Trans>已办事宜</Trans>} testId="wf-done-page" empty={{ none: t`暂无已办事宜`, noMatch: t`没有找到匹配的流程` }} />;
}

/** 抄送事宜 (/workFlow/flowCirculate): tasks copied to the user. */
export function FlowCirculatePage() {
  const { t } = useLingui();
  return <TaskListPage kind="circulated" title={<Trans>抄送事宜</Trans>} testId="wf-circulate-page" empty={{ none: t`暂无抄送事宜`, noMatch: t`没有找到匹配的流程` }} />;
}

/** 流程监控 (administrators): every task; 终止 ends an unfinished one. */
export function FlowMonitorPage() {
  const { t } = useLingui();
  return <TaskListPage kind="monitor" title={<Trans>流程监控</Trans>} testId="wf-monitor-page" empty={{ none: t`暂无流程`, noMatch: t`没有找到匹配的流程` }} />;
}
