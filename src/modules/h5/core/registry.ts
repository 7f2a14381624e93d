import type { ZodType } from 'zod';
import type { CommonStyle } from '@/contracts/h5';

/**
 * The plain-TypeScript part of an element type (spec 3 Element): what the document model needs to
 * make, validate and repair elements of that type. Each type lives in one file under
 * `src/modules/h5/elements/` (its defaults, props schema, renderer and property fields) and its
 * definition extends this; the core knows types only through this registry.
 */
export interface ElementSpec {
  /** Plugin name, stored in the element: never rename one that shipped. */
  name: string;
  /** Shape version of pluginProps; bump it with a `migrate` step when the props change shape. */
  version: number;
  /** Fresh pluginProps for a new element. */
  defaultProps(): Record<string, unknown>;
  /** What differs from the common style defaults of spec 3 (e.g. a picture's height). */
  defaultStyle?: Partial<CommonStyle>;
  /** Validates (and fills defaults of) pluginProps; a failure is repaired with the defaults. */
  propsSchema: ZodType<Record<string, unknown>>;
  /** Brings props saved by an older `version` up to date. */
  migrate?(props: Record<string, unknown>, fromVersion: number): Record<string, unknown>;
  /** At most one per page (background, background music); adding another replaces it. */
  singleton?: boolean;
  /** Fixed to the page, not moved or resized on the canvas (background, background music). */
  locked?: boolean;
  /** Collects form data in part 2 (form fields). */
  formField?: boolean;
}

const specs = new Map<string, ElementSpec>();

/** Registers element types (src/modules/h5/elements/index.ts does it for all of them). */
export function registerElementSpecs(list: readonly ElementSpec[]) {
  for (const s of list) specs.set(s.name, s);
}

export function elementSpec(name: string): ElementSpec | undefined {
  return specs.get(name);
}

export function elementSpecs(): ElementSpec[] {
  return [...specs.values()];
}
