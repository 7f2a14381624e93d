import { describe, expect, it } from 'vitest';
import { writePsdUint8Array } from 'ag-psd';
import type { PixelData } from './convert';
import { decodePsd, type DecodeProgress } from './decode';

const fill = (width: number, height: number, alpha: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4).map((_, i) => (i % 4 === 3 ? alpha : 200)) });

const file = (children: object[]) => writePsdUint8Array({ width: 100, height: 200, children } as Parameters<typeof writePsdUint8Array>[0]);

describe('decodePsd (what the worker runs)', () => {
  it('decodes layer by layer, encodes each picture, reports progress and drops transparent layers', async () => {
    const bytes = file([
      { name: 'a', left: 0, top: 0, right: 100, bottom: 50, imageData: fill(100, 50, 255) },
      { name: 'clear', left: 0, top: 0, right: 10, bottom: 10, imageData: fill(10, 10, 0) },
      { name: 'b', left: 50, top: 100, right: 60, bottom: 120, imageData: fill(10, 20, 128) },
    ]);
    const encoded: PixelData[] = [];
    const progress: DecodeProgress[] = [];
    const specs = await decodePsd(
      bytes,
      320,
      async (px) => {
        encoded.push(px);
        return new Blob([`png ${px.width}x${px.height}`]);
      },
      (p) => progress.push(p),
    );
    expect(specs.map((s) => s.name)).toEqual(['a', 'b']);
    expect(encoded.map((p) => [p.width, p.height])).toEqual([
      [100, 50],
      [10, 20],
    ]);
    const b = specs[1]!;
    expect(await (b.kind === 'picture' ? b.pixels.text() : '')).toBe('png 10x20');
    // 100 → 320 wide: × 3.2.
    expect(specs[1]!.commonStyle).toMatchObject({ left: 160, top: 320, width: 32, height: 64 });
    expect(progress).toEqual([
      { done: 0, total: 3 },
      { done: 1, total: 3 },
      { done: 2, total: 3 },
      { done: 3, total: 3 },
    ]);
  });

  it('refuses a broken file and one with nothing visible', async () => {
    const enc = async () => new Blob([]);
    await expect(decodePsd(new TextEncoder().encode('8BPS not really a psd'), 320, enc)).rejects.toMatchObject({ problem: 'unreadable' });
    await expect(decodePsd(file([{ name: 'h', hidden: true, left: 0, top: 0, right: 10, bottom: 10, imageData: fill(10, 10, 255) }]), 320, enc)).rejects.toMatchObject({
      problem: 'empty',
    });
  });
});
