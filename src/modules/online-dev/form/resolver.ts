import type { Resolver } from 'react-hook-form';
import type { ModelField } from '@/contracts/online-dev-model';
import { recordSchema, type RecordContext, type RecordIssue } from '@/contracts/online-dev-record';
import { issuesToErrors, type FormValues } from './form-values';
import { translateIssue } from './messages';

/**
 * react-hook-form's resolver for a model form: the shared record schema (the server's own checks,
 * src/contracts/online-dev-record.ts) with files kept on this device accepted. Valid: the checked,
 * normalised values. Invalid: one error per field with its translated, filled message; an input
 * table's cell messages under its error's `types` (form-values.ts cellKey).
 */
export function recordResolver(fields: readonly ModelField[], ctx: RecordContext = {}): Resolver<FormValues> {
  const schema = recordSchema(fields, { ...ctx, localFiles: true });
  return async (values) => {
    const r = schema.safeParse(values);
    if (r.success) return { values: r.data, errors: {} };
    const issues: RecordIssue[] = r.error.issues.map((i) => ({
      path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
      message: i.message,
      params: ((i as { params?: RecordIssue['params'] }).params ?? {}) as RecordIssue['params'],
    }));
    return { values: {}, errors: issuesToErrors(issues, translateIssue) };
  };
}
