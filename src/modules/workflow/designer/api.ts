import { fillPath } from '@/contracts/api-path';
import { Code } from '@/contracts/codes';
import type { Paged } from '@/contracts/common';
import type { FieldDataOption, ModelOption } from '@/contracts/online-dev-model';
import { onlineDevPaths } from '@/contracts/online-dev-paths';
import type { FlowBody, FlowInfo, FlowRow } from '@/contracts/workflow';
import { workflowPaths } from '@/contracts/workflow-paths';
import type { FlowProblem, FormFields } from '@/contracts/workflow-graph';
import { ApiError } from '@/lib/errors';
import { request } from '@/lib/http';
import type { FlowDoc } from './core/types';

/**
 * The flow designer's calls (online only: an administrator's tool), under workflowPaths. Saves and
 * deletes carry the version they were made on (If-Match); a 409 comes back as `FlowConflict` with
 * the flow as the server now has it; a release refused for the graph's problems (400 with the
 * problems as data) as `ReleaseRefused`.
 */

export class FlowConflict extends Error {
  constructor(readonly current: FlowInfo | null) {
    super('conflict');
    this.name = 'FlowConflict';
  }
}

export class ReleaseRefused extends Error {
  constructor(
    message: string,
    readonly problems: FlowProblem[],
  ) {
    super(message);
    this.name = 'ReleaseRefused';
  }
}

const ifMatch = (version: number) => ({ headers: { 'If-Match': String(version) } });

function conflictOr(e: unknown): never {
  if (e instanceof ApiError && e.code === Code.CONFLICT) throw new FlowConflict((e.data as FlowInfo | null) ?? null);
  throw e;
}

/** The problems a refused release names: its data as a list, or as `{ problems }`. */
export function problemsOfRefusal(data: unknown): FlowProblem[] {
  const list = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { problems?: unknown }).problems) ? (data as { problems: unknown[] }).problems : [];
  return list.filter((p): p is FlowProblem => !!p && typeof p === 'object' && typeof (p as FlowProblem).message === 'string');
}

function refusalOr(e: unknown): never {
  if (e instanceof ApiError && e.code === Code.BAD_REQUEST) {
    const problems = problemsOfRefusal(e.data);
    if (problems.length) throw new ReleaseRefused(e.message, problems);
  }
  throw e;
}

export const bodyOf = (doc: FlowDoc, id?: string): FlowBody => ({
  ...(id ? { id } : {}),
  fullName: doc.fullName,
  enCode: doc.enCode,
  category: doc.category,
  icon: doc.icon,
  description: doc.description,
  draft: doc.draft,
});

export const docOf = (f: Pick<FlowInfo, 'fullName' | 'enCode' | 'category' | 'icon' | 'description' | 'draft'>): FlowDoc => ({
  fullName: f.fullName,
  enCode: f.enCode,
  category: f.category,
  icon: f.icon,
  description: f.description ?? '',
  draft: f.draft,
});

/** A form's value fields as the checks read them. */
export const formFieldsOf = (list: readonly FieldDataOption[]): FormFields => new Map(list.map((f) => [f.field, { label: f.fieldName, type: f.jnpfKey }]));

export const flowApi = {
  list: (query: { currentPage: number; pageSize: number; keyword: string }, signal?: AbortSignal) => request<Paged<FlowRow>>('GET', workflowPaths.flows, query, { signal, silent: true }),
  create: (doc: FlowDoc) => request<FlowInfo>('POST', workflowPaths.flows, bodyOf(doc), { silent: true }),
  get: (id: string) => request<FlowInfo>('GET', fillPath(workflowPaths.flow, { id }), undefined, { silent: true }),
  save: (id: string, doc: FlowDoc, version: number) => request<FlowInfo>('PUT', fillPath(workflowPaths.flow, { id }), bodyOf(doc, id), { ...ifMatch(version), silent: true }).catch(conflictOr),
  remove: (id: string, version: number) => request<unknown>('DELETE', fillPath(workflowPaths.flow, { id }), undefined, { ...ifMatch(version), silent: true }).catch(conflictOr),
  release: (id: string) => request<FlowInfo>('POST', fillPath(workflowPaths.release, { id }), {}, { silent: true }).catch(refusalOr),
  /** The published online-development models a flow can take as its form. */
  forms: () => request<{ list: ModelOption[] }>('GET', onlineDevPaths.selector, undefined, { silent: true }).then((d) => d.list),
  /** The value fields of a form (a model): the draft's form may not be saved yet, so by the model. */
  formFields: (modelId: string) => request<{ list: FieldDataOption[] }>('GET', fillPath(onlineDevPaths.fieldDataSelect, { id: modelId }), undefined, { silent: true }).then((d) => d.list),
};
