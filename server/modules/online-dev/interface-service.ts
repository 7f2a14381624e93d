import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dataInterfaces, modules, onlineRecords } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { FIELD_KEY_PATTERN, valueFields } from '../../../src/contracts/online-dev-model';
import type { DataInterfaceInfo, DataInterfaceResponse, InterfaceColumn } from '../../../src/contracts/online-dev-report';
import { interfaceConfigSchema, type AggregateConfig } from '../../../src/contracts/online-dev-report';
import { modelMenuCode } from '../../../src/contracts/online-dev-paths';
import type { PermissionRepo } from '../../plugins/permissions';
import type { AuthContext } from '../../plugins/auth';
import { eqExpr, numExpr } from './indexes';
import type { ModelRepo } from './model-repo';
import { recordText, textContext } from './record-text';
import type { RecordRepo } from './record-repo';

/**
 * Data interfaces (spec 7.7 DataInterface Response): what reports (menu type 5) and dynamic option
 * lists read. A static interface answers the rows it holds; a model aggregate groups a published
 * model's records by fields and a time bucket and counts, sums or averages them — SQL the server
 * builds from the definition, never SQL a user wrote.
 */

const MAX_GROUPS = 1000;
const BUCKET: Record<'day' | 'week' | 'month', string> = { day: 'day', week: 'week', month: 'month' };

