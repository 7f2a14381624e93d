import { describe, expect, it } from 'vitest';
import { getLayerImageData, initializeCanvas, readPsd, writePsdUint8Array, type Layer } from 'ag-psd';
import { checkPsdFile, colorToHex, psdToSpecs, PSD_MAX_BYTES, textToHtml, visibleLayers, type PictureSpec, type PsdDoc, type PsdLayer, type TextSpec } from './convert';

// Node has no canvas: ag-psd's decoded pixels are plain RGBA arrays (as with useImageData in the worker).
initializeCanvas(
  () => {
    throw new Error('no canvas in tests');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as ImageData,
);

const fill = (width: number, height: number, rgba: [number, number, number, number]) => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set(rgba, i * 4);
  return { width, height, data };
};

/** A 640-wide design (twice the work's 320): background, a group with a button and a hidden badge, a title, an empty layer. */
function fixture(): Uint8Array {
  const psd = {
    width: 640,
    height: 1136,
    children: [
      { name: '背景', left: 0, top: 0, right: 640, bottom: 1136, imageData: fill(640, 1136, [250, 240, 230, 255]) },
      {
        name: '按钮组',
        opened: true,
        children: [
          { name: '按钮', left: 100, top: 900, right: 540, bottom: 1000, opacity: 0.8, imageData: fill(440, 100, [255, 80, 0, 255]) },
          { name: '角标', hidden: true, left: 500, top: 880, right: 560, bottom: 940, imageData: fill(60, 60, [0, 0, 255, 255]) },
        ],
      },
      { name: '隐藏组', hidden: true, children: [{ name: '组内', left: 0, top: 0, right: 10, bottom: 10, imageData: fill(10, 10, [1, 1, 1, 255]) }] },
      {
        name: '标题',
        left: 40,
        top: 100,
        right: 40,
        bottom: 100,
        text: { text: '床垫节\r<限时> 5折', transform: [1, 0, 0, 1, 320, 160], style: { fontSize: 48, fillColor: { r: 255, g: 0, b: 0 } }, paragraphStyle: { justification: 'center' } },
      },
      { name: '透明', left: 0, top: 0, right: 20, bottom: 20, imageData: fill(20, 20, [0, 0, 0, 0]) },
    ],
  } as unknown as Parameters<typeof writePsdUint8Array>[0];
  return writePsdUint8Array(psd, { invalidateTextLayers: true });
}

/** Reads as the worker does: the structure first, each layer's pixels decoded on demand. */
function convert(bytes: Uint8Array, workWidth = 320) {
  const psd = readPsd(bytes, { useRawData: true, skipThumbnail: true, skipCompositeImageData: true });
  return psdToSpecs(psd as unknown as PsdDoc, workWidth, (l) => getLayerImageData(l as Layer));
}

describe('PSD file checks', () => {
  it('refuses a file over 50 MB and one that does not start with 8BPS', () => {
    const head = new TextEncoder().encode('8BPS');
    expect(checkPsdFile(1000, head)).toBeNull();
    expect(checkPsdFile(PSD_MAX_BYTES, head)).toBeNull();
    expect(checkPsdFile(PSD_MAX_BYTES + 1, head)).toBe('tooLarge');
    expect(checkPsdFile(1000, new TextEncoder().encode('\x89PNG'))).toBe('notPsd');
    expect(checkPsdFile(2, new TextEncoder().encode('8B'))).toBe('notPsd');
    expect(checkPsdFile(fixture().length, fixture().subarray(0, 4))).toBeNull();
  });
});

