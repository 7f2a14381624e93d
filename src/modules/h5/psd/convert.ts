import type { CommonStyle } from '@/contracts/h5';

/**
 * PSD → element specs (issue 19, PSD import): plain TypeScript over the layer tree as ag-psd reads
 * it (`Psd`, `Layer`; only the fields used here are typed, so tests build plain objects). No DOM,
 * no ag-psd import: the worker (psd-worker.ts) reads the file and hands the layers here.
 *
 * - Each visible leaf layer becomes one element, in drawing order (bottom layer first, so the
 *   lowest zindex); groups are flattened in order; a hidden group hides everything in it.
 * - Positions and sizes are scaled to the work's width (work.width / psd.width).
 * - Text layers → `text` elements (content as paragraphs, font size × the text's own transform ×
 *   the scale, fill colour, paragraph alignment); other layers with pixels → `picture` elements
 *   whose image is the layer's pixels (uploaded later, see import-psd.ts).
 * - Empty layers (no size, no pixels, or every pixel transparent) are skipped.
 */

/** Pixels as ag-psd gives them with `useImageData` / getLayerImageData: RGBA, 8 bits a channel. */
export interface PixelData {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

/** The colours ag-psd reads (RGB 0-255, FRGB 0-1, grayscale). */
export type PsdColor = { r: number; g: number; b: number } | { fr: number; fg: number; fb: number } | { k: number } | Record<string, number>;

export interface PsdTextData {
  text: string;
  /** [xx, xy, yx, yy, tx, ty]: the text's own scale and its anchor (the first baseline). */
  transform?: number[];
  style?: { fontSize?: number; fillColor?: PsdColor; fauxBold?: boolean };
  paragraphStyle?: { justification?: string };
  shapeType?: 'point' | 'box';
  /** Box text: [left, top, right, bottom] relative to the anchor. */
  boxBounds?: number[];
}

export interface PsdLayer {
  name?: string;
  top?: number;
  left?: number;
  bottom?: number;
  right?: number;
  opacity?: number;
  hidden?: boolean;
  children?: PsdLayer[];
  text?: PsdTextData;
  imageData?: PixelData;
}

export interface PsdDoc {
  width: number;
  height: number;
  children?: PsdLayer[];
}

/** A text layer's element, ready for newElement('text', …). */
export interface TextSpec {
  kind: 'text';
  name: string;
  commonStyle: Partial<CommonStyle>;
  pluginProps: { text: string };
}

/** A pixel layer's element: `pixels` become the picture's image (imgSrc is set once uploaded). */
export interface PictureSpec<P = PixelData> {
  kind: 'picture';
  name: string;
  commonStyle: Partial<CommonStyle>;
  pluginProps: { alt: string; fit: 'fill' };
  pixels: P;
}

export type LayerSpec<P = PixelData> = TextSpec | PictureSpec<P>;

/** The largest PSD file taken, in bytes (issue 19: over 50 MB gets a clear error). */
export const PSD_MAX_BYTES = 50 * 1024 * 1024;
/** A PSD starts with these four bytes. */
export const PSD_SIGNATURE = '8BPS';
/** Canvas and layer sides above this are refused (ag-psd's advice for files from users). */
export const PSD_MAX_SIDE = 30_000;

/** More layers than this (groups included) is refused: a page holds at most PAGE_MAX_ELEMENTS. */
export const PSD_MAX_LAYERS = 1000;

/** Why a PSD cannot be imported (each has a Chinese message in import-psd.ts). */
export type PsdProblem = 'tooLarge' | 'notPsd' | 'unreadable' | 'tooBig' | 'tooManyLayers' | 'empty' | 'tooManyElements' | 'offline' | 'uploadFailed';

export class PsdImportError extends Error {
  constructor(
    readonly problem: PsdProblem,
    detail?: string,
  ) {
    super(detail ?? problem);
    this.name = 'PsdImportError';
  }
}

/** Checks a file before reading it: its size and its first bytes. */
export function checkPsdFile(size: number, head: ArrayLike<number>): PsdProblem | null {
  if (size > PSD_MAX_BYTES) return 'tooLarge';
  if (head.length < 4 || String.fromCharCode(head[0]!, head[1]!, head[2]!, head[3]!) !== PSD_SIGNATURE) return 'notPsd';
  return null;
}

/** The visible leaf layers, bottom first (ag-psd lists children bottom to top); hidden groups hide their children. */
export function visibleLayers(layers: readonly PsdLayer[] | undefined): PsdLayer[] {
  const out: PsdLayer[] = [];
  const walk = (list: readonly PsdLayer[] | undefined) => {
    for (const layer of list ?? []) {
      if (layer.hidden) continue;
      if (layer.children) walk(layer.children);
      else out.push(layer);
    }
  };
  walk(layers);
  return out;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const clamp255 = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
const hex2 = (n: number) => clamp255(n).toString(16).padStart(2, '0');

/** A PSD colour as #rrggbb (black when it is of a kind without a plain RGB reading). */
export function colorToHex(c: PsdColor | undefined): string {
  if (!c) return '#000000';
  const v = c as Record<string, number>;
  if (typeof v.r === 'number' && typeof v.g === 'number' && typeof v.b === 'number') return `#${hex2(v.r)}${hex2(v.g)}${hex2(v.b)}`;
  if (typeof v.fr === 'number' && typeof v.fg === 'number' && typeof v.fb === 'number') return `#${hex2(v.fr * 255)}${hex2(v.fg * 255)}${hex2(v.fb * 255)}`;
  if (typeof v.k === 'number' && Object.keys(v).length === 1) return `#${hex2(255 - v.k)}${hex2(255 - v.k)}${hex2(255 - v.k)}`;
  return '#000000';
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A text layer's content as the text element's HTML: one paragraph per line. */
export function textToHtml(text: string, bold = false): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const inner = line ? escapeHtml(line) : '<br>';
      return `<p>${bold && line ? `<strong>${inner}</strong>` : inner}</p>`;
    })
    .join('');
}

