import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flowEngines, onlineModels, positions, users } from '../../db/schema';
import { defaultButtons, upsertControls, type ModuleControls } from '../../db/seed/controls';
import { upsertMenus, type MenuSeed } from '../../db/seed/menus';
import { newId } from '../../lib/ids';
import type { SeedStep } from '../../lib/module';
import { WORKFLOW_MENUS, type FlowDefinition } from '../../../src/contracts/workflow';
import type { ModelDefinition } from '../../../src/contracts/online-dev-model';
import { flowEngine } from './engine';
import { flowRepo } from './flow-repo';
import { taskRepo } from './task-repo';
import { leaveGraph, leaveModel, sampleGraph } from './seed/flows';

/**
 * Workflow's data migration (issue 21): the 工作流程 menu group (流程设计 and 流程监控 for
 * administrators; 我发起的, 待办事宜, 已办事宜, 抄送事宜 for every staff role), the 请假申请 form
 * (a published online-development model without a menu entry), two released flows — 样品申领 on
 * the seeded 样品申领 model and 请假申请 — and, with the demo staff, a few tasks in every state.
 */

const STAFF = ['storeManager', 'staff'];
const M = WORKFLOW_MENUS;
export const workflowMenus: MenuSeed[] = [
  { enCode: M.group, fullName: '工作流程', icon: 'workflow', type: 1, sortCode: 20, roles: STAFF },
  { enCode: M.launch.enCode, parent: M.group, fullName: '我发起的', icon: 'send', type: 2, urlAddress: M.launch.urlAddress, sortCode: 21, roles: STAFF },
  { enCode: M.todo.enCode, parent: M.group, fullName: '待办事宜', icon: 'list-todo', type: 2, urlAddress: M.todo.urlAddress, sortCode: 22, roles: STAFF },
  { enCode: M.done.enCode, parent: M.group, fullName: '已办事宜', icon: 'list-checks', type: 2, urlAddress: M.done.urlAddress, sortCode: 23, roles: STAFF },
  { enCode: M.circulate.enCode, parent: M.group, fullName: '抄送事宜', icon: 'copy', type: 2, urlAddress: M.circulate.urlAddress, sortCode: 24, roles: STAFF },
  { enCode: M.engine.enCode, parent: M.group, fullName: '流程设计', icon: 'git-branch', type: 2, urlAddress: M.engine.urlAddress, sortCode: 25, roles: [] },
  { enCode: M.monitor.enCode, parent: M.group, fullName: '流程监控', icon: 'monitor', type: 2, urlAddress: M.monitor.urlAddress, sortCode: 26, roles: [] },
];
const workflowControls: ModuleControls[] = [{ module: M.engine.enCode, buttons: defaultButtons(), columns: [] }];

const noMessages = { sendSystemMessage: async () => null };

/** The 请假申请 model, published as it is (no list page of its own). */
async function seedLeaveModel(db: Db): Promise<string> {
  const have = (await db.select({ id: onlineModels.id }).from(onlineModels).where(eq(onlineModels.enCode, 'leaveRequest')).limit(1))[0];
  if (have) return have.id;
  const id = newId();
  const def = leaveModel();
  await db.insert(onlineModels).values({ id, enCode: 'leaveRequest', fullName: '请假申请', category: 'office', description: '员工请假：类型、起止日期、天数与事由', draft: def, config: def, publishedVersion: 1, publishedAt: new Date() });
  return id;
}

