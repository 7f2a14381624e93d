import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import type { ModelField } from '@/contracts/online-dev-model';
import { createCalcScheduler } from '../core/calc-scheduler';
import { formCalcPlan, recalculated, type FormValues } from './form-values';

export interface FormCalcs {
  /** Notes a changed key (a field, `table.column`, or a table whose rows were added or removed). */
  touch(key: string): void;
  /** Recomputes what is pending now (before submit). */
  flush(): void;
}

/**
 * The form's calculation fields (spec 8, 9): a change notes its key; 500 ms after the last one the
 * calculations that read what changed (and only those) are recomputed over the form's values and
 * the results set. An error is logged and counts as 0 (the shared evaluator does both).
 */
export function useFormCalcs(fields: readonly ModelField[], getValues: UseFormGetValues<FormValues>, setValue: UseFormSetValue<FormValues>): FormCalcs {
  const plan = useMemo(() => formCalcPlan(fields), [fields]);
  const latest = useRef({ plan, getValues, setValue });
  useEffect(() => {
    latest.current = { plan, getValues, setValue };
  }, [plan, getValues, setValue]);
  const scheduler = useMemo(
    () =>
      createCalcScheduler((changed) => {
        const { plan: p, getValues: get, setValue: set } = latest.current;
        if (!p) return;
        const out = recalculated(p, get(), changed);
        for (const [key, value] of Object.entries(out)) set(key, value);
      }),
    [],
  );
  useEffect(() => () => scheduler.cancel(), [scheduler]);
  const touch = useCallback(
    (key: string) => {
      const p = latest.current.plan;
      if (p && p.affected([key]).length) scheduler.touch(key);
    },
    [scheduler],
  );
  return useMemo(() => ({ touch, flush: () => scheduler.flush() }), [touch, scheduler]);
}
