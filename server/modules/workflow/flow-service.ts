import type { z } from 'zod';
import type { Paged } from '../../../src/contracts/common';
import { valueFields, type ModelDefinition } from '../../../src/contracts/online-dev-model';
import { Code } from '../../../src/contracts/codes';
import {
  checkFlow,
  WORKFLOW_MENUS,
  workflowMessages,
  type flowBodySchema,
  type FlowCategory,
  type FlowInfo,
  type FlowRow,
  type FormFields,
  type LaunchableFlow,
} from '../../../src/contracts/workflow';
import { flowEngines } from '../../db/schema';
import type { Db } from '../../db/client';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { insertOnce, removeRow, uniqueOr, updateVersioned } from '../../lib/records';
import type { PermissionRepo } from '../../plugins/permissions';
import type { OnlineFormServices, Uploader } from '../online-dev/public';
import type { FlowRecord, FlowRepo } from './flow-repo';
import type { TaskRepo } from './task-repo';

type FlowInput = z.output<typeof flowBodySchema>;

/** The fields of a form as the graph's checks and FieldDataSelect read them. */
export const formFields = (form: Pick<ModelDefinition, 'form'>): FormFields => new Map(valueFields(form.form.fields).map((f) => [f.key, { label: f.label, type: f.type }]));

/**
 * Flows (流程设计): the designer's list, drafts saved with If-Match, delete while no task waits,
 * release (the graph's checks, the form's published definition kept with the version), the form's
 * fields (spec 7.7 FieldDataSelect); and the released flows a user may launch.
 */
export function flowService(d: { db: Db; flows: FlowRepo; tasks: TaskRepo; forms: OnlineFormServices; permissions: PermissionRepo }) {
  const { flows } = d;

  function info(f: FlowRecord & { changed: boolean }): FlowInfo {
    return {
      id: f.id,
      enCode: f.enCode,
      fullName: f.fullName,
      category: f.category as FlowCategory,
      icon: f.icon,
      description: f.description,
      draft: f.draft,
      publishedVersion: f.publishedVersion,
      changed: f.changed,
      version: f.version,
      creatorTime: f.createdAt.toISOString(),
      lastModifyTime: f.updatedAt.getTime() === f.createdAt.getTime() ? null : f.updatedAt.toISOString(),
    };
  }
  async function found(id: string) {
    const f = await flows.byId(id);
    if (!f) throw notFound(workflowMessages.flowNotFound);
    return f;
  }
  const codeTaken = '流程编码已存在';

  /** May the user launch flows (the 我发起的 entry)? */
  const mayLaunch = async (u: Uploader) => u.isAdministrator || d.permissions.allowed(u.userId, { module: WORKFLOW_MENUS.launch.enCode });

  return {
    info: async (id: string) => info(await found(id)),
    async list(q: { currentPage: number; pageSize: number; keyword: string; category?: FlowCategory }): Promise<Paged<FlowRow>> {
      const { rows, total } = await flows.page({ keyword: q.keyword, category: q.category, limit: q.pageSize, offset: (q.currentPage - 1) * q.pageSize });
      const list = rows.map((r) => {
        const { draft: _draft, ...rest } = info(r);
        void _draft;
        return { ...rest, formName: r.formName, taskCount: r.taskCount };
      });
      return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total } };
    },
    async create(body: FlowInput, userId: string): Promise<FlowInfo> {
      const id = body.id ?? newId();
      await insertOnce(
        () =>
          flows.insert({ id, enCode: body.enCode, fullName: body.fullName, category: body.category, icon: body.icon, description: body.description ?? null, draft: body.draft, creatorUserId: userId }),
        codeTaken,
      );
      return info(await found(id));
    },
    async update(id: string, body: FlowInput, baseVersion: number | undefined): Promise<FlowInfo> {
      await found(id);
      const patch = { enCode: body.enCode, fullName: body.fullName, category: body.category, icon: body.icon, description: body.description ?? null, draft: body.draft };
      await uniqueOr(() => updateVersioned(d.db, flowEngines, id, patch, baseVersion, async () => info(await found(id))), codeTaken);
      return info(await found(id));
    },
    async remove(id: string, baseVersion: number | undefined) {
      await removeRow(
        () => flows.byId(id),
        (f) => flows.hasUnfinished(f.id),
        '该流程有未完成的任务，不能删除',
        () => flows.remove(id, baseVersion),
        (f) => info(f),
      );
    },
    /** Release: the draft's graph checked against its form, then kept with the form's published definition as the next version. */
    async release(id: string): Promise<FlowInfo> {
      const f = await found(id);
      const formId = f.draft.formId;
      const form = formId ? await d.forms.publishedForm(formId) : null;
      if (!form) throw badRequest('请选择已发布的表单');
      const problems = checkFlow(f.draft.graph, formFields(form));
      if (problems.length) throw new ApiError(Code.BAD_REQUEST, 400, problems[0]!.message, {}, { problems });
      await d.db.transaction(() => flows.release(f, { id: newId(), definition: f.draft, form }));
      return info(await found(id));
    },
    /** FieldDataSelect (spec 7.7): the value fields of the flow's form (the draft's model as published). */
    async fields(id: string) {
      const f = await found(id);
      const form = f.draft.formId ? await d.forms.publishedForm(f.draft.formId) : null;
      return form ? valueFields(form.form.fields).map((x) => ({ field: x.key, fieldName: x.label, jnpfKey: x.type })) : [];
    },
    /** Released flows with their released form and the approver nodes the launcher chooses for. */
    async launchable(): Promise<LaunchableFlow[]> {
      return (await flows.published()).map(({ flow, version }) => ({
        id: flow.id,
        enCode: flow.enCode,
        fullName: flow.fullName,
        category: flow.category as FlowCategory,
        icon: flow.icon,
        description: flow.description,
        version: version.version,
        form: version.form,
        choices: version.definition.graph.nodes.filter((n) => n.type === 'approver' && n.approvers?.kind === 'launcherChoice').map((n) => ({ nodeId: n.id, name: n.name })),
      }));
    },
    /** The released form an upload `?flowId=…` is for: to who may launch the flow or holds a todo of it. */
    async uploadForm(flowId: string, u: Uploader): Promise<Pick<ModelDefinition, 'form'>> {
      const f = await flows.byId(flowId);
      const v = f && f.publishedVersion > 0 ? await flows.latestVersion(flowId) : null;
      if (!v) throw notFound(workflowMessages.flowNotFound);
      if (!(await mayLaunch(u)) && !(await d.tasks.pendingOnFlow(flowId, u.userId))) throw forbidden('您没有此操作的权限');
      return v.form;
    },
  };
}
export type FlowService = ReturnType<typeof flowService>;
