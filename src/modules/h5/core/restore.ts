import {
  BORDER_STYLES,
  DATASOURCE_TYPES,
  DEFAULT_PAGE_TYPE,
  ELEMENT_EVENT_TYPES,
  ELEMENT_NAME_PATTERN,
  ELEMENT_UUID_PATTERN,
  PAGE_MODE,
  TEXT_ALIGNS,
  WORK_DEFAULT_HEIGHT,
  WORK_DEFAULT_WIDTH,
  WORK_DESCRIPTION_MAX,
  WORK_SCHEMA_VERSION,
  WORK_TITLE_MAX,
  datasourceSchema,
  type BoxSides,
  type CommonStyle,
  type Datasource,
  type H5Element,
  type H5Page,
  type SideValue,
  type Work,
} from '@/contracts/h5';
import type { ZodType } from 'zod';
import { cloneDeep, defaultCommonStyle, frozenValue, immutableBox, newElementUuid, newPage, newPageUuid, randomId } from './model';
import { elementSpec, type ElementSpec } from './registry';

/**
 * Repairs a saved work as it is loaded (excalidraw's restore.ts idea): a draft from Dexie, an
 * answer of the server or a document an older or newer client wrote. Old shapes are migrated by
 * `schemaVersion` (WORK_MIGRATIONS), missing fields get the spec 3 defaults, numbers are made finite
 * and clamped, unknown fields are kept, element pluginProps are migrated by their type's `migrate`
 * and validated by its `propsSchema`, duplicate uuids are renamed, and a work without pages gets
 * one blank page. Never throws; the input is not modified.
 */

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const PAGE_UUID_PATTERN = /^[A-Za-z0-9_-]{4,40}$/;

/** The finite number in `v` (numbers, or strings like '12' / '12px'), else `fallback`; clamped to min..max. */
export function toNumber(v: unknown, fallback: number, min = -Infinity, max = Infinity): number {
  let n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseFloat(v) : NaN;
  if (!Number.isFinite(n)) n = fallback;
  return n < min ? min : n > max ? max : n;
}

const str = (v: unknown, fallback: string, max = Infinity) => (typeof v === 'string' ? (v.length > max ? v.slice(0, max) : v) : fallback);
const oneOf = <T extends string>(v: unknown, list: readonly T[], fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);

/** Fields outside `known`, deep-copied, so a newer client's data survives this one. */
function unknownFields(v: Rec, known: ReadonlySet<string>): Rec {
  let out: Rec | null = null;
  for (const key of Object.keys(v)) {
    if (known.has(key)) continue;
    (out ??= {})[key] = cloneDeep(v[key]);
  }
  return out ?? {};
}

// ---------------------------------------------------------------------------------------------
// Migrations by schemaVersion
// ---------------------------------------------------------------------------------------------

/**
 * `WORK_MIGRATIONS[n]` brings a document of schemaVersion n to n + 1 (copy on write: the input is
 * not modified). Add one step, and bump WORK_SCHEMA_VERSION, whenever the saved shape changes.
 */
export const WORK_MIGRATIONS: Record<number, (doc: Rec) => Rec> = {
  /**
   * v0: luban-h5's shape. Border colour and style were `{ value }` objects, elements had no zindex
   * (their order in the page was the stacking order), plugin names carried the `lbp-` prefix, and
   * a work without page_mode was a long page.
   */
  0: (doc) => {
    const pages = Array.isArray(doc.pages)
      ? doc.pages.map((page) => {
          if (!isRecord(page) || !Array.isArray(page.elements)) return page;
          return { ...page, elements: page.elements.map((el, i) => (isRecord(el) ? migrateElementV0(el, i) : el)) };
        })
      : doc.pages;
    return { ...doc, pages, page_mode: doc.page_mode ?? PAGE_MODE.longPage, schemaVersion: 1 };
  },
};

function migrateElementV0(el: Rec, index: number): Rec {
  const out: Rec = { ...el };
  if (typeof el.name === 'string' && el.name.startsWith('lbp-')) {
    const bare = el.name.slice(4);
    if (!elementSpec(el.name) && elementSpec(bare)) out.name = bare;
  }
  if (isRecord(el.commonStyle)) {
    const cs: Rec = { ...el.commonStyle };
    if (cs.zindex === undefined) cs.zindex = index + 1;
    if (isRecord(cs.border)) {
      const border: Rec = { ...cs.border };
      if (isRecord(border.color)) border.color = border.color.value;
      if (isRecord(border.style)) border.style = border.style.value;
      cs.border = border;
    }
    out.commonStyle = cs;
  }
  return out;
}

