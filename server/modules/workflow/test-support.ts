import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ulid } from 'ulid';
import { fillPath } from '../../../src/contracts/api-path';
import type { FlowGraph, FlowInfo, FlowNode, TaskDetail, TaskRow } from '../../../src/contracts/workflow';
import { workflowPaths } from '../../../src/contracts/workflow';
import type { MessageRow } from '../../../src/contracts/message';
import { onlineModels, positions, users } from '../../db/schema';
import { ADMIN_PASSWORD, authed, call, tokenFor, type TestApp } from '../../test/helper';

/**
 * Helpers of the workflow server tests: the demo staff signed in (they share the administrator's
 * seed password), flows designed and released as the designer does it, tasks launched and decided
 * through the calls, and the messages a user received.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const p = (template: string, params: Record<string, string>) => fillPath(template as never, params as never);

/** A graph: start → the given nodes in a line → end (conditions and branches built by hand). */
export function line(...middle: FlowNode[]): FlowGraph {
  const nodes: FlowNode[] = [{ id: 'start', type: 'start', name: '发起', position: { x: 0, y: 0 } }, ...middle, { id: 'end', type: 'end', name: '结束', position: { x: 0, y: 900 } }];
  return { nodes, edges: nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]!.id, target: n.id })) };
}
export const approverNode = (id: string, approvers: FlowNode['approvers'], mode: 'any' | 'all' = 'any', editableFields: string[] = []): FlowNode => ({
  id,
  type: 'approver',
  name: `审批${id}`,
  position: { x: 0, y: 100 },
  approvers,
  mode,
  editableFields,
});
export const circulateNode = (id: string, receivers: FlowNode['receivers']): FlowNode => ({ id, type: 'circulate', name: `抄送${id}`, position: { x: 0, y: 200 }, receivers });

export async function workflowKit(t: TestApp) {
  const tokens = new Map<string, string>();
  const token = async (account: string) => {
    if (!tokens.has(account)) tokens.set(account, await tokenFor(t.app, account, ADMIN_PASSWORD));
    return tokens.get(account)!;
  };
  const req = async (account: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    call(t.app, { method, url, headers: { ...authed(await token(account)), ...headers }, payload: method === 'GET' ? undefined : ((payload ?? {}) as object) });
  const userRows = await t.db.select({ id: users.id, account: users.account, realName: users.realName }).from(users);
  const user = (account: string) => userRows.find((u) => u.account === account)!;
  const position = async (enCode: string) => (await t.db.select({ id: positions.id }).from(positions).where(eq(positions.enCode, enCode)).limit(1))[0]!.id;
  const leaveModelId = (await t.db.select({ id: onlineModels.id }).from(onlineModels).where(eq(onlineModels.enCode, 'leaveRequest')).limit(1))[0]!.id;

  /** Creates and releases a flow over the 请假申请 form (or another); answers its info. */
  async function flow(graph: FlowGraph, formId = leaveModelId): Promise<FlowInfo> {
    const created = await req('admin', 'POST', workflowPaths.flows, { fullName: `测试流程${ulid().slice(-4)}`, enCode: `wf${ulid().slice(-8).toLowerCase()}`, category: 'hr', draft: { formId, graph } });
    expect(created.status, JSON.stringify(created)).toBe(200);
    const released = await req('admin', 'POST', p(workflowPaths.release, { id: created.data.id }));
    expect(released.status, JSON.stringify(released)).toBe(200);
    return released.data as FlowInfo;
  }
  const leave = (days: number, more: Record<string, unknown> = {}) => ({ leaveType: 'annual', days, startDate: '2026-12-01', endDate: '2026-12-05', reason: '回家', ...more });
  async function launch(account: string, flowId: string, formData: Record<string, unknown>, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    return req(account, 'POST', workflowPaths.launch, { flowId, formData, ...extra }, headers);
  }
  async function launched(account: string, flowId: string, formData: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<TaskDetail> {
    const res = await launch(account, flowId, formData, extra);
    expect(res.status, JSON.stringify(res)).toBe(200);
    return res.data as TaskDetail;
  }
  const detail = (account: string, flowId: string, taskId: string) => req(account, 'GET', p(workflowPaths.task, { flowId, taskId }));
  const list = async (account: string, path: string, query = ''): Promise<{ list: TaskRow[]; pagination: { total: number } }> => {
    const res = await req(account, 'GET', `${path}${query ? `?${query}` : ''}`);
    expect(res.status, JSON.stringify(res)).toBe(200);
    return res.data;
  };
  /** The user's pending todo of a task (its id), from their todo list. */
  async function todoOf(account: string, taskId: string): Promise<string | undefined> {
    return (await list(account, workflowPaths.todo, 'pageSize=100')).list.find((r) => r.taskId === taskId)?.id;
  }
  const decide = async (account: string, how: 'audit' | 'reject', todoId: string, body: Record<string, unknown> = {}) => req(account, 'POST', p(workflowPaths[how], { todoId }), body);
  /** Messages of a type the user received about a task, newest first. */
  async function messages(account: string, type: number, taskId: string): Promise<(MessageRow & { body: Record<string, unknown> })[]> {
    const res = await req(account, 'GET', `/Message?type=${type}&pageSize=100`);
    expect(res.status, JSON.stringify(res)).toBe(200);
    return (res.data.list as MessageRow[]).map((m) => ({ ...m, body: JSON.parse(m.bodyText) as Record<string, unknown> })).filter((m) => m.body.taskId === taskId);
  }
  return { req, token, user, position, leaveModelId, flow, leave, launch, launched, detail, list, todoOf, decide, messages, p };
}
export type WorkflowKit = Awaited<ReturnType<typeof workflowKit>>;