/** Whether every pixel is transparent (an empty layer). */
export function isTransparent(px: PixelData): boolean {
  const d = px.data;
  for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) return false;
  return true;
}

const ALIGNS: Record<string, CommonStyle['textAlign']> = { left: 'left', center: 'center', right: 'right', 'justify-left': 'justify', 'justify-center': 'justify', 'justify-right': 'justify', 'justify-all': 'justify' };

/** A rough width of a line at `size`: CJK and full-width characters are square, others about 0.6 of it. */
const lineWidth = (line: string, size: number) => [...line].reduce((w, ch) => w + (/[\u2e80-\uffef]/.test(ch) ? size : size * 0.6), 0);

/** A layer's box in PSD pixels, or null when it has no area. */
function layerBox(layer: PsdLayer): { left: number; top: number; width: number; height: number } | null {
  const left = layer.left ?? 0;
  const top = layer.top ?? 0;
  const width = (layer.right ?? left) - left;
  const height = (layer.bottom ?? top) - top;
  return width > 0 && height > 0 ? { left, top, width, height } : null;
}

/**
 * A text layer's box: the layer's bounds when it has pixels (Photoshop renders them); otherwise
 * the text box (box text) or an estimate from the anchor, the font size and the lines (point text).
 */
function textBox(layer: PsdLayer, text: PsdTextData, size: number) {
  const own = layerBox(layer);
  if (own) return own;
  const [, , , , tx = layer.left ?? 0, ty = layer.top ?? 0] = text.transform ?? [];
  const b = text.boxBounds;
  if (text.shapeType === 'box' && b && b.length === 4 && b[2]! > b[0]! && b[3]! > b[1]!) return { left: tx + b[0]!, top: ty + b[1]!, width: b[2]! - b[0]!, height: b[3]! - b[1]! };
  const lines = text.text.replace(/\r\n?/g, '\n').split('\n');
  const width = Math.max(size, ...lines.map((l) => lineWidth(l, size)));
  const height = lines.length * size * 1.2;
  const justify = text.paragraphStyle?.justification;
  const left = justify === 'center' ? tx - width / 2 : justify === 'right' ? tx - width : tx;
  return { left, top: ty - size, width, height };
}