function migrate(doc: Rec): Rec {
  let version = typeof doc.schemaVersion === 'number' && Number.isInteger(doc.schemaVersion) ? doc.schemaVersion : 0;
  let out = doc;
  while (version < WORK_SCHEMA_VERSION) {
    const step = WORK_MIGRATIONS[version];
    if (step) out = step(out);
    version += 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Common style
// ---------------------------------------------------------------------------------------------

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const STYLE_KEYS = new Set([
  'top', 'left', 'width', 'height', 'rotate', 'zindex', 'textAlign', 'color', 'backgroundColor',
  'fontSize', 'lineHeight', 'opacity', 'borderRadius', 'margin', 'padding', 'border',
]);
const BOX_KEYS = new Set<string>(SIDES);
const BORDER_KEYS = new Set<string>([...SIDES, 'color', 'style']);
const SIDE_KEYS = new Set(['value', 'unit']);

function repairSide(v: unknown, fallback: SideValue): SideValue {
  if (isRecord(v)) {
    return { ...unknownFields(v, SIDE_KEYS), value: toNumber(v.value, fallback.value), unit: v.unit === '%' ? '%' : 'px' };
  }
  if (typeof v === 'number' || typeof v === 'string') {
    return { value: toNumber(v, fallback.value), unit: typeof v === 'string' && v.trim().endsWith('%') ? '%' : 'px' };
  }
  return { value: fallback.value, unit: fallback.unit };
}

function repairBox(v: unknown, fallback: BoxSides): BoxSides {
  if (typeof v === 'number' || typeof v === 'string') {
    // A CSS shorthand: 1 to 4 values (top right bottom left).
    const [a = '0', b = a, c = a, d = b] = String(v).trim().split(/\s+/);
    return { top: repairSide(a, fallback.top), right: repairSide(b, fallback.right), bottom: repairSide(c, fallback.bottom), left: repairSide(d, fallback.left) };
  }
  const r = isRecord(v) ? v : {};
  return {
    ...unknownFields(r, BOX_KEYS),
    top: repairSide(r.top, fallback.top),
    right: repairSide(r.right, fallback.right),
    bottom: repairSide(r.bottom, fallback.bottom),
    left: repairSide(r.left, fallback.left),
  };
}

function repairStyle(v: unknown, d: CommonStyle): CommonStyle {
  const r = isRecord(v) ? v : {};
  const border = isRecord(r.border) ? r.border : {};
  const style: CommonStyle = {
    ...unknownFields(r, STYLE_KEYS),
    top: toNumber(r.top, d.top),
    left: toNumber(r.left, d.left),
    width: toNumber(r.width, d.width, 0),
    height: toNumber(r.height, d.height, 0),
    rotate: toNumber(r.rotate, d.rotate),
    zindex: Math.round(toNumber(r.zindex, d.zindex, -1e6, 1e6)),
    textAlign: oneOf(r.textAlign, TEXT_ALIGNS, d.textAlign),
    color: str(r.color, d.color, 64),
    backgroundColor: str(r.backgroundColor, d.backgroundColor, 64),
    fontSize: toNumber(r.fontSize, d.fontSize, 0),
    opacity: toNumber(r.opacity, d.opacity, 0, 1),
    borderRadius: toNumber(r.borderRadius, d.borderRadius, 0),
    // Boxes are immutable values (see frozenValue in model.ts).
    margin: immutableBox(repairBox(r.margin, d.margin)),
    padding: immutableBox(repairBox(r.padding, d.padding)),
    border: immutableBox({
      ...unknownFields(border, BORDER_KEYS),
      ...repairBox(border, d.border),
      color: str(border.color, d.border.color, 64),
      style: oneOf(border.style, BORDER_STYLES, d.border.style),
    }),
  };
  if (r.lineHeight !== undefined) {
    const lh = toNumber(r.lineHeight, NaN, 0);
    if (Number.isFinite(lh)) style.lineHeight = lh;
  }
  return style;
}

// ---------------------------------------------------------------------------------------------
// Element parts
// ---------------------------------------------------------------------------------------------

/**
 * `value` checked by `schema`; when it fails, its keys are taken one by one over `defaults` and
 * each kept only if the result still passes (a bad field falls back to its default, the good ones
 * stay). Returns the schema's output (defaults filled).
 */
export function repairWithSchema(schema: ZodType<Rec>, value: Rec, defaults: Rec): Rec {
  const direct = schema.safeParse(value);
  if (direct.success) return direct.data;
  const merged = schema.safeParse({ ...defaults, ...value });
  if (merged.success) return merged.data;
  let current: Rec = { ...defaults };
  for (const key of Object.keys(value)) {
    const candidate = { ...current, [key]: value[key] };
    if (schema.safeParse(candidate).success) current = candidate;
  }
  const last = schema.safeParse(current);
  return last.success ? last.data : current;
}

function repairProps(spec: ElementSpec | undefined, raw: unknown, version: number): { props: Rec; version: number } {
  let props: Rec = isRecord(raw) ? cloneDeep(raw) : {};
  // An unknown type, or props of a newer version than this client knows: kept as they are.
  if (!spec || version > spec.version) return { props, version };
  if (version < spec.version && spec.migrate) {
    try {
      // A plain copy to write into (props held by an open document are immutable values).
      props = spec.migrate(JSON.parse(JSON.stringify(props)) as Rec, version);
    } catch {
      props = {};
    }
  }
  return { props: repairWithSchema(spec.propsSchema, props, spec.defaultProps()), version: spec.version };
}

function repairList<T>(v: unknown, item: (r: Rec) => T | null): T[] {
  if (!Array.isArray(v)) return [];
  const out: T[] = [];
  for (const x of v) {
    const fixed = isRecord(x) ? item(x) : null;
    if (fixed) out.push(fixed);
  }
  return out;
}

const EVENT_KEYS = new Set(['type', 'value']);
const ANIMATION_KEYS = new Set(['type', 'duration', 'delay', 'iterationCount']);
const SCRIPT_KEYS = new Set(['name', 'code']);
const METHOD_KEYS = new Set(['method']);

const repairEvent = (r: Rec) =>
  ELEMENT_EVENT_TYPES.includes(r.type as (typeof ELEMENT_EVENT_TYPES)[number])
    ? { ...unknownFields(r, EVENT_KEYS), type: r.type as (typeof ELEMENT_EVENT_TYPES)[number], value: str(r.value, '', 2000) }
    : null;
const repairAnimation = (r: Rec) =>
  typeof r.type === 'string' && r.type.length > 0
    ? {
        ...unknownFields(r, ANIMATION_KEYS),
        type: r.type.slice(0, 60),
        duration: toNumber(r.duration, 1, 0, 60),
        delay: toNumber(r.delay, 0, 0, 600),
        iterationCount: Math.round(toNumber(r.iterationCount, 1, 0, 100)),
      }
    : null;
const repairScript = (r: Rec) => (typeof r.code === 'string' ? { ...unknownFields(r, SCRIPT_KEYS), name: str(r.name, '', 60), code: r.code.slice(0, 20_000) } : null);
const repairMethod = (r: Rec) => (typeof r.method === 'string' ? { ...unknownFields(r, METHOD_KEYS), method: r.method.slice(0, 60) } : null);

// ---------------------------------------------------------------------------------------------
// Element, page, work
// ---------------------------------------------------------------------------------------------

const ELEMENT_KEYS = new Set(['name', 'uuid', 'version', 'pluginProps', 'commonStyle', 'events', 'methodList', 'scripts', 'animations']);
const PAGE_KEYS = new Set(['uuid', 'title', 'type', 'elements']);

interface Ctx {
  uuids: Set<string>;
  /** Style defaults per element type (spec 3 common style under the type's defaultStyle). */
  styleDefaults: Map<string, CommonStyle>;
}

function styleDefaultsFor(ctx: Ctx, name: string, spec: ElementSpec | undefined): CommonStyle {
  let d = ctx.styleDefaults.get(name);
  if (!d) {
    d = { ...defaultCommonStyle(), ...(spec?.defaultStyle ?? {}) };
    ctx.styleDefaults.set(name, d);
  }
  return d;
}

function repairElement(r: Rec, ctx: Ctx): H5Element | null {
  // Without a valid type name an element can be neither drawn nor saved.
  if (typeof r.name !== 'string' || !ELEMENT_NAME_PATTERN.test(r.name)) return null;
  const name = r.name;
  const spec = elementSpec(name);
  let uuid = typeof r.uuid === 'string' && ELEMENT_UUID_PATTERN.test(r.uuid) ? r.uuid : newElementUuid(name);
  while (ctx.uuids.has(uuid)) uuid = newElementUuid(name);
  ctx.uuids.add(uuid);
  const savedVersion = typeof r.version === 'number' && Number.isInteger(r.version) && r.version >= 0 ? r.version : (spec?.version ?? 1);
  const { props, version } = repairProps(spec, r.pluginProps, savedVersion);
  return {
    ...unknownFields(r, ELEMENT_KEYS),
    name,
    uuid,
    version,
    pluginProps: frozenValue(props),
    commonStyle: repairStyle(r.commonStyle, styleDefaultsFor(ctx, name, spec)),
    // Lists are immutable values, as the boxes (see frozenValue in model.ts).
    events: frozenValue(repairList(r.events, repairEvent)),
    methodList: frozenValue(repairList(r.methodList, repairMethod)),
    scripts: frozenValue(repairList(r.scripts, repairScript)),
    animations: frozenValue(repairList(r.animations, repairAnimation)),
  };
}

function repairPage(r: Rec, ctx: Ctx): H5Page {
  let uuid = typeof r.uuid === 'string' && PAGE_UUID_PATTERN.test(r.uuid) ? r.uuid : newPageUuid();
  while (ctx.uuids.has(uuid)) uuid = newPageUuid();
  ctx.uuids.add(uuid);
  let elements = repairList(r.elements, (e) => repairElement(e, ctx));
  // At most one element of a singleton type (background, music) per page: the last one wins.
  const seen = new Set<string>();
  let dropped = false;
  for (let i = elements.length - 1; i >= 0; i--) {
    const el = elements[i]!;
    if (!elementSpec(el.name)?.singleton) continue;
    if (seen.has(el.name)) {
      elements[i] = null as unknown as H5Element;
      dropped = true;
    }
    seen.add(el.name);
  }
  if (dropped) elements = elements.filter(Boolean);
  return {
    ...unknownFields(r, PAGE_KEYS),
    uuid,
    title: str(r.title, '', 60),
    type: typeof r.type === 'string' && r.type.length > 0 ? r.type.slice(0, 40) : DEFAULT_PAGE_TYPE,
    elements,
  };
}

const DATASOURCE_KEYS = new Set(Object.keys(datasourceSchema.shape));

/** A datasource is an immutable value like an element's props (a CSV's rows are not thousands of proxies); datasource/ops.ts replaces it whole. */
function repairDatasource(r: Rec): Datasource {
  const defaults: Rec = { id: randomId(8), name: '', url: '', type: DATASOURCE_TYPES[0], dependencies: [], relatedDsList: [], refreshType: 'once', refreshInterval: 0, pipe: '' };
  return frozenValue({ ...unknownFields(r, DATASOURCE_KEYS), ...(repairWithSchema(datasourceSchema as ZodType<Rec>, cloneDeep(r), defaults) as Datasource) });
}

const WORK_KEYS = new Set([
  'id', 'title', 'description', 'pages', 'datasources', 'cover_image_url', 'width', 'height', 'page_mode',
  'schemaVersion', 'is_publish', 'is_template', 'version', 'creatorUserId', 'created_time', 'updated_time',
]);

export function restoreWork(raw: unknown): Work {
  const doc = migrate(isRecord(raw) ? raw : {});
  const ctx: Ctx = { uuids: new Set(), styleDefaults: new Map() };
  const pages = repairList(doc.pages, (p) => repairPage(p, ctx));
  if (pages.length === 0) pages.push(newPage());
  const savedSchema = typeof doc.schemaVersion === 'number' && Number.isInteger(doc.schemaVersion) ? doc.schemaVersion : WORK_SCHEMA_VERSION;
  return {
    ...unknownFields(doc, WORK_KEYS),
    id: str(doc.id, ''),
    title: str(doc.title, '', WORK_TITLE_MAX),
    description: str(doc.description, '', WORK_DESCRIPTION_MAX),
    pages,
    datasources: repairList(doc.datasources, repairDatasource),
    cover_image_url: str(doc.cover_image_url, '', 2000),
    width: Math.round(toNumber(doc.width, WORK_DEFAULT_WIDTH, 100, 4000)),
    height: Math.round(toNumber(doc.height, WORK_DEFAULT_HEIGHT, 100, 4000)),
    page_mode: oneOf(doc.page_mode, [PAGE_MODE.swiper, PAGE_MODE.longPage], PAGE_MODE.longPage),
    // A newer client's document keeps its number (its own migrations must not run twice).
    schemaVersion: Math.max(savedSchema, WORK_SCHEMA_VERSION),
    is_publish: doc.is_publish === true,
    is_template: doc.is_template === true,
    version: Math.max(0, Math.round(toNumber(doc.version, 0))),
    creatorUserId: str(doc.creatorUserId, ''),
    created_time: str(doc.created_time, ''),
    updated_time: str(doc.updated_time, ''),
  };
}
