import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * An input table holds hundreds of cells: its plain inputs (text, number, date, select, textarea)
 * and cell frames are native elements styled by class from one stylesheet on the table (this one),
 * not a Chakra component each, so the table renders and updates quickly (spec bench: 100 rows).
 */
export const CELL_INPUT_CLASS = 'od-cell-input';
export const CELL_ERROR_CLASS = 'od-cell-error';
export const CELL_TD_CLASS = 'od-td';

export const cellCss: SystemStyleObject = {
  [`& .${CELL_TD_CLASS}`]: { paddingInline: '1.5', paddingBlock: '1.5', verticalAlign: 'top' },
  [`& .${CELL_INPUT_CLASS}`]: {
    display: 'block',
    width: '100%',
    minWidth: 0,
    height: '8',
    paddingInline: '2',
    fontSize: 'sm',
    lineHeight: '1.25rem',
    color: 'fg',
    background: 'bg',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    outline: 'none',
    transition: 'border-color 0.1s',
  },
  [`& textarea.${CELL_INPUT_CLASS}`]: { height: 'auto', minHeight: '8', paddingBlock: '1.5', resize: 'vertical' },
  [`& select.${CELL_INPUT_CLASS}`]: { appearance: 'auto', paddingInlineEnd: '1' },
  [`& .od-cell-calc`]: { fontSize: 'sm', textAlign: 'end', paddingInline: '1', lineHeight: '2rem', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  [`& .od-cell-remove`]: { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '8', height: '8', borderRadius: 'l2', color: 'fg.error', cursor: 'pointer' },
  [`& .od-cell-remove:hover`]: { background: 'red.subtle' },
  [`& .od-cell-remove:focus-visible`]: { outline: '2px solid', outlineColor: 'brand.solid' },
  [`& .${CELL_INPUT_CLASS}:focus-visible`]: { borderColor: 'brand.solid', boxShadow: '0 0 0 1px var(--chakra-colors-brand-solid)' },
  [`& .${CELL_INPUT_CLASS}[aria-invalid=true]`]: { borderColor: 'border.error' },
  [`& .${CELL_INPUT_CLASS}:disabled`]: { opacity: 0.6, cursor: 'not-allowed', background: 'bg.muted' },
  [`& .${CELL_INPUT_CLASS}::placeholder`]: { color: 'fg.subtle' },
  [`& .od-tr`]: { borderBottomWidth: '1px', borderColor: 'border.muted' },
  [`& .od-row-no`]: { display: 'inline-block', lineHeight: '2rem', fontSize: 'xs', color: 'fg.muted' },
  [`& .${CELL_ERROR_CLASS}`]: { fontSize: 'xs', color: 'fg.error', marginTop: '0.5' },
};
