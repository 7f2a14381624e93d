import type { ElementRenderProps } from '../element-def';
import { fill, inert } from '../render-kit';

/**
 * A button (luban-h5 lbp-button); form-submit draws the same. Colours, font, border and radius are
 * the element's commonStyle; what a click does lives in element.events, run by the page runtime.
 */
export const flexAlign = { top: 'flex-start', middle: 'center', bottom: 'flex-end' } as const;

export interface ButtonProps {
  text: string;
  verticalAlign: keyof typeof flexAlign;
}

export function ButtonRender({ props, mode }: ElementRenderProps<ButtonProps>) {
  return (
    <button
      type="button"
      tabIndex={mode === 'edit' ? -1 : undefined}
      style={{
        ...fill,
        ...inert(mode),
        display: 'flex',
        flexDirection: 'column',
        justifyContent: flexAlign[props.verticalAlign],
        padding: 0,
        margin: 0,
        border: 'none',
        background: 'transparent',
        color: 'inherit',
        font: 'inherit',
        textAlign: 'inherit',
        cursor: mode === 'preview' ? 'pointer' : 'default',
      }}
    >
      <span style={{ width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{props.text}</span>
    </button>
  );
}
