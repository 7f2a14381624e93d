import { useEffect, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { QrCode } from 'lucide-react';
import { defineElement, type ElementRenderProps } from './element-def';
import { fill, inert, Placeholder } from './render-kit';
import { hexColor, num, text } from './prop-schemas';

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

type Drawn = { key: string; src: string | null };

function QrcodeRender({ props, mode }: ElementRenderProps<QrcodeProps>) {
  const { t } = useLingui();
  const key = JSON.stringify([props.text, props.color, props.background, props.margin]);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    if (!props.text) return;
    let live = true;
    import('qrcode')
      .then(({ default: qr }) =>
        qr.toString(props.text, { type: 'svg', margin: props.margin, errorCorrectionLevel: 'M', color: { dark: props.color, light: props.background } }),
      )
      .then(
        (svg) => live && setDrawn({ key, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        () => live && setDrawn({ key, src: null }),
      );
    return () => {
      live = false;
    };
  }, [key, props.text, props.color, props.background, props.margin]);

  if (!props.text) return mode === 'edit' ? <Placeholder icon={QrCode} /> : null;
  const current = drawn?.key === key ? drawn : null;
  if (current && !current.src) return <Placeholder icon={QrCode}>{t`内容过长，无法生成二维码`}</Placeholder>;
  return (
    <div style={{ ...fill, ...inert(mode), background: props.background, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {current?.src ? (
        <img src={current.src} alt={props.text} draggable={false} style={{ ...fill, objectFit: 'contain', display: 'block' }} data-testid="h5-qrcode" />
      ) : null}
    </div>
  );
}

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
