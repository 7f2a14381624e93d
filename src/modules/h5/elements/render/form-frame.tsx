import type { CSSProperties, ReactNode } from 'react';
import type { RenderMode } from '../element-def';
import { fill, inert } from '../render-kit';

/**
 * The render half of the form-field elements (form-kit.tsx has their props and property fields):
 * the control style, the control attributes and the frame that lays a label beside (one-line
 * controls) or above (groups, text areas) the control. Free of zod and Lingui, so the published
 * runtime renders the same fields.
 */

/** One-line controls (input, select, date, region). */
export const controlStyle: CSSProperties = {
  width: '100%',
  height: '100%',
  minWidth: 0,
  boxSizing: 'border-box',
  margin: 0,
  padding: '0 8px',
  border: '1px solid #dcdfe6',
  borderRadius: 4,
  background: '#fff',
  color: 'inherit',
  font: 'inherit',
};

/**
 * Attributes of a form control: the HTML name is the element's uuid (part 2 collects answers by
 * uuid and maps them to the data key, formDetailOfWork.uuidMap2Name); in the editor the control is
 * out of reach of the keyboard.
 */
export const controlProps = (uuid: string, mode: RenderMode) => ({ name: uuid, ...(mode === 'edit' ? { tabIndex: -1 } : {}) });

export function FieldFrame({
  label,
  required,
  mode,
  stacked = false,
  children,
}: {
  label: string;
  required: boolean;
  mode: RenderMode;
  /** Label above the control instead of beside it. */
  stacked?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        ...fill,
        ...inert(mode),
        display: 'flex',
        flexDirection: stacked ? 'column' : 'row',
        alignItems: stacked ? 'stretch' : 'center',
        gap: stacked ? 4 : 8,
        textAlign: 'left',
      }}
    >
      {label ? (
        <span style={{ flex: 'none', whiteSpace: 'nowrap' }}>
          {label}
          {required ? (
            <span style={{ color: '#f56c6c', marginLeft: 2 }} aria-hidden>
              *
            </span>
          ) : null}
        </span>
      ) : null}
      <div style={{ flex: 1, alignSelf: 'stretch', minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{children}</div>
    </div>
  );
}
