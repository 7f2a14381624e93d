import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import type { LucideIcon } from 'lucide-react';
import type { ZodType } from 'zod';
import type { H5Element } from '@/contracts/h5';
import type { ElementSpec } from '../core/registry';

/**
 * One element type of the H5 editor (ARCHITECTURE rule 6): the core's ElementSpec (name, version,
 * defaults, props schema, singleton / locked / formField) plus what the screens need — palette
 * label, icon and group, the property panel as data (`fields`, rendered by props-panel.tsx) and
 * the renderer. Each type lives in one file beside this one and is listed in index.ts.
 */

export type ElementGroup = 'basic' | 'media' | 'data' | 'form';

export type RenderMode = 'edit' | 'preview';

export interface ElementRenderProps<P> {
  element: H5Element;
  /** pluginProps already parsed with the type's propsSchema (defaults filled, bad values repaired). */
  props: P;
  /** edit: inside the editor canvas (nothing interactive, nothing plays); preview: as a visitor sees it. */
  mode: RenderMode;
}

/** What a property editor looks like (props-panel.tsx has one control per kind). */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'number'
  | 'color'
  /** A list of colours (chart series). */
  | 'colors'
  | 'switch'
  | 'select'
  | 'image'
  | 'url'
  /** An array of objects edited with `itemFields`. */
  | 'list'
  /** Label / value pairs (radio, checkbox, select options). */
  | 'options'
  /** A 2-D array of strings (table rows). */
  | 'grid'
  /** Like grid: the first row names the series, each later row is [label, value…]. */
  | 'chart-data';

export interface FieldOption {
  value: string;
  label: MessageDescriptor;
}

export interface PropField<K extends string = string> {
  /** The pluginProps key this field edits. */
  key: K;
  label: MessageDescriptor;
  kind: FieldKind;
  /** select: the choices. */
  options?: readonly FieldOption[];
  /** number: bounds and step; list / options / grid / colors: `max` is the most items (rows). */
  min?: number;
  max?: number;
  step?: number;
  placeholder?: MessageDescriptor;
  /** list: the fields of one item and a fresh item for 添加. */
  itemFields?: readonly PropField[];
  newItem?: () => Record<string, unknown>;
}

export interface ElementDef<P extends Record<string, unknown> = Record<string, unknown>> extends ElementSpec {
  /** Palette name (Chinese source text). */
  label: MessageDescriptor;
  icon: LucideIcon;
  group: ElementGroup;
  defaultProps(): P;
  propsSchema: ZodType<P>;
  /** The property panel, as data. */
  fields: readonly PropField[];
  Render: ComponentType<ElementRenderProps<P>>;
}

/** A definition as written in a type's file: field keys are checked against the props. */
export type ElementDefInput<P extends Record<string, unknown>> = Omit<ElementDef<P>, 'fields'> & {
  fields: readonly PropField<Extract<keyof P, string>>[];
};

/**
 * Declares an element type. The result is typed loosely (props as a record) so every type fits one
 * list; the renderer only ever receives props parsed by the type's own schema (elementProps).
 */
export function defineElement<P extends Record<string, unknown>>(def: ElementDefInput<P>): ElementDef {
  return def as unknown as ElementDef;
}

/** An element's props as its renderer wants them: parsed by the type's schema, or the defaults when they cannot be repaired. */
export function elementProps(def: ElementDef, raw: unknown): Record<string, unknown> {
  const parsed = def.propsSchema.safeParse(raw);
  return parsed.success ? parsed.data : def.defaultProps();
}
