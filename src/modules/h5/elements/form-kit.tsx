import type { CSSProperties, ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import type { PropField } from './element-def';
import { fill, inert } from './render-kit';
import { bool, fieldName, oneOf, text } from './prop-schemas';
import type { RenderMode } from './element-def';

/**
 * What the form-field elements share: the props every field has (`name`, the data key part 2
 * collects the answer under; its label; required), their property fields, and the frame that
 * lays a label beside (one-line controls) or above (groups, text areas) the control.
 */
export const formFieldShape = (name: string) => ({
  name: fieldName(name),
  label: text('', 60),
  required: bool(false),
});

export const LAYOUTS = ['horizontal', 'vertical'] as const;
export const layout = () => oneOf(LAYOUTS, 'horizontal');

export const nameField: PropField<'name'> = { key: 'name', label: msg`字段名（数据键）`, kind: 'text', placeholder: msg`如 name、mobile、birthday` };
export const labelField: PropField<'label'> = { key: 'label', label: msg`标题`, kind: 'text' };
export const requiredField: PropField<'required'> = { key: 'required', label: msg`必填`, kind: 'switch' };
export const placeholderField: PropField<'placeholder'> = { key: 'placeholder', label: msg`占位提示`, kind: 'text' };
export const optionsField: PropField<'options'> = { key: 'options', label: msg`选项`, kind: 'options', max: 50 };
export const layoutField: PropField<'layout'> = {
  key: 'layout',
  label: msg`排列方式`,
  kind: 'select',
  options: [
    { value: 'horizontal', label: msg`横向` },
    { value: 'vertical', label: msg`纵向` },
  ],
};

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
