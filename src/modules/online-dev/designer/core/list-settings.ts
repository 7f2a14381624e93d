import { isKeywordField, isSearchable, isSortable } from '@/contracts/online-dev-define';
import {
  isSystemField,
  LIST_COLUMNS_MAX,
  SEARCH_FIELDS_MAX,
  SYSTEM_COLUMN_NAMES,
  SYSTEM_COLUMNS,
  valueFields,
  type ListColumnConfig,
  type ListConfig,
  type ListTree,
  type ModelDefinition,
  type ModelField,
} from '@/contracts/online-dev-model';

/**
 * The list settings panel's choices and changes, as plain functions over the definition: which
 * fields may be columns, search fields, keyword fields, the sort field or the left tree's field,
 * and the list patches (for an `updateList` command) that add, remove and order them.
 */

export interface ListChoice {
  key: string;
  label: string;
  /** A record's own column (创建时间 …) rather than a form field. */
  system: boolean;
}

const choice = (f: ModelField): ListChoice => ({ key: f.key, label: f.label || f.key, system: false });
const systemChoices = (): ListChoice[] => SYSTEM_COLUMNS.map((key) => ({ key, label: SYSTEM_COLUMN_NAMES[key], system: true }));
const fieldsOf = (def: ModelDefinition) => valueFields(def.form.fields).filter((f) => f.key);

/** Fields a column may show: every value field but input tables and rich text, then the record's own columns. */
export const columnChoices = (def: ModelDefinition): ListChoice[] => [...fieldsOf(def).filter((f) => f.type !== 'table' && f.type !== 'editor').map(choice), ...systemChoices()];
export const searchChoices = (def: ModelDefinition): ListChoice[] => fieldsOf(def).filter((f) => isSearchable(f) && !isSystemField(f)).map(choice);
export const keywordChoices = (def: ModelDefinition): ListChoice[] => fieldsOf(def).filter(isKeywordField).map(choice);
export const sortChoices = (def: ModelDefinition): ListChoice[] => [...fieldsOf(def).filter(isSortable).map(choice), ...systemChoices()];
/** Fields the left tree may filter: an organisation / department picker (org), or a single-choice option field (dictionary). */
export const treeChoices = (def: ModelDefinition, source: ListTree['source']): ListChoice[] =>
  fieldsOf(def)
    .filter((f) => (source === 'org' ? f.type === 'comSelect' || f.type === 'depSelect' : (f.type === 'select' || f.type === 'radio' || f.type === 'treeSelect') && !f.multiple))
    .map(choice);
/** Text fields the form may take its title from. */
export const titleChoices = (def: ModelDefinition): ListChoice[] => fieldsOf(def).filter((f) => f.type === 'comInput' || f.type === 'billRule' || f.type === 'textarea').map(choice);

/** A column's header: its own label, the field's, or the system column's name. */
export function columnLabel(def: ModelDefinition, c: ListColumnConfig): string {
  if (c.label) return c.label;
  const f = fieldsOf(def).find((x) => x.key === c.key);
  return f?.label || (SYSTEM_COLUMN_NAMES as Record<string, string>)[c.key] || c.key;
}

/** Shows or hides a column (added at the end). */
export function toggleColumn(list: ListConfig, key: string): Partial<ListConfig> {
  if (list.columns.some((c) => c.key === key)) return { columns: list.columns.filter((c) => c.key !== key) };
  if (list.columns.length >= LIST_COLUMNS_MAX) return {};
  return { columns: [...list.columns, { key }] };
}

export function updateColumn(list: ListConfig, key: string, patch: Partial<Omit<ListColumnConfig, 'key'>>): Partial<ListConfig> {
  return {
    columns: list.columns.map((c) => {
      if (c.key !== key) return c;
      const next: ListColumnConfig = { ...c, ...patch };
      for (const k of Object.keys(patch) as (keyof typeof patch)[]) if (patch[k] === undefined || patch[k] === '') delete next[k];
      return next;
    }),
  };
}

/** Moves a column one place up (-1) or down (+1). */
export function moveColumn(list: ListConfig, key: string, delta: -1 | 1): Partial<ListConfig> {
  const i = list.columns.findIndex((c) => c.key === key);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= list.columns.length) return {};
  const columns = [...list.columns];
  [columns[i], columns[j]] = [columns[j]!, columns[i]!];
  return { columns };
}

/** Adds or removes a search field (at most SEARCH_FIELDS_MAX). */
export function toggleIn(keys: readonly string[], key: string): string[] {
  if (keys.includes(key)) return keys.filter((k) => k !== key);
  return keys.length >= SEARCH_FIELDS_MAX ? [...keys] : [...keys, key];
}

/**
 * A first list for a form that has none yet: up to six columns of the first fields that can be
 * columns, the text fields as keyword fields. Offered by the panel's 按表单生成 button.
 */
export function suggestedList(def: ModelDefinition): Partial<ListConfig> {
  const columns = columnChoices(def)
    .filter((c) => !c.system)
    .slice(0, 6)
    .map((c) => ({ key: c.key }));
  return { columns: [...columns, { key: 'creatorTime' }], keywordFields: keywordChoices(def).slice(0, SEARCH_FIELDS_MAX).map((c) => c.key) };
}
