import { OPTION_CONTROL_TYPES } from './online-dev';
import { CalcSyntaxError, compileCalc } from './online-dev-calc-parse';
import {
  allItems,
  FIELD_KEY_MAX,
  FIELD_KEY_PATTERN,
  isLayoutField,
  isSystemField,
  RESERVED_FIELD_KEYS,
  SYSTEM_COLUMNS,
  TABLE_CELL_TYPES,
  valueFields,
  valueKind,
  type ModelDefinition,
  type ModelField,
} from './online-dev-model';

/**
 * What a model definition must satisfy beyond its schema (issue 20), checked by the designer as
 * the administrator works and by the server on every save and publish: keys unique and usable,
 * options where a control needs them, calculations that parse and read numbers, input-table
 * columns of the types a cell can hold, and a list that names fields the form has.
 * Problems carry a template (Chinese source text) and its values, like record issues.
 */

export interface DefinitionProblem {
  /** The item (designer id) the problem is about, when one. */
  itemId?: string;
  message: string;
  params: Record<string, string | number>;
}

export const definitionMessages = {
  keyMissing: '字段「{label}」缺少字段名',
  keyPattern: '字段名「{key}」只能以字母开头，由字母、数字和下划线组成',
  keyReserved: '字段名「{key}」是保留字，请换一个',
  keyDuplicate: '字段名「{key}」重复',
  labelMissing: '字段「{key}」缺少标题',
  optionsMissing: '字段「{label}」还没有选项',
  calcEmpty: '计算公式「{label}」还没有公式',
  calcInvalid: '计算公式「{label}」在第{position}个字符附近有误',
  calcReference: '计算公式「{label}」引用的字段「{key}」不存在或不是数字',
  tableEmpty: '子表「{label}」还没有列',
  tableCell: '子表「{label}」不能包含「{type}」控件',
  billRuleMissing: '单据编号「{label}」还没有选择单据规则',
  relationMissing: '关联表单「{label}」还没有选择关联的功能和显示字段',
  rangeInvalid: '字段「{label}」的最小值大于最大值',
  listColumn: '列表列「{key}」不是表单中的字段',
  listSearch: '查询字段「{key}」不能用于查询',
  listKeyword: '关键词字段「{key}」必须是文本字段',
  listSort: '排序字段「{key}」不能用于排序',
  listTree: '左侧树的筛选字段「{key}」不正确',
  titleField: '标题字段「{key}」必须是文本字段',
  noFields: '表单还没有字段',
} as const;

/** Value kinds a list can sort by (a column of these holds one comparable value). */
export const isSortable = (f: ModelField) => ['text', 'number', 'boolean'].includes(valueKind(f)) && f.type !== 'editor' && f.type !== 'textarea';
/** Fields the search bar can offer: one value to compare, or a choice among options. */
export const isSearchable = (f: ModelField) => f.type !== 'editor' && f.type !== 'table' && f.type !== 'uploadFz' && f.type !== 'uploadImg' && f.type !== 'calculate';
/** Fields the keyword box can search: plain text. */
export const isKeywordField = (f: ModelField) => ['comInput', 'textarea', 'billRule'].includes(f.type);

