import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SYSTEM_COLUMNS, valueFields, type FieldOption, type ModelDefinition, type ModelField } from '@/contracts/online-dev-model';

/**
 * Two sample rows for the list preview: what each column would show for a record, by the field's
 * control type (its first static options, a number within its bounds, a date in its format …).
 */

const DATES = ['2025-03-08 09:30:00', '2025-03-09 14:05:00'];

function optionText(options: readonly FieldOption[], n: number): string {
  const o = options[n % Math.max(1, options.length)];
  return o ? o.label : '';
}

/** The text a cell of field `f` shows in sample row `n` (0 or 1). */
export function sampleCell(f: ModelField, n: number): string {
  const date = DATES[n % 2]!;
  const staticOptions = f.options?.kind === 'static' ? f.options.items : [];
  switch (f.type) {
    case 'numInput':
    case 'calculate':
      return (n === 0 ? 12.5 : 30).toFixed(f.precision ?? (f.type === 'calculate' ? 2 : 0));
    case 'slider':
      return String((f.min ?? 0) + (n + 1) * 10);
    case 'rate':
      return String(Math.min(f.max ?? 5, 3 + n));
    case 'switch':
      return n === 0 ? (f.activeText ?? i18n._(msg`是`)) : (f.inactiveText ?? i18n._(msg`否`));
    case 'radio':
    case 'select':
    case 'treeSelect':
      return staticOptions.length ? optionText(staticOptions, n) : i18n._(msg`选项${n + 1}`);
    case 'checkbox':
    case 'cascader':
      return staticOptions.length ? staticOptions.slice(0, n + 1).map((o) => o.label).join(f.type === 'cascader' ? '/' : '，') : i18n._(msg`选项${n + 1}`);
    case 'date':
    case 'createTime':
    case 'modifyTime':
      return f.format ? date.slice(0, f.format.length) : date.slice(0, 10);
    case 'time':
      return date.slice(11, 11 + (f.format?.length ?? 5));
    case 'colorPicker':
      return n === 0 ? '#1677FF' : '#52C41A';
    case 'uploadFz':
    case 'uploadImg':
      return i18n._(msg`${n + 1} 个文件`);
    case 'comSelect':
    case 'currOrganize':
      return n === 0 ? i18n._(msg`华东区`) : i18n._(msg`华南区`);
    case 'depSelect':
      return n === 0 ? i18n._(msg`销售部`) : i18n._(msg`运营部`);
    case 'posSelect':
      return n === 0 ? i18n._(msg`店长`) : i18n._(msg`导购`);
    case 'userSelect':
    case 'createUser':
    case 'modifyUser':
      return n === 0 ? i18n._(msg`张三`) : i18n._(msg`李四`);
    case 'address':
      return [i18n._(msg`浙江省`), i18n._(msg`杭州市`), i18n._(msg`西湖区`)].slice(0, f.level ?? 3).join('/');
    case 'billRule':
      return `BH2025030${n + 1}0001`;
    default:
      return `${f.label || f.key}${n + 1}`;
  }
}

const SYSTEM_SAMPLES: Record<string, (n: number) => string> = {
  creatorTime: (n) => DATES[n % 2]!,
  lastModifyTime: (n) => DATES[(n + 1) % 2]!,
  creatorUserId: (n) => (n === 0 ? i18n._(msg`张三`) : i18n._(msg`李四`)),
  lastModifyUserId: (n) => (n === 0 ? i18n._(msg`李四`) : i18n._(msg`张三`)),
  organizeId: (n) => (n === 0 ? i18n._(msg`华东区`) : i18n._(msg`华南区`)),
};

/** `count` rows of display texts, by column key (the list's columns, form fields and system columns alike). */
export function sampleRows(def: ModelDefinition, count = 2): Record<string, string>[] {
  const byKey = new Map(valueFields(def.form.fields).map((f) => [f.key, f]));
  return Array.from({ length: count }, (_, n) => {
    const row: Record<string, string> = { id: `sample-${n + 1}` };
    for (const c of def.list.columns) {
      const f = byKey.get(c.key);
      if (f) row[c.key] = sampleCell(f, n);
      else if ((SYSTEM_COLUMNS as readonly string[]).includes(c.key)) row[c.key] = SYSTEM_SAMPLES[c.key]!(n);
      else row[c.key] = '';
    }
    return row;
  });
}
