import { SYSTEM_COLUMN_NAMES, isLayoutField, isSystemField, valueFields, type ListColumnConfig, type ModelDefinition, type RecordRow, type SystemColumn } from '../../../src/contracts/online-dev-model';
import { formatTime } from './record-text';

/**
 * The model's Excel files (exceljs, loaded on first use): the export of the filtered list (spec
 * 7.6 Actions/Export: the granted columns, values as display text) and the import template (spec
 * 7.6 Template: one column per field a person fills in, with a line saying what each takes).
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The template's second row: what each column takes. */
const HINT = { options: '可选：', date: '日期，格式', time: '时间，格式', number: '数字', yesNo: '是 / 否', byName: '填写名称', region: '省/市/区' } as const;
/** The template file's name after the model's. */
export const TEMPLATE_SUFFIX = '导入模板';
export const xlsxType = XLSX;

function cellText(value: unknown, key: string): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (key === 'creatorTime' || key === 'lastModifyTime') return typeof value === 'string' ? formatTime(value) : '';
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' && 'fileName' in v ? String((v as { fileName: unknown }).fileName) : String(v))).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The export: a header row of the columns' names, one row per record (already as text). */
export async function exportWorkbook(def: ModelDefinition, fullName: string, columns: readonly ListColumnConfig[], rows: readonly RecordRow[], names: Map<string, string>): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Yunmian';
  const sheet = book.addWorksheet(fullName.slice(0, 31) || 'Sheet1');
  const labels = new Map(valueFields(def.form.fields).map((f) => [f.key, f.label]));
  sheet.columns = columns.map((c) => ({ header: c.label || labels.get(c.key) || SYSTEM_COLUMN_NAMES[c.key as SystemColumn] || c.key, key: c.key, width: Math.max(10, Math.round((c.width ?? 140) / 7)) }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow(
      Object.fromEntries(
        columns.map((c) => {
          const v = r[c.key];
          // System columns hold ids: shown by name.
          if ((c.key === 'creatorUserId' || c.key === 'lastModifyUserId' || c.key === 'organizeId') && typeof v === 'string') return [c.key, names.get(v) ?? v];
          return [c.key, cellText(v, c.key)];
        }),
      ),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The import template: one column per value field a person fills in (not system fields, calculations, files or tables). */
export async function templateWorkbook(def: ModelDefinition, fullName: string): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Yunmian';
  const sheet = book.addWorksheet(fullName.slice(0, 31) || 'Sheet1');
  const fields = valueFields(def.form.fields).filter((f) => !isLayoutField(f) && !isSystemField(f) && !['calculate', 'table', 'uploadFz', 'uploadImg', 'editor', 'billRule'].includes(f.type));
  sheet.columns = fields.map((f) => ({ header: `${f.required ? '*' : ''}${f.label}`, key: f.key, width: 18 }));
  sheet.getRow(1).font = { bold: true };
  const hint = (type: string, f: (typeof fields)[number]): string => {
    if (f.options?.kind === 'static') return HINT.options + f.options.items.map((o) => o.label).join(', ');
    if (type === 'date') return `${HINT.date} ${f.format ?? 'YYYY-MM-DD'}`;
    if (type === 'time') return `${HINT.time} ${f.format ?? 'HH:mm'}`;
    if (['numInput', 'slider', 'rate'].includes(type)) return HINT.number;
    if (type === 'switch') return HINT.yesNo;
    if (['userSelect', 'depSelect', 'comSelect', 'posSelect'].includes(type)) return HINT.byName;
    if (type === 'address') return HINT.region;
    return '';
  };
  const row = sheet.addRow(Object.fromEntries(fields.map((f) => [f.key, hint(f.type, f)])));
  row.font = { italic: true, color: { argb: 'FF909399' } };
  return Buffer.from(await book.xlsx.writeBuffer());
}
