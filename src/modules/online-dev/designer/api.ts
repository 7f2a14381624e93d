import { fillPath } from '@/contracts/api-path';
import { Code } from '@/contracts/codes';
import type { Paged } from '@/contracts/common';
import type { FieldDataOption, ModelInfo, ModelOption, ModelRow } from '@/contracts/online-dev-model';
import type { ModelBody, PublishBody } from '@/contracts/online-dev-schemas';
import { onlineDevPaths } from '@/contracts/online-dev-paths';
import { ApiError } from '@/lib/errors';
import { request } from '@/lib/http';
import type { DesignDoc } from './core/types';

/**
 * The designer's calls (online only: an administrator's tool). Saves and deletes carry the
 * version they were made on (If-Match); a 409 comes back as `ModelConflict` with the model as the
 * server now has it.
 */

export class ModelConflict extends Error {
  constructor(readonly current: ModelInfo | null) {
    super('conflict');
    this.name = 'ModelConflict';
  }
}

const ifMatch = (version: number) => ({ headers: { 'If-Match': String(version) } });

/** A 409 as ModelConflict; other failures as they are. */
function conflictOr(e: unknown): never {
  if (e instanceof ApiError && e.code === Code.CONFLICT) throw new ModelConflict((e.data as ModelInfo | null) ?? null);
  throw e;
}

export const bodyOf = (doc: DesignDoc, id?: string): ModelBody => ({
  ...(id ? { id } : {}),
  fullName: doc.fullName,
  enCode: doc.enCode,
  category: doc.category,
  description: doc.description,
  draft: doc.draft,
});

export const docOf = (m: Pick<ModelInfo, 'fullName' | 'enCode' | 'category' | 'description' | 'draft'>): DesignDoc => ({
  fullName: m.fullName,
  enCode: m.enCode,
  category: m.category,
  description: m.description ?? '',
  draft: m.draft,
});

export const modelApi = {
  list: (query: { currentPage: number; pageSize: number; keyword: string; [more: string]: unknown }, signal?: AbortSignal) => request<Paged<ModelRow>>('GET', onlineDevPaths.models, query, { signal, silent: true }),
  create: (doc: DesignDoc) => request<ModelInfo>('POST', onlineDevPaths.models, bodyOf(doc), { silent: true }),
  get: (id: string) => request<ModelInfo>('GET', fillPath(onlineDevPaths.model, { id }), undefined, { silent: true }),
  save: (id: string, doc: DesignDoc, version: number) => request<ModelInfo>('PUT', fillPath(onlineDevPaths.model, { id }), bodyOf(doc, id), { ...ifMatch(version), silent: true }).catch(conflictOr),
  remove: (id: string, version: number) => request<unknown>('DELETE', fillPath(onlineDevPaths.model, { id }), undefined, { ...ifMatch(version), silent: true }).catch(conflictOr),
  publish: (id: string, body: PublishBody) => request<ModelInfo>('POST', fillPath(onlineDevPaths.publish, { id }), body, { silent: true }),
  selector: () => request<{ list: ModelOption[] }>('GET', onlineDevPaths.selector, undefined, { silent: true }).then((d) => d.list),
  fields: (id: string) => request<{ list: FieldDataOption[] }>('GET', fillPath(onlineDevPaths.fieldDataSelect, { id }), undefined, { silent: true }).then((d) => d.list),
};