/** Every problem of a definition, in form order; empty when it can be saved as is and published. */
export function checkDefinition(def: ModelDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const add = (item: ModelField | undefined, message: string, params: Record<string, string | number> = {}) =>
    problems.push({ ...(item ? { itemId: item.id } : {}), message, params: { label: item?.label || item?.key || '', key: item?.key ?? '', ...params } });
  const fields = valueFields(def.form.fields);
  if (!fields.length) problems.push({ message: definitionMessages.noFields, params: {} });

  const checkKeys = (list: readonly ModelField[]) => {
    const seen = new Set<string>();
    for (const f of list) {
      if (!f.key) {
        add(f, definitionMessages.keyMissing);
        continue;
      }
      if (!FIELD_KEY_PATTERN.test(f.key) || f.key.length > FIELD_KEY_MAX) add(f, definitionMessages.keyPattern);
      else if (RESERVED_FIELD_KEYS.includes(f.key)) add(f, definitionMessages.keyReserved);
      else if (seen.has(f.key)) add(f, definitionMessages.keyDuplicate);
      seen.add(f.key);
      if (!f.label.trim()) add(f, definitionMessages.labelMissing);
    }
  };
  checkKeys(fields);

  const numeric = new Set(fields.filter((f) => valueKind(f) === 'number').map((f) => f.key));
  const tableColumns = new Map<string, Set<string>>();
  for (const t of fields.filter((f) => f.type === 'table')) {
    tableColumns.set(t.key, new Set((t.columns ?? []).filter((c) => valueKind(c) === 'number').map((c) => c.key)));
  }

  const checkField = (f: ModelField, table?: ModelField) => {
    if (OPTION_CONTROL_TYPES.includes(f.type) && (!f.options || (f.options.kind === 'static' && f.options.items.length === 0))) add(f, definitionMessages.optionsMissing);
    if (f.min !== undefined && f.max !== undefined && f.min > f.max) add(f, definitionMessages.rangeInvalid);
    if (f.type === 'billRule' && !f.billRule) add(f, definitionMessages.billRuleMissing);
    if (f.type === 'relationForm' && (!f.relation?.modelId || !f.relation.field)) add(f, definitionMessages.relationMissing);
    if (f.type === 'calculate') {
      try {
        const { deps } = compileCalc(f.expression ?? '');
        for (const key of deps.fields) if (!numeric.has(key) || key === f.key) add(f, definitionMessages.calcReference, { key });
        for (const ref of deps.columns) {
          const [t = '', column = ''] = ref.split('.');
          if (!tableColumns.get(t)?.has(column) || (table?.key === t && column === f.key)) add(f, definitionMessages.calcReference, { key: ref });
        }
      } catch (e) {
        if (!(f.expression ?? '').trim()) add(f, definitionMessages.calcEmpty);
        else add(f, definitionMessages.calcInvalid, { position: e instanceof CalcSyntaxError ? Math.min(e.position + 1, (f.expression ?? '').length) : 1 });
      }
    }
  };
  for (const f of fields) {
    checkField(f);
    if (f.type === 'table') {
      const cols = f.columns ?? [];
      if (!cols.length) add(f, definitionMessages.tableEmpty);
      checkKeys(cols);
      for (const c of cols) {
        if (!TABLE_CELL_TYPES.includes(c.type)) add(f, definitionMessages.tableCell, { type: c.type });
        else checkField(c, f);
      }
    }
  }
  for (const f of allItems(def.form.fields)) if (isLayoutField(f) && f.key) add(f, definitionMessages.keyReserved);

  const byKey = new Map(fields.map((f) => [f.key, f]));
  const isSystemColumn = (key: string) => (SYSTEM_COLUMNS as readonly string[]).includes(key);
  const { list } = def;
  for (const c of list.columns) {
    const f = byKey.get(c.key);
    if (!isSystemColumn(c.key) && (!f || f.type === 'table' || f.type === 'editor')) problems.push({ message: definitionMessages.listColumn, params: { key: c.key } });
  }
  for (const key of list.searchFields) {
    const f = byKey.get(key);
    if (!f || !isSearchable(f) || isSystemField(f)) problems.push({ message: definitionMessages.listSearch, params: { key } });
  }
  for (const key of list.keywordFields) {
    const f = byKey.get(key);
    if (!f || !isKeywordField(f)) problems.push({ message: definitionMessages.listKeyword, params: { key } });
  }
  const sortField = byKey.get(list.sort.field);
  if (!isSystemColumn(list.sort.field) && (!sortField || !isSortable(sortField))) problems.push({ message: definitionMessages.listSort, params: { key: list.sort.field } });
  if (list.tree) {
    const f = byKey.get(list.tree.field);
    const ok = f && (list.tree.source === 'org' ? ['comSelect', 'depSelect'].includes(f.type) : ['select', 'radio', 'treeSelect'].includes(f.type) && !f.multiple);
    if (!ok) problems.push({ message: definitionMessages.listTree, params: { key: list.tree.field } });
  }
  if (def.form.titleField) {
    const f = byKey.get(def.form.titleField);
    if (!f || valueKind(f) !== 'text') problems.push({ message: definitionMessages.titleField, params: { key: def.form.titleField } });
  }
  return problems;
}

/** The field naming a record: the form's title field, else its first single-line text (or bill number). */
export function titleFieldOf(def: Pick<ModelDefinition, 'form'>): string | undefined {
  if (def.form.titleField) return def.form.titleField;
  return valueFields(def.form.fields).find((f) => f.type === 'comInput' || f.type === 'billRule')?.key;
}
