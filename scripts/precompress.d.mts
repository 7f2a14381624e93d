import type { Plugin } from 'vite';

/** Compresses every compressible file under `dir` (a `.br` and a `.gz` copy beside each); returns the totals. */
export function precompressDir(dir: string): Promise<{ files: number; plain: number; br: number; gz: number }>;
/** The Vite plugin: precompresses the build's output once everything (sw.js too) is written. */
export function precompress(): Plugin;
