import { ulid } from 'ulid';
import { Code } from '../../../src/contracts/codes';
import type { Paged } from '../../../src/contracts/common';
import { titleFieldOf } from '../../../src/contracts/online-dev-define';
import { isSystemField, valueFields, valueKind, type FieldOption, type ModelConfig, type ModelDefinition, type ModelField, type RecordRow, type RelationOption } from '../../../src/contracts/online-dev-model';
import type { RecordListQuery } from '../../../src/contracts/online-dev-schemas';
import { modelMenuCode } from '../../../src/contracts/online-dev-paths';
import { checkRecord, recompute, recordMessages } from '../../../src/contracts/online-dev-record';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { descendantsOf, insertOnce } from '../../lib/records';
import { sanitizeNoticeHtml } from '../../lib/sanitize-html';
import type { Access, PermissionRepo } from '../../plugins/permissions';
import type { AuthContext } from '../../plugins/auth';
import type { BillNumberServices, DictionaryServices } from '../base/public';
import type { FileServices } from '../file/public';
import type { ModelRecord, ModelRepo } from './model-repo';
import { planList, TREE_PARAM, type RecordScope } from './record-query';
import { checkRefs, dictionaryOptionsOf, fileNamesOf, storedName } from './record-refs';
import type { RecordRecord, RecordRepo } from './record-repo';
import { recordText, textContext } from './record-text';

/** A published model: its definition users get and records are checked against. */
export type PublishedModel = ModelRecord & { config: ModelDefinition };

export interface RecordDeps {
  repo: RecordRepo;
  models: ModelRepo;
  permissions: PermissionRepo;
  dictionaries: DictionaryServices;
  billNumbers: BillNumberServices;
  files: FileServices;
}

/** What a call knows of its caller for one model: who, and the access of the model's menu entry. */
export interface Caller {
  auth: Pick<AuthContext, 'userId' | 'isAdministrator'>;
  access: Access;
}

/** The most records one export writes. */
export const EXPORT_MAX_ROWS = 50_000;
/** Relation options per answer. */
export const RELATION_OPTIONS_MAX = 50;

/**
 * Records of published models (spec 7.6): lists with search and sort in the caller's data scope,
 * reads, and writes checked against the model on every call (shared checks, then what they refer
 * to), with the system fields, bill numbers and calculations filled by the server.
 */
