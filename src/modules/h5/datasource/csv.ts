import Papa from 'papaparse';
import { CSV_MAX_BYTES, CSV_MAX_ROWS, utf8Bytes, type Checked } from './kinds';

/**
 * A CSV datasource's file, parsed once in the editor with papaparse: the header row names the
 * columns, each later row becomes an object of text values (no number guessing: "007" stays
 * "007"). At most CSV_MAX_BYTES (1 MB) and CSV_MAX_ROWS (5,000) rows; blank lines are skipped, a
 * short row's missing cells are empty, cells past the header are dropped. The panel loads this file
 * only when a CSV is chosen, so papaparse is not in the editor's first load.
 */

export interface CsvData {
  columns: string[];
  rows: Record<string, string>[];
}

/** Parses CSV text (a leading byte-order mark is ignored). */
export function parseCsvText(text: string): Checked<CsvData> {
  if (utf8Bytes(text) > CSV_MAX_BYTES) return { ok: false, error: { code: 'csv-too-large', max: CSV_MAX_BYTES } };
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // One row past the limit tells a file that is too long without reading all of it.
  const result = Papa.parse<Record<string, unknown>>(body, {
    header: true,
    skipEmptyLines: 'greedy',
    dynamicTyping: false,
    preview: CSV_MAX_ROWS + 1,
    transformHeader: (h) => h.trim(),
  });
  const columns = (result.meta.fields ?? []).filter((f) => f !== '');
  if (columns.length === 0) return { ok: false, error: { code: 'csv-no-header' } };
  const fatal = result.errors.find((e) => e.type === 'Quotes' || e.type === 'Delimiter');
  if (fatal && result.data.length === 0) return { ok: false, error: { code: 'csv-invalid', detail: fatal.message } };
  if (result.data.length > CSV_MAX_ROWS) return { ok: false, error: { code: 'csv-too-many-rows', max: CSV_MAX_ROWS } };
  const rows = result.data.map((r) => {
    const row: Record<string, string> = {};
    for (const c of columns) {
      const v = r[c];
      row[c] = typeof v === 'string' ? v : '';
    }
    return row;
  });
  return { ok: true, value: { columns, rows } };
}

/** A file's text (UTF-8): Blob.text where there is one, else a FileReader. */
function readText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/** Reads and parses an uploaded file; the size is checked before it is read. */
export async function parseCsvFile(file: Blob): Promise<Checked<CsvData>> {
  if (file.size > CSV_MAX_BYTES) return { ok: false, error: { code: 'csv-too-large', max: CSV_MAX_BYTES } };
  try {
    return parseCsvText(await readText(file));
  } catch (e) {
    return { ok: false, error: { code: 'csv-invalid', detail: e instanceof Error ? e.message : String(e) } };
  }
}
