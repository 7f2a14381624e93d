import type { FormRecord } from '../../../src/contracts/h5-publish';

/**
 * The data centre's Excel export (exceljs, loaded on the first export, not at every start): one
 * sheet 表单数据, a header row (提交时间, 版本, then each form field's label), one row per
 * submission, newest first; times in Asia/Shanghai.
 */
export async function formWorkbook(data: { uuidMap2Name: Record<string, string>; records: FormRecord[] }): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Yunmian';
  const sheet = book.addWorksheet('表单数据');
  const uuids = Object.keys(data.uuidMap2Name);
  sheet.columns = [
    { header: '提交时间', key: 'created', width: 20 },
    { header: '版本', key: 'version', width: 8 },
    ...uuids.map((uuid) => ({ header: data.uuidMap2Name[uuid]!, key: uuid, width: 20 })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of data.records) {
    sheet.addRow({ created: shanghai(r.created_time), version: r.version, ...Object.fromEntries(uuids.map((u) => [u, r.fields[u] ?? ''])) });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** yyyy-MM-dd HH:mm:ss in Asia/Shanghai (UTC+8, no daylight saving). */
export function shanghai(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