export function interfaceService(db: Db, deps: { models: ModelRepo; records: RecordRepo; permissions: PermissionRepo }) {
  async function byId(id: string) {
    const rows = await db.select().from(dataInterfaces).where(eq(dataInterfaces.id, id)).limit(1);
    const row = rows[0];
    if (!row) throw notFound('数据接口不存在');
    const parsed = interfaceConfigSchema.safeParse({ kind: row.kind, ...row.config });
    if (!parsed.success) throw badRequest('数据接口配置不正确');
    return { row, config: parsed.data };
  }

  /** A static interface: anyone signed in. An aggregate: administrators, those granted its model, or a report menu entry showing it. */
  async function authorize(auth: Pick<AuthContext, 'userId' | 'isAdministrator'>, id: string, config: z.infer<typeof interfaceConfigSchema>) {
    if (auth.isAdministrator || config.kind === 'static') return;
    const model = await deps.models.byId(config.modelId);
    if (model && (await deps.permissions.allowed(auth.userId, { module: modelMenuCode(model.enCode) }))) return;
    const reports = await db
      .select({ enCode: modules.enCode })
      .from(modules)
      .where(and(eq(modules.type, 5), sql`${modules.propertyJson}->>'moduleId' = ${id}`));
    for (const r of reports) if (await deps.permissions.allowed(auth.userId, { module: r.enCode })) return;
    throw forbidden('您没有此操作的权限');
  }

  async function aggregate(config: AggregateConfig): Promise<DataInterfaceResponse> {
    const model = await deps.models.byId(config.modelId);
    if (!model?.config) throw notFound('功能不存在或未发布');
    const def = model.config;
    const fields = new Map(valueFields(def.form.fields).map((f) => [f.key, f]));
    const columns: InterfaceColumn[] = [];
    const selects: ReturnType<typeof sql>[] = [];
    for (const g of config.groupBy) {
      if (!FIELD_KEY_PATTERN.test(g.field) || !fields.has(g.field)) throw badRequest('数据接口配置不正确');
      selects.push(sql`${sql.raw(eqExpr(g.field))} as ${sql.identifier(g.field)}`);
      columns.push({ key: g.field, label: g.label || fields.get(g.field)!.label });
    }
    if (config.time) {
      const t = config.time;
      const source = t.field === 'creatorTime' ? sql`(created_at at time zone 'Asia/Shanghai')` : sql`(case when ${sql.raw(eqExpr(t.field))} ~ '^\\d{4}-\\d{2}-\\d{2}' then substr(${sql.raw(eqExpr(t.field))}, 1, 10)::date end)`;
      if (t.field !== 'creatorTime' && !fields.has(t.field)) throw badRequest('数据接口配置不正确');
      selects.push(sql`to_char(date_trunc(${BUCKET[t.bucket]}, ${source}), 'YYYY-MM-DD') as "_time"`);
      columns.push({ key: '_time', label: t.label });
    }
    for (const [i, measure] of config.measures.entries()) {
      const as = sql.identifier(`_m${i}`);
      if (measure.op === 'count') selects.push(sql`count(*)::int as ${as}`);
      else {
        if (!measure.field || !fields.has(measure.field)) throw badRequest('数据接口配置不正确');
        const expr = sql.raw(numExpr(measure.field));
        selects.push(measure.op === 'sum' ? sql`coalesce(sum(${expr}), 0)::float8 as ${as}` : sql`round(avg(${expr}), 2)::float8 as ${as}`);
      }
      columns.push({ key: `_m${i}`, label: measure.label, numeric: true });
    }
    const groups = config.groupBy.length + (config.time ? 1 : 0);
    // Ordered by time first (the time bucket is the last group column), then the groups.
    const orderCols = config.time ? [groups, ...Array.from({ length: groups - 1 }, (_, i) => i + 1)] : Array.from({ length: groups }, (_, i) => i + 1);
    // The window is on the same time as the buckets (a date field, or when the record was made).
    const since = !config.time?.lastDays
      ? sql``
      : config.time.field === 'creatorTime'
        ? sql`and created_at >= now() - make_interval(days => ${config.time.lastDays})`
        : sql`and ${sql.raw(eqExpr(config.time.field))} >= to_char((now() at time zone 'Asia/Shanghai') - make_interval(days => ${config.time.lastDays}), 'YYYY-MM-DD')`;
    const groupBy = groups ? sql`group by ${sql.raw(Array.from({ length: groups }, (_, i) => String(i + 1)).join(', '))} order by ${sql.raw(orderCols.join(', '))}` : sql``;
    const result = await db.execute(sql`select ${sql.join(selects, sql`, `)} from ${onlineRecords} where model_id = ${model.id} ${since} ${groupBy} limit ${MAX_GROUPS}`);
    const rows = ((result as unknown as { rows: Record<string, unknown>[] }).rows ?? []).map((r) => ({ ...r }));
    // Group values as display text (a store's name, an option's label).
    if (config.groupBy.length) {
      const data = rows.map((r) => Object.fromEntries(config.groupBy.map((g) => [g.field, r[g.field]])));
      const ctx = await textContext(def, data, deps.records, (f) => (f.options?.kind === 'static' ? f.options.items : undefined), async () => undefined);
      for (const [i, r] of rows.entries()) {
        const text = recordText(def, data[i]!, ctx);
        for (const g of config.groupBy) r[g.field] = text[g.field] ?? r[g.field];
      }
    }
    return { list: rows, columns };
  }

  return {
    async info(auth: Pick<AuthContext, 'userId' | 'isAdministrator'>, id: string): Promise<DataInterfaceInfo> {
      const { row, config } = await byId(id);
      await authorize(auth, id, config);
      return { id: row.id, fullName: row.fullName, enCode: row.enCode, kind: config.kind, display: row.display as DataInterfaceInfo['display'] };
    },
    async response(auth: Pick<AuthContext, 'userId' | 'isAdministrator'>, id: string): Promise<DataInterfaceResponse> {
      const { config } = await byId(id);
      await authorize(auth, id, config);
      if (config.kind === 'static') return { list: config.rows, columns: config.columns };
      return aggregate(config);
    },
    async selector() {
      return db.select({ id: dataInterfaces.id, fullName: dataInterfaces.fullName, enCode: dataInterfaces.enCode, kind: dataInterfaces.kind }).from(dataInterfaces).orderBy(dataInterfaces.fullName);
    },
  };
}
export type InterfaceService = ReturnType<typeof interfaceService>;
