// Build step (a Vite plugin, vite.config.ts): a brotli (.br) and a gzip (.gz) copy beside every
// compressible file of the build, at the highest levels, for the server to send as they are
// (server/plugins/static.ts). It runs last, after vite-plugin-pwa has written sw.js, so the
// service worker is compressed too; the worker's precache list names the plain files only.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|map)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** @param {string} dir @returns {Promise<string[]>} */
async function filesUnder(dir) {
  /** @type {string[]} */
  const out = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue; // .vite/manifest.json is not served
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else if (e.isFile() && COMPRESSIBLE.test(e.name)) out.push(p);
  }
  return out;
}

/**
 * Writes `file.br` and `file.gz` when smaller than `file` (and removes a stale copy otherwise).
 * @param {string} file
 */
async function compressFile(file) {
  const plain = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzip(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const sizes = { plain: plain.length, br: plain.length, gz: plain.length };
  for (const [ext, data] of /** @type {const} */ ([['br', br], ['gz', gz]])) {
    const target = `${file}.${ext}`;
    if (data.length < plain.length) {
      await fs.writeFile(target, data);
      sizes[ext] = data.length;
    } else {
      await fs.rm(target, { force: true });
    }
  }
  return sizes;
}

/**
 * Compresses every compressible file under `dir`; returns the totals.
 * @param {string} dir
 */
export async function precompressDir(dir) {
  const files = await filesUnder(dir);
  const totals = { files: files.length, plain: 0, br: 0, gz: 0 };
  // zlib's async calls run on libuv's thread pool, which bounds the parallelism by itself.
  for (const s of await Promise.all(files.map(compressFile))) {
    totals.plain += s.plain;
    totals.br += s.br;
    totals.gz += s.gz;
  }
  return totals;
}

/** @returns {import('vite').Plugin} */
export function precompress() {
  let outDir = '';
  /** @param {string} msg */
  let log = (msg) => console.log(msg);
  return {
    name: 'yunmian:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (msg) => config.logger.info(msg);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      /** @param {Error | undefined} error */
      async handler(error) {
        if (error) return;
        const t = await precompressDir(outDir);
        const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;
        log(`precompressed ${t.files} files: ${kb(t.plain)} → br ${kb(t.br)}, gzip ${kb(t.gz)}`);
      },
    },
  };
}
