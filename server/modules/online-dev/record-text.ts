import { valueFields, type FieldOption, type ModelDefinition, type ModelField } from '../../../src/contracts/online-dev-model';
import { fieldValues } from './record-refs';
import type { RecordRepo } from './record-repo';

/**
 * Records as display text (spec 7.6 DataChange, and the export): options, users, departments,
 * positions, companies, regions, dictionary values and related records by name. Names are read
 * once for a batch of records.
 */

export interface TextContext {
  options(field: ModelField): readonly FieldOption[] | undefined;
  users: Map<string, string>;
  organizes: Map<string, { name: string }>;
  positions: Map<string, string>;
  regions: Map<string, { name: string }>;
  /** Related records' titles, by related model then id. */
  relations: Map<string, Map<string, string>>;
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' && v ? [v] : []);

function optionLabel(items: readonly FieldOption[] | undefined, value: string): string {
  const walk = (list: readonly FieldOption[] | undefined): string | undefined => {
    for (const o of list ?? []) {
      if (o.value === value) return o.label;
      const hit = walk(o.children);
      if (hit) return hit;
    }
    return undefined;
  };
  return walk(items) ?? value;
}

/** One value as text (input tables: rows of texts). */
export function valueText(f: ModelField, value: unknown, ctx: TextContext): unknown {
  if (value === null || value === undefined || value === '') return '';
  const list = asList(value);
  switch (f.type) {
    case 'switch':
      return value === true ? f.activeText || '是' : f.inactiveText || '否';
    case 'radio':
    case 'select':
    case 'checkbox':
    case 'treeSelect':
      return list.map((v) => optionLabel(ctx.options(f), v)).join(', ');
    case 'cascader':
      return list.map((v) => optionLabel(ctx.options(f), v)).join('/');
    case 'userSelect':
    case 'createUser':
    case 'modifyUser':
      return list.map((id) => ctx.users.get(id) ?? id).join(', ');
    case 'comSelect':
    case 'depSelect':
    case 'currOrganize':
      return list.map((id) => ctx.organizes.get(id)?.name ?? id).join(', ');
    case 'posSelect':
      return list.map((id) => ctx.positions.get(id) ?? id).join(', ');
    case 'address':
      return list.map((code) => ctx.regions.get(code)?.name ?? code).join('/');
    case 'relationForm':
      return list.map((id) => ctx.relations.get(f.relation?.modelId ?? '')?.get(id) ?? id).join(', ');
    case 'uploadFz':
    case 'uploadImg':
      return Array.isArray(value) ? value : [];
    case 'table':
      return Array.isArray(value) ? (value as Record<string, unknown>[]).map((row) => Object.fromEntries((f.columns ?? []).map((c) => [c.key, valueText(c, row?.[c.key], ctx)]))) : [];
    case 'createTime':
    case 'modifyTime':
      return typeof value === 'string' ? formatTime(value) : '';
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Made once, not per call: an export formats the times of every row it writes (up to EXPORT_MAX_ROWS), and making a formatter costs far more than using one. */
const SHANGHAI_TIME = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });

/** An ISO time as YYYY-MM-DD HH:mm in the business's zone (spec 5.4 default format). */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const parts = SHANGHAI_TIME.formatToParts(d);
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour') === '24' ? '00' : p('hour')}:${p('minute')}`;
}

/** Reads the names a batch of records refers to. */
export async function textContext(
  def: ModelDefinition,
  records: readonly Readonly<Record<string, unknown>>[],
  repo: RecordRepo,
  options: (field: ModelField) => readonly FieldOption[] | undefined,
  relationTitle: (modelId: string) => Promise<string | undefined>,
): Promise<TextContext> {
  const ids = { users: new Set<string>(), orgs: new Set<string>(), positions: new Set<string>(), regions: new Set<string>() };
  const relations = new Map<string, Set<string>>();
  for (const data of records) {
    for (const { field: f, value } of fieldValues(def, data)) {
      const list = asList(value);
      if (['userSelect', 'createUser', 'modifyUser'].includes(f.type)) list.forEach((v) => ids.users.add(v));
      else if (['comSelect', 'depSelect', 'currOrganize'].includes(f.type)) list.forEach((v) => ids.orgs.add(v));
      else if (f.type === 'posSelect') list.forEach((v) => ids.positions.add(v));
      else if (f.type === 'address') list.forEach((v) => ids.regions.add(v));
      else if (f.type === 'relationForm' && f.relation) {
        const set = relations.get(f.relation.modelId) ?? new Set<string>();
        list.forEach((v) => set.add(v));
        relations.set(f.relation.modelId, set);
      }
    }
  }
  const related = new Map<string, Map<string, string>>();
  for (const [modelId, set] of relations) {
    const key = await relationTitle(modelId);
    const rows = key ? await repo.titles(modelId, key, '', set.size, [...set]) : [];
    related.set(modelId, new Map(rows.map((r) => [r.id, r.fullName ?? r.id])));
  }
  const [users, organizes, positions, regions] = await Promise.all([repo.userNames([...ids.users]), repo.organizeNames([...ids.orgs]), repo.positionNames([...ids.positions]), repo.regionNames([...ids.regions])]);
  return { options, users, organizes, positions, regions, relations: related };
}

/** A record's values as text, by field key (layout items have none). */
export function recordText(def: ModelDefinition, data: Readonly<Record<string, unknown>>, ctx: TextContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of valueFields(def.form.fields)) out[f.key] = valueText(f, data[f.key], ctx);
  return out;
}
