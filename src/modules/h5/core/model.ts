import { ulid } from 'ulid';
import { ref } from 'valtio';
import {
  DEFAULT_PAGE_TYPE,
  PAGE_MODE,
  WORK_DEFAULT_HEIGHT,
  WORK_DEFAULT_WIDTH,
  WORK_SCHEMA_VERSION,
  type BoxSides,
  type CommonStyle,
  type H5Element,
  type H5Page,
  type Work,
} from '@/contracts/h5';
import { elementSpec } from './registry';

/**
 * The document model's factories (spec 3 Work / Page / Element): new elements, pages and works with
 * the spec's defaults, and the ids they carry. Plain data, no React: the store keeps them in its
 * valtio proxy, restore.ts repairs saved ones against the same defaults.
 */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random alphanumerics (crypto-random, no modulo bias: 62 of 256 byte values are rejected above 247). */
export function randomId(length = 8): string {
  let out = '';
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b < 248) out += ALPHANUMERIC[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Element uuid of spec 3: the plugin name, an underscore and 8 random alphanumerics. */
export const newElementUuid = (name: string) => `${name}_${randomId(8)}`;
export const newPageUuid = () => `page_${randomId(8)}`;

/**
 * Makes a value immutable (deep-frozen) and keeps it out of valtio's proxying (`ref`). The style
 * boxes (margin, padding, border) are such values: an element would otherwise cost 15 proxies for
 * its 12 sides and 3 boxes, and opening and snapshotting a large work would slow down threefold.
 * So are an element's pluginProps and lists (events, methodList, scripts, animations: mostly
 * empty, each would be a proxy of its own): a 20 × 50 work holds 2,000 proxies instead of 7,400,
 * and opens about twice as fast. Change one by replacing it whole (`{ ...border, color }`,
 * `{ ...pluginProps, text }`, `[...events, event]`: ops.updateElement does); writing into one throws.
 */
export function frozenValue<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const v of Object.values(value)) frozenValue(v);
  return ref(Object.freeze(value));
}

export const BOX_KEYS = ['margin', 'padding', 'border'] as const;
const SIDE_NAMES: readonly string[] = ['top', 'right', 'bottom', 'left'];

/** A plain box's identity (sides of { value, unit }, a border's colour and style), or null for any other shape. */
function boxKey(box: object): string | null {
  let key = '';
  for (const [k, v] of Object.entries(box)) {
    if (SIDE_NAMES.includes(k)) {
      if (typeof v !== 'object' || v === null) return null;
      const side = v as Record<string, unknown>;
      if (typeof side.value !== 'number' || typeof side.unit !== 'string' || Object.keys(side).length !== 2) return null;
      key += `${k}:${side.value}${side.unit};`;
    } else if ((k === 'color' || k === 'style') && typeof v === 'string') key += `${k}:${v};`;
    else return null;
  }
  return key;
}

const boxes = new Map<string, object>();
const BOX_CACHE_MAX = 1000;

/**
 * An immutable box equal to `box`: equal plain boxes are one shared object (most elements have
 * the same zero margin and padding), so restoring a large work freezes few objects.
 */
export function immutableBox<T extends object>(box: T): T {
  const key = boxKey(box);
  if (key === null) return frozenValue(box);
  let shared = boxes.get(key);
  if (!shared) {
    shared = frozenValue(box);
    if (boxes.size < BOX_CACHE_MAX) boxes.set(key, shared);
  }
  return shared as T;
}

/** Makes the boxes of a (partial) common style immutable values, in place; returns it. */
export function freezeBoxes<S extends Partial<CommonStyle>>(style: S): S {
  const target = style as Record<string, unknown>;
  for (const key of BOX_KEYS) {
    const box = target[key];
    if (box && typeof box === 'object') target[key] = immutableBox(box);
  }
  return style;
}

/** A box of four equal sides (plain data; elements hold it as an immutable value, see freezeBoxes). */
export const sides = (value = 0): BoxSides => ({
  top: { value, unit: 'px' },
  right: { value, unit: 'px' },
  bottom: { value, unit: 'px' },
  left: { value, unit: 'px' },
});

