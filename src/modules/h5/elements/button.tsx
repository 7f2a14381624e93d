import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { RectangleHorizontal } from 'lucide-react';
import { defineElement } from './element-def';
import { oneOf, text } from './prop-schemas';
import { ButtonRender } from './render/button';

/**
 * A button (luban-h5 lbp-button). Colours, font, border and radius are the element's commonStyle;
 * what a click does lives in element.events (link, tel, page, submit), run by the page runtime.
 */
export const VERTICAL_ALIGNS = ['top', 'middle', 'bottom'] as const;
export const verticalAlignOptions = [
  { value: 'top', label: msg`顶部` },
  { value: 'middle', label: msg`居中` },
  { value: 'bottom', label: msg`底部` },
] as const;

const schema = z.looseObject({ text: text('', 100), verticalAlign: oneOf(VERTICAL_ALIGNS, 'middle') });
type ButtonProps = z.output<typeof schema>;

export const buttonElement = defineElement<ButtonProps>({
  name: 'button',
  version: 1,
  label: msg`按钮`,
  icon: RectangleHorizontal,
  group: 'basic',
  defaultProps: () => ({ text: t`按钮`, verticalAlign: 'middle' }),
  defaultStyle: { width: 120, height: 40, left: 100, backgroundColor: '#2f6bff', color: '#ffffff', borderRadius: 4 },
  propsSchema: schema,
  fields: [
    { key: 'text', label: msg`按钮文字`, kind: 'text' },
    { key: 'verticalAlign', label: msg`垂直对齐`, kind: 'select', options: verticalAlignOptions },
  ],
  Render: ButtonRender,
});
