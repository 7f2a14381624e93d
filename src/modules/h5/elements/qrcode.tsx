import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { QrCode } from 'lucide-react';
import { defineElement } from './element-def';
import { hexColor, num, text } from './prop-schemas';
import { QrcodeRender } from './render/qrcode';

/**
 * A QR code of a text or URL, drawn as SVG by the `qrcode` package, which is loaded only when a QR
 * code renders (it stays out of the editor's bundle).
 */
const schema = z.looseObject({
  text: text('', 1000),
  color: hexColor('#000000'),
  background: hexColor('#ffffff'),
  margin: num(1, 0, 10, true),
});
type QrcodeProps = z.output<typeof schema>;

export const qrcodeElement = defineElement<QrcodeProps>({
  name: 'qrcode',
  version: 1,
  label: msg`二维码`,
  icon: QrCode,
  group: 'basic',
  defaultProps: () => ({ text: 'https://', color: '#000000', background: '#ffffff', margin: 1 }),
  defaultStyle: { width: 120, height: 120, left: 100 },
  propsSchema: schema,
  fields: [
    { key: 'text', label: msg`二维码内容`, kind: 'textarea', placeholder: msg`网址或文字` },
    { key: 'color', label: msg`前景色`, kind: 'color' },
    { key: 'background', label: msg`背景色`, kind: 'color' },
    { key: 'margin', label: msg`留白`, kind: 'number', min: 0, max: 10, step: 1 },
  ],
  Render: QrcodeRender,
});
