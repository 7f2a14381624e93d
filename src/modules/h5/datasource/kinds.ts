import type { Datasource } from '@/contracts/h5';

/**
 * The datasource kinds of spec 3 (STATIC, HTTP_API, CSV) as the editor and the runtime read them:
 * the limits, where each kind keeps its data in the datasource, and the checks of what is typed in.
 * Plain TypeScript with no zod and no React (the runtime imports it). Errors are codes with their
 * details; the editor's panel words them (datasource-messages in the panel).
 *
 * Where the data lives (fields of the datasource beside the spec's, kept by the contract's loose
 * schema and saved with the work and its versions):
 * - STATIC: `json`, the JSON text as typed (≤ STATIC_MAX_BYTES);
 * - CSV: `rows` (objects keyed by the header row's names, all values text), `columns` (the header
 *   row, in order) and `fileName` — the file is parsed once, in the editor (csv.ts);
 * - HTTP_API: `url`, fetched by GET (the editor from the browser, so the API must allow CORS; a
 *   published page through the server's proxy, datasourcePath).
 */

export const STATIC_MAX_BYTES = 256 * 1024;
export const CSV_MAX_BYTES = 1024 * 1024;
export const CSV_MAX_ROWS = 5000;
/** Fixed refresh: at least every 5 s; the contract's bound is a day. */
export const REFRESH_MIN_SECONDS = 5;
export const REFRESH_MAX_SECONDS = 86_400;
export const REFRESH_DEFAULT_SECONDS = 60;
/** A pipe runs at most this long, then its worker is ended. */
export const PIPE_TIMEOUT_MS = 1000;
export const DATASOURCE_NAME_MAX = 60;
export const DATASOURCES_MAX = 50;

/** The datasource as the editor writes it: the spec's fields and the kinds' data fields. */
export type DatasourceDoc = Datasource & {
  json?: string;
  rows?: readonly Record<string, string>[];
  columns?: readonly string[];
  fileName?: string;
};

export type DataError =
  | { code: 'json-empty' }
  | { code: 'json-invalid'; detail: string }
  | { code: 'json-too-large'; max: number }
  | { code: 'csv-too-large'; max: number }
  | { code: 'csv-too-many-rows'; max: number }
  | { code: 'csv-no-header' }
  | { code: 'csv-invalid'; detail: string }
  | { code: 'url-invalid' }
  | { code: 'http-failed'; status: number }
  | { code: 'network'; detail: string }
  | { code: 'not-json'; detail: string }
  | { code: 'pipe'; detail: string }
  | { code: 'pipe-timeout'; ms: number }
  | { code: 'name-empty' }
  | { code: 'name-invalid' }
  | { code: 'name-taken' }
  | { code: 'interval'; min: number; max: number };

export type Checked<T> = { ok: true; value: T } | { ok: false; error: DataError };

export const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** A STATIC datasource's JSON as typed: parsed, or why not (empty, too large, invalid with the parser's words). */
export function parseStaticJson(text: string): Checked<unknown> {
  if (!text.trim()) return { ok: false, error: { code: 'json-empty' } };
  if (utf8Bytes(text) > STATIC_MAX_BYTES) return { ok: false, error: { code: 'json-too-large', max: STATIC_MAX_BYTES } };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: { code: 'json-invalid', detail: e instanceof Error ? e.message : String(e) } };
  }
}

/** An HTTP_API url: http(s) with a host, or a path on this site. */
export function checkHttpUrl(url: string): Checked<string> {
  const raw = url.trim();
  if (raw.startsWith('/') && !raw.startsWith('//')) return { ok: true, value: raw };
  try {
    const u = new URL(raw);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && u.hostname) return { ok: true, value: u.toString() };
  } catch {
    // falls through
  }
  return { ok: false, error: { code: 'url-invalid' } };
}

/**
 * A datasource's name is its key in the shared data and the first part of a binding's path
 * (`store.name`): not empty, no dots, brackets, braces or spaces, unique in the work.
 */
export function checkName(name: string, others: readonly string[]): Checked<string> {
  const n = name.trim();
  if (!n) return { ok: false, error: { code: 'name-empty' } };
  if (n.length > DATASOURCE_NAME_MAX || /[.[\]{}\s]/.test(n) || n === '__proto__') return { ok: false, error: { code: 'name-invalid' } };
  if (others.includes(n)) return { ok: false, error: { code: 'name-taken' } };
  return { ok: true, value: n };
}

export function checkInterval(seconds: number): Checked<number> {
  if (!Number.isInteger(seconds) || seconds < REFRESH_MIN_SECONDS || seconds > REFRESH_MAX_SECONDS) {
    return { ok: false, error: { code: 'interval', min: REFRESH_MIN_SECONDS, max: REFRESH_MAX_SECONDS } };
  }
  return { ok: true, value: seconds };
}

/** The seconds between two loads of a fixed datasource (never under the minimum), or null for once. */
export function refreshSeconds(ds: Pick<Datasource, 'refreshType' | 'refreshInterval'>): number | null {
  if (ds.refreshType !== 'fixed') return null;
  const n = Number.isFinite(ds.refreshInterval) ? ds.refreshInterval : REFRESH_DEFAULT_SECONDS;
  return Math.min(REFRESH_MAX_SECONDS, Math.max(REFRESH_MIN_SECONDS, n));
}

/** The data a STATIC or CSV datasource holds itself (no network); HTTP_API has none. */
export function ownData(ds: DatasourceDoc): Checked<unknown> | null {
  if (ds.type === 'STATIC') return parseStaticJson(typeof ds.json === 'string' ? ds.json : '');
  if (ds.type === 'CSV') return { ok: true, value: Array.isArray(ds.rows) ? ds.rows : [] };
  return null;
}

/** An HTTP answer's body: JSON when it parses, else the text itself. */
export function parseBody(text: string, contentType: string): unknown {
  if (/json/i.test(contentType) || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // not JSON after all: the text
    }
  }
  return text;
}
