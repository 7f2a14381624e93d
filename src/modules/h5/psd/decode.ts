import { getLayerImageData, initializeCanvas, readPsd, type Layer } from 'ag-psd';
import { countLayers, hasPixels, layerSpecs, PSD_MAX_LAYERS, PSD_MAX_SIDE, PsdImportError, type LayerSpec, type PixelData, type PsdDoc } from './convert';

/**
 * Reads a PSD file's bytes into element specs with each picture's pixels encoded (PNG), one layer
 * at a time: the structure first (ag-psd `useRawData`, no bitmap decoded), the limits checked,
 * then each visible layer's pixels decoded, dropped when fully transparent, encoded and let go
 * (ag-psd's advice for files from users). Runs in the worker (psd-worker.ts), on the main thread
 * when workers are missing, and in the bench.
 */

export type EncodedSpec = LayerSpec<Blob>;

export interface DecodeProgress {
  /** Layers handled so far, of `total` (the visible ones). */
  done: number;
  total: number;
}

let ready = false;
/** ag-psd makes image data through a canvas by default: plain RGBA arrays are enough here (and work in a worker and in Node). */
function initPlainImageData() {
  if (ready) return;
  ready = true;
  initializeCanvas(
    () => {
      throw new Error('canvas not used');
    },
    (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as ImageData,
  );
}

/** The document's structure (no pixels yet), or PsdImportError('unreadable' | 'tooBig' | 'tooManyLayers' | 'empty'). */
export function readStructure(buffer: ArrayBuffer | Uint8Array): PsdDoc {
  initPlainImageData();
  let psd: PsdDoc;
  try {
    psd = readPsd(buffer, { useRawData: true, skipThumbnail: true, skipCompositeImageData: true, skipLinkedFilesData: true }) as unknown as PsdDoc;
  } catch (e) {
    throw new PsdImportError('unreadable', e instanceof Error ? e.message : String(e));
  }
  if (!(psd.width > 0) || !(psd.height > 0) || psd.width > PSD_MAX_SIDE || psd.height > PSD_MAX_SIDE) throw new PsdImportError('tooBig');
  if (countLayers(psd.children) > PSD_MAX_LAYERS) throw new PsdImportError('tooManyLayers');
  return psd;
}

/**
 * The element specs of a PSD for a work `workWidth` wide, pictures carrying their PNG. `encode`
 * turns RGBA pixels into a PNG (encode-png.ts in a browser). `onProgress` after each layer.
 */
export async function decodePsd(
  buffer: ArrayBuffer | Uint8Array,
  workWidth: number,
  encode: (px: PixelData) => Promise<Blob>,
  onProgress: (p: DecodeProgress) => void = () => {},
): Promise<EncodedSpec[]> {
  const psd = readStructure(buffer);
  const pending = [...layerSpecs(psd, workWidth)];
  const out: EncodedSpec[] = [];
  onProgress({ done: 0, total: pending.length });
  for (const [i, spec] of pending.entries()) {
    if (spec.kind === 'text') out.push(spec);
    else {
      let pixels: PixelData | undefined;
      try {
        pixels = getLayerImageData(spec.pixels as Layer);
      } catch (e) {
        throw new PsdImportError('unreadable', e instanceof Error ? e.message : String(e));
      }
      if (hasPixels(pixels)) out.push({ ...spec, pixels: await encode(pixels) });
    }
    onProgress({ done: i + 1, total: pending.length });
  }
  if (out.length === 0) throw new PsdImportError('empty');
  return out;
}
