import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../src/contracts/common';
import {
  auditBodySchema,
  FlowStatus,
  flowBodySchema,
  flowListQuerySchema,
  launchBodySchema,
  rejectBodySchema,
  taskListQuerySchema,
  transferBodySchema,
  WORKFLOW_MENUS,
  workflowPaths,
} from '../../../src/contracts/workflow';
import { cached, idParam, needs } from '../../lib/route-options';
import { parse } from '../../lib/validate';
import { ifMatchVersion } from '../../lib/versions';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/errors';
import type { FlowEngine } from './engine';
import type { FlowService } from './flow-service';
import type { ListKind } from './list-repo';
import type { TaskViews } from './views';

const ENGINE = WORKFLOW_MENUS.engine.enCode;
const taskParams = z.object({ flowId: idSchema, taskId: idSchema });
const taskIdParam = (req: FastifyRequest) => parse(z.object({ taskId: idSchema }), req.params).taskId;
const todoIdParam = (req: FastifyRequest) => parse(z.object({ todoId: idSchema }), req.params).todoId;
const auth = (req: FastifyRequest) => requireAuth(req);

/**
 * Workflow's calls (issue 21, spec 7.7): flows (流程设计, the engine entry), launching (the 我发起的
 * entry), the lists (each its entry), a task (whoever may see it), the decisions (the todo's own
 * approver), revoke (the launcher) and cancel (the monitor entry: administrators). docs/workflow.md.
 */
export function workflowRoutes(app: FastifyInstance, s: { flows: FlowService; engine: FlowEngine; views: TaskViews }) {
  // ---- flows (流程设计) ----------------------------------------------------------------------------
  app.get(workflowPaths.flows, needs(ENGINE), async (req) => ok(await s.flows.list(parse(flowListQuerySchema, req.query))));
  app.post(workflowPaths.flows, needs(ENGINE, 'btn_add'), async (req) => ok(await s.flows.create(parse(flowBodySchema, req.body), auth(req).userId), '新建成功'));
  app.get(workflowPaths.launchable, { config: { ...needs(WORKFLOW_MENUS.launch.enCode).config, etag: true } }, async () => ok({ list: await s.flows.launchable() }));
  app.get(workflowPaths.flow, needs(ENGINE), async (req) => ok(await s.flows.info(idParam(req))));
  app.put(workflowPaths.flow, needs(ENGINE, 'btn_edit'), async (req) => {
    const id = idParam(req);
    const baseVersion = ifMatchVersion(req);
    return ok(await s.flows.update(id, parse(flowBodySchema, req.body), baseVersion), '保存成功');
  });
  app.delete(workflowPaths.flow, needs(ENGINE, 'btn_remove'), async (req) => {
    const id = idParam(req);
    await s.flows.remove(id, ifMatchVersion(req));
    return ok(null, '删除成功');
  });
  app.post(workflowPaths.release, needs(ENGINE, 'btn_edit'), async (req) => ok(await s.flows.release(idParam(req)), '发布成功'));
  app.get(workflowPaths.fieldDataSelect, needs(ENGINE), async (req) => ok({ list: await s.flows.fields(idParam(req)) }));

  // ---- tasks -------------------------------------------------------------------------------------
  const detail = async (req: FastifyRequest, taskId: string) => {
    const a = auth(req);
    const item = await s.views.detail(a, (await s.views.flowIdOf(taskId)) ?? '', taskId);
    return item;
  };
  app.post(workflowPaths.launch, needs(WORKFLOW_MENUS.launch.enCode), async (req) => {
    const body = parse(launchBodySchema, req.body);
    const a = auth(req);
    const id = await s.engine.launch(a, body);
    return ok(await s.views.detail(a, body.flowId, id), '发起成功');
  });
  app.get(workflowPaths.task, cached, async (req) => {
    const { flowId, taskId } = parse(taskParams, req.params);
    return ok(await s.views.detail(auth(req), flowId, taskId));
  });
  const list = (kind: ListKind) => async (req: FastifyRequest) => ok(await s.views.list(kind, auth(req), parse(taskListQuerySchema, req.query)));
  app.get(workflowPaths.launched, needs(WORKFLOW_MENUS.launch.enCode), list('launched'));
  app.get(workflowPaths.todo, needs(WORKFLOW_MENUS.todo.enCode), list('todo'));
  app.get(workflowPaths.done, needs(WORKFLOW_MENUS.done.enCode), list('done'));
  app.get(workflowPaths.circulated, needs(WORKFLOW_MENUS.circulate.enCode), list('circulated'));
  app.get(workflowPaths.monitor, needs(WORKFLOW_MENUS.monitor.enCode), list('monitor'));

  // ---- decisions: each answers the task as the caller now sees it -------------------------------
  app.post(workflowPaths.audit, async (req) => {
    const taskId = await s.engine.audit(auth(req), todoIdParam(req), parse(auditBodySchema, req.body ?? {}));
    return ok(await detail(req, taskId), '审批成功');
  });
  app.post(workflowPaths.reject, async (req) => {
    const taskId = await s.engine.reject(auth(req), todoIdParam(req), parse(rejectBodySchema, req.body ?? {}));
    return ok(await detail(req, taskId), '已拒绝');
  });
  app.post(workflowPaths.transfer, async (req) => {
    const taskId = await s.engine.transfer(auth(req), todoIdParam(req), parse(transferBodySchema, req.body));
    return ok(await detail(req, taskId), '转办成功');
  });
  app.post(workflowPaths.revoke, async (req) => {
    const taskId = await s.engine.close(auth(req), taskIdParam(req), FlowStatus.revoke);
    return ok(await detail(req, taskId), '撤回成功');
  });
  app.post(workflowPaths.cancel, needs(WORKFLOW_MENUS.monitor.enCode), async (req) => {
    const taskId = await s.engine.close(auth(req), taskIdParam(req), FlowStatus.cancel);
    return ok(await detail(req, taskId), '终止成功');
  });
}