export function recordService(d: RecordDeps) {
  const { repo } = d;

  async function published(id: string): Promise<PublishedModel> {
    const m = await d.models.byId(id);
    if (!m?.config) throw notFound('功能不存在或未发布');
    return m as PublishedModel;
  }
  const menuOf = (m: ModelRecord) => modelMenuCode(m.enCode);
  /** The caller's access to the model's menu entry; refused without the entry (and the button, when one is named). */
  async function authorize(auth: Caller['auth'], m: ModelRecord, button?: string): Promise<Caller> {
    if (!auth.isAdministrator) {
      const allowed = await d.permissions.allowed(auth.userId, { module: menuOf(m), ...(button ? { button } : {}) });
      if (!allowed) throw forbidden('您没有此操作的权限');
    }
    return { auth, access: await d.permissions.access(auth, menuOf(m)) };
  }
  const may = async (c: Caller, m: ModelRecord, button: string) => c.auth.isAdministrator || d.permissions.allowed(c.auth.userId, { module: menuOf(m), button });

  async function scopeOf(c: Caller): Promise<RecordScope> {
    const scope = c.access.dataScope;
    if (scope === 'all') return { kind: 'all' };
    const self: RecordScope = { kind: 'self', userId: c.auth.userId };
    if (scope === 'self') return self;
    const at = await repo.placement(c.auth.userId);
    if (scope === 'company') return at.organizeId ? { kind: 'company', organizeId: at.organizeId } : self;
    if (!at.departmentId) return self;
    if (scope === 'department') return { kind: 'departments', ids: [at.departmentId] };
    return { kind: 'departments', ids: [...descendantsOf(await repo.organizeLinks(), at.departmentId)] };
  }
  /** A record of the model in the caller's scope (else 404, as if missing). */
  async function visible(c: Caller, m: ModelRecord, id: string): Promise<RecordRecord> {
    const r = await repo.get(m.id, id);
    if (!r) throw notFound('记录不存在或已删除');
    const s = await scopeOf(c);
    const inScope = s.kind === 'all' || (s.kind === 'self' ? r.creatorUserId === s.userId : s.kind === 'company' ? r.organizeId === s.organizeId : !!r.departmentId && s.ids.includes(r.departmentId));
    if (!inScope) throw notFound('记录不存在或已删除');
    return r;
  }

  /** A record as the API gives it; `keys`: the value fields to include (null: all its data). */
  function present(r: RecordRecord, keys: ReadonlySet<string> | null): RecordRow {
    const data = keys ? Object.fromEntries(Object.entries(r.data).filter(([k]) => keys.has(k))) : r.data;
    return {
      ...data,
      id: r.id,
      modelId: r.modelId,
      version: r.version,
      creatorUserId: r.creatorUserId,
      creatorTime: r.createdAt.toISOString(),
      lastModifyUserId: r.lastModifyUserId,
      lastModifyTime: r.updatedAt?.toISOString() ?? null,
      organizeId: r.organizeId,
    };
  }
  /** The list's columns the caller was granted (spec 6; all for administrators). */
  const grantedColumns = (c: Caller, def: ModelDefinition) => def.list.columns.filter((col) => c.access.columns === null || c.access.columns.has(col.key));

  async function optionsFn(def: ModelDefinition) {
    const dict = await dictionaryOptionsOf(def, d.dictionaries);
    return (f: ModelField): readonly FieldOption[] | undefined => (f.options?.kind === 'static' ? f.options.items : f.options?.kind === 'dictionary' ? dict.get(f.options.dictionary) : undefined);
  }

  /** The author of the values a write keeps (a record's creator, a flow task's launcher). */
  interface Before {
    data: Record<string, unknown>;
    creatorUserId: string;
    createdAt: Date;
    organizeId: string | null;
  }
  /**
   * Checks a form's values as every record write does (the shared checks, rich text, what they
   * refer to), then fills what the server owns: system fields, bill numbers (`taken` refuses a
   * number another record holds), calculations. Also a flow's form (no record row).
   */
  async function checkValues(def: ModelDefinition, raw: Record<string, unknown>, userId: string, before: Before | null, taken?: (key: string, value: string) => Promise<boolean>) {
    const optionsOf = await optionsFn(def);
    const { value, issues } = checkRecord(def.form.fields, raw, { optionsOf });
    if (issues.length) {
      const first = issues[0]!;
      throw new ApiError(Code.BAD_REQUEST, 400, first.message, first.params, { issues });
    }
    // Rich text is kept as the shared editor writes it and nothing else (no scripts, handlers or
    // javascript: links): it is shown as HTML to everyone who opens the record.
    for (const f of valueFields(def.form.fields)) {
      if (f.type !== 'editor' || typeof value[f.key] !== 'string') continue;
      const clean = sanitizeNoticeHtml(value[f.key] as string);
      if (!clean && f.required && !f.disabled) throw new ApiError(Code.BAD_REQUEST, 400, recordMessages.required, { label: f.label || f.key });
      value[f.key] = clean || null;
    }
    await checkRefs(def, value, repo, d.files, { userId, heldFiles: new Set(before ? fileNamesOf(def, before.data) : []) });
    const now = new Date().toISOString();
    const placement = await repo.placement(userId);
    const data: Record<string, unknown> = { ...(before?.data ?? {}), ...value };
    for (const f of valueFields(def.form.fields)) {
      if (isSystemField(f)) {
        if (f.type === 'createUser') data[f.key] = before ? (before.data[f.key] ?? before.creatorUserId) : userId;
        if (f.type === 'createTime') data[f.key] = before ? (before.data[f.key] ?? before.createdAt.toISOString()) : now;
        if (f.type === 'currOrganize') data[f.key] = before ? (before.data[f.key] ?? before.organizeId) : placement.organizeId;
        if (f.type === 'modifyUser') data[f.key] = before ? userId : null;
        if (f.type === 'modifyTime') data[f.key] = before ? now : null;
      }
      if (f.type === 'billRule' && f.billRule) {
        const given = typeof data[f.key] === 'string' ? (data[f.key] as string) : '';
        if (!given) data[f.key] = (before?.data[f.key] as string | undefined) || (await d.billNumbers.take(f.billRule, userId));
        else if (given !== before?.data[f.key] && taken && (await taken(f.key, given))) throw badRequest('{label}「{value}」已存在', { label: f.label, value: given });
      }
    }
    return { data: recompute(def.form.fields, data), placement };
  }
  /** Checks a write's values, then fills what the server owns. */
  const prepare = (c: Caller, m: PublishedModel, raw: Record<string, unknown>, before: RecordRecord | null, recordId: string) =>
    checkValues(m.config, raw, c.auth.userId, before, (key, value) => repo.valueTaken(m.id, key, value, recordId));

  return {
    published,
    checkValues,
    authorize,
    /** GET Config: the published form and list; the list's columns are the ones granted. */
    async config(auth: Caller['auth'], id: string): Promise<ModelConfig> {
      const m = await published(id);
      const c = await authorize(auth, m);
      return { id: m.id, fullName: m.fullName, enCode: m.enCode, publishedVersion: m.publishedVersion, menuCode: menuOf(m), form: m.config.form, list: { ...m.config.list, columns: grantedColumns(c, m.config) } };
    },
    async list(auth: Caller['auth'], id: string, q: RecordListQuery): Promise<Paged<RecordRow>> {
      const m = await published(id);
      const c = await authorize(auth, m);
      const def = m.config;
      const tree = typeof q[TREE_PARAM] === 'string' && q[TREE_PARAM] ? await treeValues(def, q[TREE_PARAM]) : null;
      const plan = planList(def, q, tree);
      const tally = plan.tally && m.countedFields.includes(plan.tally.field) ? plan.tally : null;
      const { rows, total } = await repo.page(m.id, await scopeOf(c), plan.where, plan.order, plan.pageSize, (plan.currentPage - 1) * plan.pageSize, tally);
      // Who may open a record gets its data whole (to edit or read it offline); others the granted columns.
      const whole = (await may(c, m, 'btn_edit')) || (await may(c, m, 'btn_detail'));
      const keys = whole ? null : new Set(grantedColumns(c, def).map((col) => col.key));
      return { list: rows.map((r) => present(r, keys)), pagination: { currentPage: plan.currentPage, pageSize: plan.pageSize, total } };
    },
    async get(auth: Caller['auth'], id: string, recordId: string): Promise<RecordRow> {
      const m = await published(id);
      const c = await authorize(auth, m);
      if (!(await may(c, m, 'btn_detail')) && !(await may(c, m, 'btn_edit'))) throw forbidden('您没有此操作的权限');
      return present(await visible(c, m, recordId), null);
    },
    /** DataChange: the record with its values as display text. */
    async dataChange(auth: Caller['auth'], id: string, recordId: string): Promise<RecordRow> {
      const m = await published(id);
      const c = await authorize(auth, m, 'btn_detail');
      const r = await visible(c, m, recordId);
      const ctx = await textContext(m.config, [r.data], repo, await optionsFn(m.config), (mid) => relationKey(mid));
      return { ...present(r, null), ...recordText(m.config, r.data, ctx) };
    },
    async create(auth: Caller['auth'], id: string, body: { id?: string; data: Record<string, unknown> }): Promise<RecordRow> {
      const m = await published(id);
      const c = await authorize(auth, m, 'btn_add');
      const recordId = body.id ?? ulid();
      if (await repo.get(m.id, recordId)) throw badRequest('记录已存在');
      const { data, placement } = await prepare(c, m, body.data, null, recordId);
      // Two creates of one id at once (a device sending its record again) both pass the check above;
      // the key refuses the second, with the same answer. online_records' key is named …_pk, not
      // …_pkey, so insertOnce is given the message instead of telling it from the key's name.
      const row = await insertOnce(
        () => repo.insert({ modelId: m.id, id: recordId, data, creatorUserId: c.auth.userId, organizeId: placement.organizeId, departmentId: placement.departmentId }, m.config.list.keywordFields),
        '记录已存在',
      );
      await repo.setFiles(m.id, recordId, fileNamesOf(m.config, data));
      return present(row, null);
    },
    async update(auth: Caller['auth'], id: string, recordId: string, body: { data: Record<string, unknown> }, baseVersion: number | undefined): Promise<RecordRow> {
      const m = await published(id);
      const c = await authorize(auth, m, 'btn_edit');
      const before = await visible(c, m, recordId);
      if (baseVersion !== undefined && before.version !== baseVersion) throw conflict(present(before, null));
      const { data } = await prepare(c, m, body.data, before, recordId);
      const saved = await repo.update(m.id, recordId, data, c.auth.userId, baseVersion ?? before.version, m.config.list.keywordFields);
      if (!saved) throw conflict(present((await repo.get(m.id, recordId)) ?? before, null));
      await repo.setFiles(m.id, recordId, fileNamesOf(m.config, data));
      return present(saved, null);
    },
    async remove(auth: Caller['auth'], id: string, recordId: string, baseVersion: number | undefined) {
      const m = await published(id);
      const c = await authorize(auth, m, 'btn_remove');
      const before = await visible(c, m, recordId);
      if (!(await repo.remove(m.id, recordId, baseVersion))) throw conflict(present((await repo.get(m.id, recordId)) ?? before, null));
    },
    /** Every record of the list query (export), as text, in the granted columns. */
    async exportRows(auth: Caller['auth'], id: string, q: RecordListQuery) {
      const m = await published(id);
      const c = await authorize(auth, m, 'btn_export');
      const def = m.config;
      const tree = typeof q[TREE_PARAM] === 'string' && q[TREE_PARAM] ? await treeValues(def, q[TREE_PARAM]) : null;
      const plan = planList(def, q, tree);
      const rows = await repo.all(m.id, await scopeOf(c), plan.where, plan.order, EXPORT_MAX_ROWS);
      const ctx = await textContext(def, rows.map((r) => r.data), repo, await optionsFn(def), (mid) => relationKey(mid));
      const people = await repo.userNames([...new Set(rows.flatMap((r) => [r.creatorUserId, r.lastModifyUserId ?? '']).filter(Boolean))]);
      const orgs = await repo.organizeNames([...new Set(rows.map((r) => r.organizeId ?? '').filter(Boolean))]);
      const names = new Map<string, string>([...people, ...[...orgs].map(([k, v]) => [k, v.name] as [string, string])]);
      // Numbers stay numbers (a sheet sums and sorts them); everything else as its display text.
      const numeric = valueFields(def.form.fields).filter((f) => valueKind(f) === 'number').map((f) => f.key);
      const asText = (data: Record<string, unknown>) => {
        const text = recordText(def, data, ctx);
        for (const key of numeric) if (typeof data[key] === 'number') text[key] = data[key];
        return text;
      };
      return { model: m, columns: grantedColumns(c, def), rows: rows.map((r) => ({ ...present(r, null), ...asText(r.data) })), names };
    },
    /** Relation options: records of model `id` for a relation field of model `from` (whose grant is enough). */
    async relationOptions(auth: Caller['auth'], id: string, from: string, field: string, keyword: string, ids?: string[]): Promise<RelationOption[]> {
      const source = await published(from);
      await authorize(auth, source);
      const f = valueFields(source.config.form.fields)
        .flatMap((x) => [x, ...(x.columns ?? [])])
        .find((x) => x.key === field && x.type === 'relationForm');
      if (!f?.relation || f.relation.modelId !== id) throw badRequest('关联字段不正确');
      await published(id);
      const rows = await repo.titles(id, f.relation.field, keyword, RELATION_OPTIONS_MAX, ids);
      return rows.map((r) => ({ id: r.id, fullName: r.fullName ?? r.id }));
    },
    /** Whether the user may download a stored file held by a record: granted a model whose records hold it. */
    async mayDownload(userId: string, fileName: string): Promise<boolean> {
      for (const modelId of await repo.modelsHoldingFile(fileName)) {
        const m = await d.models.byId(modelId);
        if (m && (await d.permissions.allowed(userId, { module: menuOf(m) }))) return true;
      }
      return false;
    },
    storedName,
  };

  /** The title field of a related model (what its options show). */
  async function relationKey(modelId: string): Promise<string | undefined> {
    const m = await d.models.byId(modelId);
    const def = m?.config ?? m?.draft;
    return def ? titleFieldOf(def) : undefined;
  }

  /** The values a node of the list's tree stands for: the node and, in a tree, everything under it. */
  async function treeValues(def: ModelDefinition, node: string): Promise<string[]> {
    if (!def.list.tree) return [];
    if (def.list.tree.source === 'org') return [...descendantsOf(await repo.organizeLinks(), node)];
    type Item = { enCode: string; children?: Item[] };
    let items: Item[] = [];
    try {
      items = await d.dictionaries.options(def.list.tree.dictionary);
    } catch {
      return [node];
    }
    const find = (list: Item[]): Item | undefined => list.map((o) => (o.enCode === node ? o : find(o.children ?? []))).find(Boolean);
    const hit = find(items);
    const out: string[] = [];
    const walk = (o: Item) => (out.push(o.enCode), (o.children ?? []).forEach(walk));
    if (hit) walk(hit);
    return out.length ? out : [node];
  }
}
export type RecordService = ReturnType<typeof recordService>;
