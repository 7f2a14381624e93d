import { z } from 'zod';
import { idSchema } from './common';
import { FIELD_KEY_MAX, LABEL_MAX } from './online-dev-model';

/**
 * Data interfaces and reports (spec 2.2 type 5 dynamic data report, 7.7 DataInterface Response,
 * issue 20): an interface answers rows with their columns; a report (a type-5 menu entry whose
 * propertyJson.moduleId is the interface) shows them as a chart and a table, as the interface's
 * `display` says.
 */

const fieldKey = z.string().min(1).max(FIELD_KEY_MAX);
const label = z.string().max(LABEL_MAX);

export const interfaceColumnSchema = z.object({ key: fieldKey, label, numeric: z.boolean().optional() });
export type InterfaceColumn = z.infer<typeof interfaceColumnSchema>;

/** Rows held by the interface itself (options of a select, a small reference table). */
export const staticConfigSchema = z.object({
  kind: z.literal('static'),
  columns: z.array(interfaceColumnSchema).max(50),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))).max(5000),
});

/** A published model's records grouped by fields and/or a time bucket, counted, summed or averaged. */
export const aggregateConfigSchema = z.object({
  kind: z.literal('modelAggregate'),
  modelId: idSchema,
  groupBy: z.array(z.object({ field: fieldKey, label: label.optional() })).max(3),
  time: z
    .object({
      /** A date field of the model, or 'creatorTime'. */
      field: fieldKey,
      bucket: z.enum(['day', 'week', 'month']),
      label,
      /** Only records made in the last so many days. */
      lastDays: z.number().int().min(1).max(3660).optional(),
    })
    .optional(),
  measures: z
    .array(z.object({ op: z.enum(['count', 'sum', 'avg']), field: fieldKey.optional(), label }))
    .min(1)
    .max(5),
});
export type AggregateConfig = z.infer<typeof aggregateConfigSchema>;

export const interfaceConfigSchema = z.discriminatedUnion('kind', [staticConfigSchema, aggregateConfigSchema]);
export type InterfaceConfig = z.infer<typeof interfaceConfigSchema>;

/** How a report shows an interface's rows: a chart (echarts) and the table under it. */
export interface ReportDisplay {
  chart?: {
    type: 'bar' | 'line' | 'pie';
    /** The column along the x axis (a bar per value; the pie's slices). */
    x: string;
    /** Columns drawn as series (numbers); one series per distinct value of `group`, when given. */
    y: string;
    group?: string;
    title?: string;
  };
  /** The table's columns in order (default: the interface's). */
  table?: { columns: string[] };
}

export interface DataInterfaceInfo {
  id: string;
  fullName: string;
  enCode: string;
  kind: InterfaceConfig['kind'];
  display: ReportDisplay;
}

/** GET …/DataInterface/{id}/Actions/Response. */
export interface DataInterfaceResponse {
  list: Record<string, unknown>[];
  columns: InterfaceColumn[];
}