describe('PSD layers → element specs', () => {
  it('turns a real PSD (written with ag-psd) into pictures and texts, bottom layer first, scaled to the work width', () => {
    const specs = convert(fixture());
    expect(specs.map((s) => [s.kind, s.name])).toEqual([
      ['picture', '背景'],
      ['picture', '按钮'],
      ['text', '标题'],
    ]);
    const [bg, button] = specs as [PictureSpec, PictureSpec, TextSpec];
    // 640 → 320: everything halves.
    expect(bg.commonStyle).toMatchObject({ left: 0, top: 0, width: 320, height: 568, opacity: 1 });
    expect(button.commonStyle).toMatchObject({ left: 50, top: 450, width: 220, height: 50 });
    expect(button.commonStyle.opacity).toBeCloseTo(0.8, 2);
    // The layer's own pixels go with the picture (uploaded later).
    expect(button.pixels.width).toBe(440);
    expect(button.pixels.height).toBe(100);
    expect(Array.from(button.pixels.data).slice(0, 4)).toEqual([255, 80, 0, 255]);
    expect(button.pluginProps).toEqual({ alt: '按钮', fit: 'fill' });
  });

  it('keeps a text layer as text: content, colour, alignment and the font size scaled', () => {
    const title = convert(fixture()).find((s) => s.kind === 'text') as TextSpec;
    expect(title.pluginProps.text).toBe('<p>床垫节</p><p>&lt;限时&gt; 5折</p>');
    expect(title.commonStyle.fontSize).toBe(24);
    expect(title.commonStyle.color).toBe('#ff0000');
    expect(title.commonStyle.textAlign).toBe('center');
    // No rendered pixels in this file: the box is estimated around the anchor (centred on x = 320 → 160).
    const { left = 0, width = 0, top = 0 } = title.commonStyle;
    expect(left + width / 2).toBeCloseTo(160, 0);
    expect(top).toBeCloseTo((160 - 48) / 2, 0);
  });

  it('uses a text layer’s own bounds and its transform’s scale when Photoshop gave them', () => {
    const doc: PsdDoc = {
      width: 1242,
      height: 2208,
      children: [
        {
          name: 'price',
          left: 100,
          top: 200,
          right: 700,
          bottom: 300,
          text: { text: '¥1999', transform: [2, 0, 0, 2, 100, 280], style: { fontSize: 30, fillColor: { fr: 0, fg: 0.5, fb: 1 } }, paragraphStyle: { justification: 'right' } },
        },
      ],
    };
    const [price] = psdToSpecs(doc, 414) as [TextSpec];
    // 414 / 1242 = 1/3; size 30 × 2 = 60 → 20.
    expect(price.commonStyle).toMatchObject({ left: 33.3, top: 66.7, width: 200, height: 33.3, fontSize: 20, color: '#0080ff', textAlign: 'right' });
  });

  it('skips hidden layers, layers in hidden groups, empty and fully transparent layers, and blank texts', () => {
    const doc: PsdDoc = {
      width: 320,
      height: 568,
      children: [
        { name: 'no size', left: 10, top: 10, right: 10, bottom: 40, imageData: fill(1, 1, [0, 0, 0, 255]) },
        { name: 'no pixels', left: 0, top: 0, right: 10, bottom: 10 },
        { name: 'clear', left: 0, top: 0, right: 2, bottom: 2, imageData: fill(2, 2, [9, 9, 9, 0]) },
        { name: 'blank text', text: { text: '  \n ' } },
        { name: 'hidden', hidden: true, left: 0, top: 0, right: 2, bottom: 2, imageData: fill(2, 2, [9, 9, 9, 255]) },
        { name: 'off group', hidden: true, children: [{ name: 'in', left: 0, top: 0, right: 2, bottom: 2, imageData: fill(2, 2, [9, 9, 9, 255]) }] },
        { name: 'kept', left: 0, top: 0, right: 2, bottom: 2, imageData: fill(2, 2, [9, 9, 9, 1]) },
      ],
    };
    expect(psdToSpecs(doc, 320).map((s) => s.name)).toEqual(['kept']);
  });

  it('flattens nested groups in drawing order', () => {
    const leaf = (name: string): PsdLayer => ({ name, left: 0, top: 0, right: 1, bottom: 1, imageData: fill(1, 1, [0, 0, 0, 255]) });
    const doc: PsdDoc = { width: 320, height: 568, children: [leaf('a'), { name: 'g', children: [leaf('b'), { name: 'g2', children: [leaf('c')] }, leaf('d')] }, leaf('e')] };
    expect(visibleLayers(doc.children).map((l) => l.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(psdToSpecs(doc, 320).map((s) => s.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('helpers', () => {
  it('writes colours as hex and texts as escaped paragraphs', () => {
    expect(colorToHex({ r: 255, g: 127.9998, b: 0 })).toBe('#ff8000');
    expect(colorToHex({ k: 255 })).toBe('#000000');
    expect(colorToHex(undefined)).toBe('#000000');
    expect(textToHtml('a\r\rb<script>')).toBe('<p>a</p><p><br></p><p>b&lt;script&gt;</p>');
    expect(textToHtml('粗体', true)).toBe('<p><strong>粗体</strong></p>');
  });
});
