import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { QrCode } from 'lucide-react';
import type { ElementRenderProps } from '../element-def';
import { fill, inert, Placeholder } from '../render-kit';

/**
 * A QR code of a text or URL, drawn as SVG by the `qrcode` package, which is loaded only when a QR
 * code renders (it stays out of the editor's bundle and the published page's first load).
 */
export interface QrcodeProps {
  text: string;
  color: string;
  background: string;
  margin: number;
}

type Drawn = { key: string; src: string | null };

export function QrcodeRender({ props, mode }: ElementRenderProps<QrcodeProps>) {
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
