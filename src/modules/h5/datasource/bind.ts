/**
 * Bindings of element props to the page's shared data (issue 19): what the editor's preview and the
 * published-page runtime (src/runtime) both call, so it imports neither React nor zod.
 *
 * The shared data is one object: each datasource's result under the datasource's name
 * (`{ store: { name: '旗舰店', items: [...] } }`). Two kinds of binding:
 * - **Templates** in text props: `{{store.name}}` in the text element (its HTML: the value is
 *   escaped, so it lands as text, never as markup), the button's and the notice bar's text (plain
 *   text, drawn as text by their renderers). A path that leads nowhere gives an empty string.
 * - **A list binding** on news-list, table and carousel: `pluginProps.dataBinding =
 *   { source: 'store.items', fields: [{ key: 'title', path: 'name' }, …], limit?: 50 }` repeats the
 *   element's items over the rows at `source` (an object counts as one row); `key` is the item's
 *   field (news-list: title, date, link, image; carousel: image, link) or, for a table, a column's
 *   heading (with `header` on, the headings are the first row). Until the source holds data the
 *   element keeps its own items (the designer's sample rows).
 *
 * Paths: dot-separated names and indexes, `store.items.0.name` or `store.items[0].name`; only own
 * properties are read (never `constructor`, `__proto__`).
 */

export type SharedData = Readonly<Record<string, unknown>>;

export interface ListBindingField {
  /** The item's field, or a table column's heading. */
  key: string;
  /** Path inside one row; empty: the row itself. */
  path: string;
}

export interface ListBinding {
  /** Path of the rows in the shared data (`store.items`). */
  source: string;
  fields: ListBindingField[];
  /** At most this many rows are shown (default LIST_BINDING_DEFAULT_LIMIT). */
  limit?: number;
}

export const LIST_BINDING_DEFAULT_LIMIT = 50;
export const LIST_BINDING_MAX_LIMIT = 500;

/** The props key holding an element's list binding. */
export const DATA_BINDING_KEY = 'dataBinding';

/** Which props of which element types hold templates, and whether they are HTML or plain text. */
export const TEMPLATE_PROPS: Readonly<Record<string, Readonly<Record<string, 'html' | 'text'>>>> = {
  text: { text: 'html' },
  button: { text: 'text' },
  'form-submit': { text: 'text' },
  'notice-bar': { text: 'text' },
};

/** The list-bound element types and the fields their items have (table: any heading). */
export const LIST_BINDABLE: Readonly<Record<string, readonly string[] | 'columns'>> = {
  'news-list': ['title', 'date', 'link', 'image'],
  carousel: ['image', 'link'],
  table: 'columns',
};

const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** A path's segments: `a.b[0].c` → ['a', 'b', '0', 'c']. */
export function pathSegments(path: string): string[] {
  return path
    .replace(/\[(\s*[^\]]*?\s*)\]/g, '.$1')
    .split('.')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The value at `path` in `data` (own properties only), or undefined. An empty path is `data` itself. */
export function getPath(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const seg of pathSegments(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(seg)) return undefined;
      current = current[Number(seg)];
    } else {
      if (!own(current, seg)) return undefined;
      current = (current as Record<string, unknown>)[seg];
    }
  }
  return current;
}

/** How a bound value reads as text: strings as they are, numbers and booleans written out, null / missing empty, objects as JSON. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const TEMPLATE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Whether `s` holds a `{{path}}` template. */
export const hasTemplate = (s: string) => /\{\{\s*[^{}]*?\s*\}\}/.test(s);

/** The paths a text's templates name. */
export function templatePaths(s: string): string[] {
  return [...s.matchAll(TEMPLATE)].map((m) => m[1]!);
}

/**
 * `{{path}}` templates of `template` filled from `data`. `html`: the text is HTML and each value is
 * escaped (a value `<img onerror=…>` shows as those characters); `text`: the values go in as they are
 * (the renderer draws the result as text).
 */