/** The common style defaults of spec 3 (fresh plain data each call; newElement makes its boxes immutable). */
export function defaultCommonStyle(): CommonStyle {
  return {
    top: 100,
    left: 100,
    width: 100,
    height: 40,
    rotate: 0,
    zindex: 1,
    textAlign: 'center',
    color: '#000000',
    backgroundColor: 'transparent',
    fontSize: 14,
    opacity: 1,
    borderRadius: 0,
    margin: sides(),
    padding: sides(),
    border: { ...sides(), color: '#000000', style: 'solid' },
  };
}

/** JSON-shaped deep copy (documents are JSON: no dates, maps or functions inside); frozen values are shared, not copied. */
export function cloneDeep<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) return value.map(cloneDeep) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = cloneDeep((value as Record<string, unknown>)[key]);
  return out as T;
}

export interface ElementOverrides {
  uuid?: string;
  pluginProps?: Record<string, unknown>;
  commonStyle?: Partial<CommonStyle>;
  events?: H5Element['events'];
  animations?: H5Element['animations'];
  scripts?: H5Element['scripts'];
  methodList?: H5Element['methodList'];
}

/**
 * A new element of the registered type `name`: spec 3 common style, then the type's defaultStyle,
 * then `overrides.commonStyle`; pluginProps are the type's defaults with `overrides.pluginProps`
 * over them. An unregistered name still makes an element (empty props, version 1).
 */
export function newElement(name: string, overrides: ElementOverrides = {}): H5Element {
  const spec = elementSpec(name);
  const commonStyle = freezeBoxes<CommonStyle>({ ...defaultCommonStyle(), ...cloneDeep(spec?.defaultStyle ?? {}), ...cloneDeep(overrides.commonStyle ?? {}) });
  return {
    name,
    uuid: overrides.uuid ?? newElementUuid(name),
    version: spec?.version ?? 1,
    pluginProps: frozenValue({ ...(spec?.defaultProps() ?? {}), ...cloneDeep(overrides.pluginProps ?? {}) }),
    commonStyle,
    events: frozenValue(cloneDeep(overrides.events ?? [])),
    methodList: frozenValue(cloneDeep(overrides.methodList ?? [])),
    scripts: frozenValue(cloneDeep(overrides.scripts ?? [])),
    animations: frozenValue(cloneDeep(overrides.animations ?? [])),
  };
}

/** A blank page (spec 3: a page added in the editor gets type index). */
export function newPage(type: string = DEFAULT_PAGE_TYPE, title = ''): H5Page {
  return { uuid: newPageUuid(), title, type, elements: [] };
}

/**
 * A new work with the defaults of spec 3 (one blank page, 320 × 568, long page, empty title);
 * `init` overrides any of them. `id` is a device-made ULID unless given (a work created offline
 * keeps it when it syncs as a create).
 */
export function newWork(init: Partial<Work> = {}): Work {
  const now = new Date().toISOString();
  return {
    id: ulid(),
    title: '',
    description: '',
    pages: [newPage()],
    datasources: [],
    cover_image_url: '',
    width: WORK_DEFAULT_WIDTH,
    height: WORK_DEFAULT_HEIGHT,
    page_mode: PAGE_MODE.longPage,
    schemaVersion: WORK_SCHEMA_VERSION,
    is_publish: false,
    is_template: false,
    version: 0,
    creatorUserId: '',
    created_time: now,
    updated_time: now,
    ...init,
  };
}

/** Deep copy of an element with a fresh uuid (copy, paste, copy page). */
export function cloneElement(el: H5Element): H5Element {
  const copy = cloneDeep(el);
  copy.uuid = newElementUuid(el.name);
  return copy;
}

/** Deep copy of a page with fresh uuids for it and all its elements (copy page). */
export function clonePage(page: H5Page): H5Page {
  const copy = cloneDeep(page);
  copy.uuid = newPageUuid();
  copy.elements = copy.elements.map((e) => ({ ...e, uuid: newElementUuid(e.name) }));
  return copy;
}