async function seedFlows(db: Db) {
  if ((await db.select({ id: flowEngines.id }).from(flowEngines).limit(1)).length) return;
  const pos = new Map((await db.select({ id: positions.id, enCode: positions.enCode }).from(positions).where(inArray(positions.enCode, ['OPSM', 'WH', 'GM']))).map((p) => [p.enCode, p.id]));
  const sample = (await db.select().from(onlineModels).where(eq(onlineModels.enCode, 'sampleRequest')).limit(1))[0];
  const leaveId = await seedLeaveModel(db);
  const leave = (await db.select().from(onlineModels).where(eq(onlineModels.id, leaveId)).limit(1))[0]!;
  const flows = flowRepo(db);
  const admin = (await db.select({ id: users.id }).from(users).where(eq(users.account, 'admin')).limit(1))[0];
  const ids: Record<string, string> = {};
  const add = async (enCode: string, fullName: string, category: string, icon: string, description: string, model: { id: string; fullName: string; config: ModelDefinition | null }, draft: FlowDefinition) => {
    if (!model.config) return;
    const id = newId();
    ids[enCode] = id;
    await flows.insert({ id, enCode, fullName, category, icon, description, draft, creatorUserId: admin?.id ?? null });
    await flows.release((await flows.byId(id))!, { id: newId(), definition: draft, form: { modelId: model.id, fullName: model.fullName, form: model.config.form } });
  };
  if (sample && pos.get('OPSM') && pos.get('WH')) {
    await add('sampleRequest', '样品申领', 'store', 'package', '门店样品申领：部门主管、运营经理审批，抄送仓储物流部', sample, { formId: sample.id, graph: sampleGraph({ OPSM: pos.get('OPSM')!, WH: pos.get('WH')! }) });
  }
  if (pos.get('GM')) {
    await add('leaveRequest', '请假申请', 'hr', 'calendar-days', '请假超过3天由部门主管和总经理审批，否则部门主管审批', leave, { formId: leave.id, graph: leaveGraph({ GM: pos.get('GM')! }) });
  }
  if ((await db.select({ id: users.id }).from(users).where(eq(users.account, 'ym0005')).limit(1)).length) await seedDemoTasks(db, ids);
}

/** Demo tasks launched by store staff: waiting, one further on, one adopted, one rejected. */
async function seedDemoTasks(db: Db, flowIds: Record<string, string>) {
  const people = new Map((await db.select({ id: users.id, account: users.account, departmentId: users.departmentId }).from(users)).map((u) => [u.account, u]));
  const tasks = taskRepo(db);
  // The demo's data is written as the form takes it; no messages for the demo's past.
  const engine = flowEngine({ db, flows: flowRepo(db), tasks, forms: { checkData: async (_form, raw) => raw }, messages: noMessages });
  const actor = (account: string) => ({ userId: people.get(account)!.id, isAdministrator: false });
  const decide = async (taskId: string, account: string, how: 'audit' | 'reject', opinion: string) => {
    const todo = (await tasks.todosOf(taskId)).find((t) => t.userId === actor(account).userId && t.state === 'pending');
    if (todo) await engine[how](actor(account), todo.id, { opinion });
  };
  const day = (offset: number) => new Date(Date.UTC(2026, 10, 20 + offset)).toISOString().slice(0, 10);
  const sample = (account: string, purpose: string, product: string, qty: number, price: number) => ({
    requestDate: day(0),
    applicant: people.get(account)!.id,
    department: people.get(account)!.departmentId,
    purpose,
    items: [{ product, category: 'mattress', qty, price, amount: qty * price }],
    total: qty * price,
    remark: '',
  });
  const leave = (leaveType: string, days: number, reason: string) => ({ leaveType, days, startDate: day(10), endDate: day(10 + Math.ceil(days) - 1), reason });
  if (flowIds.sampleRequest) {
    const s = flowIds.sampleRequest;
    await engine.launch(actor('ym0005'), { flowId: s, urgent: 2, formData: sample('ym0005', 'display', '云眠·深睡乳胶床垫 1.8m', 1, 6999), approvers: {} });
    const further = await engine.launch(actor('ym0012'), { flowId: s, urgent: 1, formData: sample('ym0012', 'trial', '云眠·护脊弹簧床垫 1.5m', 2, 4599), approvers: {} });
    await decide(further, 'ym0011', 'audit', '同意，用于周末试睡活动');
  }
  if (flowIds.leaveRequest) {
    const l = flowIds.leaveRequest;
    const adopted = await engine.launch(actor('ym0006'), { flowId: l, urgent: 1, formData: leave('annual', 2, '回老家探亲'), approvers: {} });
    await decide(adopted, 'ym0004', 'audit', '同意');
    const rejected = await engine.launch(actor('ym0013'), { flowId: l, urgent: 3, formData: leave('personal', 5, '家中装修需要照看'), approvers: {} });
    await decide(rejected, 'ym0011', 'reject', '门店周末客流高峰，请调整到下周');
    await engine.launch(actor('ym0007'), { flowId: l, urgent: 1, formData: leave('sick', 4, '感冒发烧，需要休息'), approvers: {} });
  }
}

export const workflowSeeds: SeedStep[] = [
  {
    id: '2026-11-29-workflow',
    async run(db) {
      await upsertMenus(db, workflowMenus);
      await upsertControls(db, workflowControls);
      await seedFlows(db);
    },
  },
];