export function renderTemplate(template: string, data: SharedData, mode: 'html' | 'text'): string {
  return template.replace(TEMPLATE, (_m, path: string) => {
    const text = valueText(getPath(data, path));
    return mode === 'html' ? escapeHtml(text) : text;
  });
}

/** An element's list binding if it has a usable one. */
export function listBindingOf(props: Readonly<Record<string, unknown>>): ListBinding | null {
  const b = props[DATA_BINDING_KEY];
  if (!b || typeof b !== 'object' || Array.isArray(b)) return null;
  const { source, fields, limit } = b as Record<string, unknown>;
  if (typeof source !== 'string' || !source.trim() || !Array.isArray(fields)) return null;
  const clean = fields.filter((f): f is ListBindingField => !!f && typeof f === 'object' && typeof f.key === 'string' && f.key !== '' && typeof f.path === 'string');
  return { source, fields: clean, ...(typeof limit === 'number' ? { limit } : {}) };
}

/** The rows at a binding's source: an array (cut to the limit), an object as one row; null while there is nothing there. */
export function boundRows(binding: ListBinding, data: SharedData): unknown[] | null {
  const v = getPath(data, binding.source);
  if (v === undefined || v === null) return null;
  const rows = Array.isArray(v) ? v : typeof v === 'object' ? [v] : null;
  if (!rows) return null;
  const limit = Math.min(LIST_BINDING_MAX_LIMIT, Math.max(0, Math.floor(binding.limit ?? LIST_BINDING_DEFAULT_LIMIT)));
  return rows.slice(0, limit);
}

function listProps(name: string, props: Readonly<Record<string, unknown>>, binding: ListBinding, rows: unknown[]): Record<string, unknown> | null {
  const item = (row: unknown, keys: readonly string[]) => {
    const out: Record<string, string> = Object.fromEntries(keys.map((k) => [k, '']));
    for (const f of binding.fields) if (keys.includes(f.key)) out[f.key] = valueText(getPath(row, f.path));
    return out;
  };
  if (name === 'news-list') return { ...props, items: rows.map((r) => item(r, LIST_BINDABLE['news-list'] as readonly string[])) };
  if (name === 'carousel') return { ...props, slides: rows.map((r) => item(r, LIST_BINDABLE.carousel as readonly string[])) };
  if (name === 'table') {
    const body = rows.map((r) => binding.fields.map((f) => valueText(getPath(r, f.path))));
    return { ...props, rows: props.header === false ? body : [binding.fields.map((f) => f.key), ...body] };
  }
  return null;
}

/**
 * An element's props with its bindings applied: templates filled, a list binding's rows in place of
 * its items. Returns `props` itself when nothing is bound (so memoised renderers stay as they are).
 * THE function the published runtime and the editor's preview call before drawing an element:
 * `bindProps(element.name, element.pluginProps, shared)`.
 */
export function bindProps(name: string, props: Readonly<Record<string, unknown>>, data: SharedData): Readonly<Record<string, unknown>> {
  let out: Record<string, unknown> | null = null;
  const templates = own(TEMPLATE_PROPS, name) ? TEMPLATE_PROPS[name]! : null;
  if (templates) {
    for (const [key, mode] of Object.entries(templates)) {
      const v = props[key];
      if (typeof v === 'string' && hasTemplate(v)) (out ??= { ...props })[key] = renderTemplate(v, data, mode);
    }
  }
  if (own(LIST_BINDABLE, name)) {
    const binding = listBindingOf(props);
    const rows = binding ? boundRows(binding, data) : null;
    if (binding && rows) out = listProps(name, out ?? props, binding, rows) ?? out;
  }
  return out ?? props;
}

/** Whether an element has any binding (the runtime starts the datasources only for pages that bind). */
export function isBound(name: string, props: Readonly<Record<string, unknown>>): boolean {
  if (own(TEMPLATE_PROPS, name) && Object.keys(TEMPLATE_PROPS[name]!).some((k) => typeof props[k] === 'string' && hasTemplate(props[k] as string))) return true;
  return own(LIST_BINDABLE, name) && listBindingOf(props) !== null;
}