function styleOf(box: { left: number; top: number; width: number; height: number }, scale: number, opacity: number | undefined): Partial<CommonStyle> {
  return {
    left: round1(box.left * scale),
    top: round1(box.top * scale),
    width: round1(box.width * scale),
    height: round1(box.height * scale),
    rotate: 0,
    opacity: typeof opacity === 'number' && Number.isFinite(opacity) ? Math.max(0, Math.min(1, opacity)) : 1,
    backgroundColor: 'transparent',
  };
}

function textSpec(layer: PsdLayer, text: PsdTextData, scale: number): TextSpec | null {
  if (!text.text.trim()) return null;
  const [xx = 1, xy = 0, yx = 0, yy = 1] = text.transform ?? [];
  const own = Math.sqrt(yx * yx + yy * yy) || Math.sqrt(xx * xx + xy * xy) || 1;
  const size = (text.style?.fontSize ?? 12) * own;
  const box = textBox(layer, text, size);
  return {
    kind: 'text',
    name: layer.name ?? '',
    commonStyle: {
      ...styleOf(box, scale, layer.opacity),
      fontSize: Math.max(1, round1(size * scale)),
      color: colorToHex(text.style?.fillColor),
      textAlign: ALIGNS[text.paragraphStyle?.justification ?? 'left'] ?? 'left',
      lineHeight: 1.2,
    },
    pluginProps: { text: textToHtml(text.text, text.style?.fauxBold === true) },
  };
}

/**
 * The element specs of a PSD for a work `workWidth` wide, bottom layer first, without decoding
 * any pixels: a picture's `pixels` is the layer itself, to decode (and drop if fully transparent)
 * one at a time, so a large file never holds every layer's bitmap at once (the worker does this).
 */
export function* layerSpecs(psd: PsdDoc, workWidth: number): Generator<LayerSpec<PsdLayer>> {
  const scale = psd.width > 0 ? workWidth / psd.width : 1;
  for (const layer of visibleLayers(psd.children)) {
    if (layer.text) {
      const spec = textSpec(layer, layer.text, scale);
      if (spec) yield spec;
      continue;
    }
    const box = layerBox(layer);
    if (box) yield { kind: 'picture', name: layer.name ?? '', commonStyle: styleOf(box, scale, layer.opacity), pluginProps: { alt: layer.name ?? '', fit: 'fill' }, pixels: layer };
  }
}

/** Whether decoded pixels are worth a picture (some area, not every pixel transparent). */
export const hasPixels = (px: PixelData | undefined): px is PixelData => Boolean(px && px.width > 0 && px.height > 0 && !isTransparent(px));

/**
 * The element specs of a PSD with each picture's pixels decoded by `pixelsOf` (ag-psd's
 * getLayerImageData; the layer's own imageData by default); empty layers are left out.
 */
export function psdToSpecs(psd: PsdDoc, workWidth: number, pixelsOf: (layer: PsdLayer) => PixelData | undefined = (l) => l.imageData): LayerSpec[] {
  const specs: LayerSpec[] = [];
  for (const spec of layerSpecs(psd, workWidth)) {
    if (spec.kind === 'text') specs.push(spec);
    else {
      const pixels = pixelsOf(spec.pixels);
      if (hasPixels(pixels)) specs.push({ ...spec, pixels });
    }
  }
  return specs;
}

/** How many layers a PSD has in all (groups and their children), for the layer limit. */
export function countLayers(layers: readonly PsdLayer[] | undefined): number {
  let n = 0;
  for (const l of layers ?? []) n += 1 + countLayers(l.children);
  return n;
}
