import type { PixelData } from './convert';

/**
 * RGBA pixels → a PNG blob, with an OffscreenCanvas (in the worker and in current browsers) or a
 * canvas element. The pixels are put as they are (no premultiplied-alpha round trip through
 * drawImage), so a layer's transparent edges stay as Photoshop had them.
 */
export async function encodePng(px: PixelData): Promise<Blob> {
  const data = px.data instanceof Uint8ClampedArray ? px.data : Uint8ClampedArray.from(px.data);
  const image = new ImageData(data as Uint8ClampedArray<ArrayBuffer>, px.width, px.height);
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(px.width, px.height);
    canvas.getContext('2d')!.putImageData(image, 0, 0);
    return canvas.convertToBlob({ type: 'image/png' });
  }
  const canvas = document.createElement('canvas');
  canvas.width = px.width;
  canvas.height = px.height;
  canvas.getContext('2d')!.putImageData(image, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}
