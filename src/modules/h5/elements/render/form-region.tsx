import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ElementRenderProps } from '../element-def';
import { controlProps, controlStyle, FieldFrame } from './form-frame';

/**
 * Province / city / district of a form: three plain selects with their placeholders (the region
 * data needs a public source; see form-region.tsx). Each select is named `{uuid}.{level}`.
 */
export interface FormRegionProps {
  label: string;
  required: boolean;
  depth: '2' | '3';
}
const LEVELS = [msg`省份`, msg`城市`, msg`区县`];

export function FormRegionRender({ element, props, mode }: ElementRenderProps<FormRegionProps>) {
  const { i18n } = useLingui();
  const levels = LEVELS.slice(0, Number(props.depth)).map((m) => i18n._(m));
  return (
    <FieldFrame label={props.label} required={props.required} mode={mode}>
      <div style={{ display: 'flex', gap: 4, height: '100%' }}>
        {levels.map((placeholder, i) => (
          <select
            key={i}
            {...controlProps(`${element.uuid}.${i}`, mode)}
            required={props.required}
            defaultValue=""
            aria-label={placeholder}
            style={{ ...controlStyle, flex: 1, padding: '0 4px' }}
          >
            <option value="" disabled>
              {placeholder}
            </option>
          </select>
        ))}
      </div>
    </FieldFrame>
  );
}
