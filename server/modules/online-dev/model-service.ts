import { checkDefinition } from '../../../src/contracts/online-dev-define';
import {
  LIST_BUTTON_NAMES,
  SYSTEM_COLUMN_NAMES,
  valueFields,
  type ModelCategory,
  type ModelDefinition,
  type ModelInfo,
  type ModelOption,
  type ModelRow,
  type FieldDataOption,
  type SystemColumn,
} from '../../../src/contracts/online-dev-model';
import type { ModelBody, PublishBody } from '../../../src/contracts/online-dev-schemas';
import { modelMenuAddress, modelMenuCode } from '../../../src/contracts/online-dev-paths';
import type { Paged } from '../../../src/contracts/common';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { uniqueOr } from '../../lib/records';
import { applyIndexes, countedFields, planIndexes } from './indexes';
import type { ModelRecord, ModelRepo } from './model-repo';
import { recordRepo } from './record-repo';

type ModelInput = Omit<ModelBody, 'category' | 'description'> & { category: ModelCategory; description?: string | null };

/** The designer's models (功能设计): drafts saved with If-Match, published to a menu entry with its controls. */
export function modelService(repo: ModelRepo, opts: { db: Db; concurrentIndexes: boolean }) {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const row = (m: ModelRecord, recordCount: number, menu: { menuCode: string | null; menuParent: string | null }): ModelRow => ({
    id: m.id,
    fullName: m.fullName,
    enCode: m.enCode,
    category: m.category as ModelCategory,
    description: m.description,
    version: m.version,
    publishedVersion: m.publishedVersion,
    changed: !m.config || !same(m.config, m.draft),
    ...menu,
    recordCount,
    creatorTime: m.createdAt.toISOString(),
    lastModifyTime: m.updatedAt.toISOString(),
  });
  /** The models as rows, their record counts and menu codes read for all of them at once (two queries a page, not two more per model). */
  async function rows(ms: readonly ModelRecord[]): Promise<ModelRow[]> {
    const [counts, menus] = await Promise.all([repo.recordCounts(ms.map((m) => m.id)), repo.menuCodes(ms.flatMap((m) => (m.menuId ? [m.menuId] : [])))]);
    return ms.map((m) => row(m, counts.get(m.id) ?? 0, (m.menuId ? menus.get(m.menuId) : undefined) ?? { menuCode: null, menuParent: null }));
  }
  async function info(id: string): Promise<ModelInfo> {
    const m = await repo.byId(id);
    if (!m) throw notFound('功能不存在');
    return { ...(await rows([m]))[0]!, draft: m.draft };
  }

  /** The menu entry's buttons and columns follow the list: missing ones added, renamed ones renamed, removed ones (and their grants) gone. */
  async function syncControls(menuId: string, def: ModelDefinition, grantTo: string[], directories: string[]) {
    const fields = new Map(valueFields(def.form.fields).map((f) => [f.key, f]));
    const wanted = {
      button: def.list.buttons.map((code, i) => ({ enCode: code as string, fullName: LIST_BUTTON_NAMES[code], sortCode: i })),
      column: def.list.columns.map((c, i) => ({
        enCode: c.key,
        fullName: c.label || fields.get(c.key)?.label || SYSTEM_COLUMN_NAMES[c.key as SystemColumn] || c.key,
        sortCode: i,
      })),
    };
    const existing = await repo.controls(menuId);
    const fresh: { kind: 'button' | 'column'; id: string }[] = [];
    for (const kind of ['button', 'column'] as const) {
      const have = new Map((kind === 'button' ? existing.buttons : existing.columns).map((c) => [c.enCode, c]));
      const add = wanted[kind].filter((w) => !have.has(w.enCode)).map((w) => ({ id: newId(), moduleId: menuId, ...w }));
      await repo.insertControls(kind, add);
      fresh.push(...add.map((a) => ({ kind, id: a.id })));
      for (const w of wanted[kind]) {
        const c = have.get(w.enCode);
        if (c && (c.fullName !== w.fullName || c.sortCode !== w.sortCode)) await repo.updateControl(kind, c.id, { fullName: w.fullName, sortCode: w.sortCode });
      }
      const keep = new Set(wanted[kind].map((w) => w.enCode));
      await repo.deleteControls(
        kind,
        [...have.values()].filter((c) => !keep.has(c.enCode)).map((c) => c.id),
      );
    }
    // New controls: to the administrators and the roles named; new columns also to every role that
    // already holds the entry (a column is what they see, not a right).
    const named = (await repo.roleIds(['admin', ...grantTo])).map((r) => r.id);
    const holders = await repo.moduleHolders(menuId);
    const grants = fresh.flatMap((c) => [...new Set([...named, ...(c.kind === 'column' ? holders : [])])].map((roleId) => ({ roleId, itemType: c.kind, itemId: c.id })));
    // The directories above the entry too: a menu shows an entry only under directories the role holds.
    const modules = [menuId, ...directories].flatMap((itemId) => named.map((roleId) => ({ roleId, itemType: 'module', itemId })));
    await repo.grant([...modules, ...grants]);
  }

  return {
    info,
    async list(q: { currentPage: number; pageSize: number; keyword: string; category?: ModelCategory }): Promise<Paged<ModelRow>> {
      const page = await repo.page(q);
      return { list: await rows(page.rows), pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: page.total } };
    },
    async create(body: ModelInput, userId: string): Promise<ModelInfo> {
      const id = body.id ?? newId();
      await uniqueOr(() =>
        repo.insert({ id, enCode: body.enCode, fullName: body.fullName, category: body.category, description: body.description || null, draft: body.draft, creatorUserId: userId }),
      );
      return info(id);
    },
    async update(id: string, body: ModelInput, baseVersion: number | undefined): Promise<ModelInfo> {
      const m = await repo.byId(id);
      if (!m) throw notFound('功能不存在');
      // The code names the menu entry once published: it stays.
      if (m.publishedVersion > 0 && body.enCode !== m.enCode) throw badRequest('已发布的功能不能修改编码');
      const saved = await uniqueOr(() =>
        repo.updateDraft(id, { fullName: body.fullName, enCode: body.enCode, category: body.category, description: body.description || null, draft: body.draft }, baseVersion),
      );
      if (!saved) throw conflict(await info(id));
      return info(id);
    },
    async remove(id: string, baseVersion: number | undefined) {
      const m = await repo.byId(id);
      if (!m) throw notFound('功能不存在');
      if (await repo.hasRecords(id)) throw badRequest('该功能已有数据，不能删除');
      await repo.transaction(async () => {
        if (!(await repo.remove(id, baseVersion))) throw conflict(await info(id));
        if (m.menuId) await repo.deleteMenu(m.menuId);
      });
      await applyIndexes(opts.db, id, [], m.indexes, opts.concurrentIndexes);
    },
    /**
     * Publishes the draft: what users get (Config) and what records are checked against from now
     * on; the menu entry (type 3, `/lowCode/<code>`) made or moved, its buttons and columns; then
     * the list's indexes. Records keep every value, also of fields the new definition left out.
     */
    async publish(id: string, body: PublishBody & { parent: string; fullName: string; icon: string; sortCode: number; roles: string[] }, concurrent = opts.concurrentIndexes): Promise<ModelInfo> {
      const m = await repo.byId(id);
      if (!m) throw notFound('功能不存在');
      const problem = checkDefinition(m.draft)[0];
      if (problem) throw badRequest(problem.message, problem.params);
      for (const f of valueFields(m.draft.form.fields)) {
        if (f.type !== 'relationForm' || !f.relation) continue;
        const target = await repo.byId(f.relation.modelId);
        if (!target?.config || !valueFields(target.config.form.fields).some((t) => t.key === f.relation!.field)) {
          throw badRequest('关联表单「{label}」关联的功能或字段不存在', { label: f.label });
        }
      }
      const parent = body.parent ? await repo.directory(body.parent) : null;
      if (body.parent && !parent) throw badRequest('上级菜单不存在');
      const property = { moduleId: id, isTree: m.draft.list.tree ? 1 : 0 };
      const menuId = await repo.transaction(async () => {
        const current = m.menuId ? await repo.menuById(m.menuId) : null;
        let menuId = current?.id;
        const fields = { parentId: parent?.id ?? null, fullName: body.fullName, icon: body.icon, sortCode: body.sortCode, urlAddress: modelMenuAddress(m.enCode), propertyJson: property };
        if (current) await repo.updateMenu(current.id, fields);
        else {
          const code = modelMenuCode(m.enCode);
          if (await repo.menuByCode(code)) throw badRequest('菜单编码「{code}」已被使用', { code });
          menuId = newId();
          await repo.insertMenu({ id: menuId, enCode: code, type: 3, ...fields });
        }
        const directories: string[] = [];
        for (let at = parent?.id ?? null; at && !directories.includes(at); at = (await repo.menuById(at))?.parentId ?? null) directories.push(at);
        await syncControls(menuId!, m.draft, body.roles, directories);
        await repo.markPublished(id, m.draft, menuId!, m.indexes);
        // Keyword fields changed: the records' search text is made again from their data, so a
        // keyword finds the records written before the field was one (and not by a field left out).
        if (m.config && !same(m.config.list.keywordFields, m.draft.list.keywordFields)) await recordRepo(opts.db).refreshSearch(id, m.draft.list.keywordFields);
        // The list's equality filters changed: their per-value counts made again (lists' totals).
        const counted = countedFields(m.draft);
        if (!same(counted, m.countedFields)) {
          await repo.setCountedFields(id, counted);
          await recordRepo(opts.db).recount(id, counted, opts.concurrentIndexes);
        }
        return menuId!;
      });
      void menuId;
      const built = await applyIndexes(opts.db, id, planIndexes(id, m.draft), m.indexes, concurrent);
      await repo.setIndexes(id, built);
      return info(id);
    },
    async selector(): Promise<ModelOption[]> {
      return (await repo.published()).map((r) => ({ ...r, category: r.category as ModelCategory }));
    },
    async fields(id: string): Promise<FieldDataOption[]> {
      const m = await repo.byId(id);
      if (!m) throw notFound('功能不存在');
      const def = m.config ?? m.draft;
      return valueFields(def.form.fields).map((f) => ({ field: f.key, fieldName: f.label, jnpfKey: f.type }));
    },
  };
}
export type ModelService = ReturnType<typeof modelService>;
