import { createContext, useContext } from 'react';

/**
 * What a control may tell the form beyond its value: which value changed, for the calculations
 * (spec 9). An input table notes `table.column` for a cell and `table` for a row added or
 * removed; outside a model form (a preview) nothing listens.
 */
export interface FormRuntime {
  touch(key: string): void;
}

const noop: FormRuntime = { touch: () => undefined };
export const FormRuntimeContext = createContext<FormRuntime>(noop);
export const useFormRuntime = () => useContext(FormRuntimeContext);
