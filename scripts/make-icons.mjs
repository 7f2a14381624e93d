#!/usr/bin/env node
// Draws the Yunmian (云眠, "cloud sleep") logo — a white crescent moon resting on a small cloud,
// on a blue rounded square — and writes the favicon and the web-app-manifest icons to public/.
// Dependency-free: the shapes are simple geometry, anti-aliased by supersampling, and the PNGs
// are encoded by hand (node:zlib deflate + CRC32).
//
//   node scripts/make-icons.mjs
//
// Output:
//   public/favicon.svg
//   public/icons/icon-192.png         rounded square, transparent corners (purpose "any")
//   public/icons/icon-512.png         rounded square, transparent corners (purpose "any")
//   public/icons/maskable-512.png     full-bleed blue, logo inside the 80 % safe zone (purpose "maskable")
//   public/icons/apple-touch-icon.png 180x180, full-bleed blue (iOS rounds the corners itself)

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'public');

// ---------------------------------------------------------------------------------------------
// Geometry, in the 64 x 64 design space of favicon.svg.

const BLUE = [0x18, 0x90, 0xff];
const WHITE = [0xff, 0xff, 0xff];
const CORNER = 14; // rounded-square corner radius

/** Crescent = the moon disc minus the shadow disc. */
const MOON = { x: 26, y: 27, r: 16 };
const SHADOW = { x: 35.5, y: 19.5, r: 13.5 };

/** Cloud = union of three puffs and a flat-bottomed capsule, with a blue gap around it. */
const PUFFS = [
  { x: 34.5, y: 44, r: 6 },
  { x: 42.5, y: 40, r: 8 },
  { x: 49.5, y: 45, r: 5.5 },
];
const BASE = { x1: 34.5, x2: 49.5, y: 47, r: 3.5 }; // horizontal capsule
const GAP = 2.5; // width of the blue gap that separates the cloud from the moon

const inCircle = (c, x, y, grow = 0) => (x - c.x) ** 2 + (y - c.y) ** 2 <= (c.r + grow) ** 2;

function inCapsule(b, x, y, grow = 0) {
  const cx = Math.min(Math.max(x, b.x1), b.x2);
  return (x - cx) ** 2 + (y - b.y) ** 2 <= (b.r + grow) ** 2;
}

const inCloud = (x, y, grow = 0) => PUFFS.some((p) => inCircle(p, x, y, grow)) || inCapsule(BASE, x, y, grow);
const inCrescent = (x, y) => inCircle(MOON, x, y) && !inCircle(SHADOW, x, y);

function inRoundedSquare(x, y, size, radius) {
  if (x < 0 || y < 0 || x > size || y > size) return false;
  const dx = Math.max(radius - x, x - (size - radius), 0);
  const dy = Math.max(radius - y, y - (size - radius), 0);
  return dx * dx + dy * dy <= radius * radius;
}

/**
 * Colour of one sample point in design space, or null where the icon is transparent.
 * `logoScale` shrinks the moon and cloud about the centre (used for the maskable icon).
 */
function sample(x, y, { rounded, logoScale }) {
  const inside = rounded ? inRoundedSquare(x, y, 64, CORNER) : x >= 0 && y >= 0 && x <= 64 && y <= 64;
  if (!inside) return null;
  const lx = 32 + (x - 32) / logoScale;
  const ly = 32 + (y - 32) / logoScale;
  if (inCloud(lx, ly)) return WHITE;
  if (inCloud(lx, ly, GAP)) return BLUE;
  if (inCrescent(lx, ly)) return WHITE;
  return BLUE;
}

/** Rasterises the logo into straight (non-premultiplied) RGBA, `ss` x `ss` samples per pixel. */
function render(size, options, ss = 5) {
  const out = Buffer.alloc(size * size * 4);
  const unit = 64 / size;
  const n = ss * ss;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const c = sample((px + (sx + 0.5) / ss) * unit, (py + (sy + 0.5) / ss) * unit, options);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        out[i] = Math.round(r / a);
        out[i + 1] = Math.round(g / a);
        out[i + 2] = Math.round(b / a);
        out[i + 3] = Math.round((a / n) * 255);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// PNG encoding (RGBA, 8 bits per channel, no interlace).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf) {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); // width
  ihdr.writeUInt32BE(size, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: RGBA
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    // Filter type 1 (Sub): each byte minus the byte one pixel to the left; compresses flat colour well.
    const row = y * (stride + 1);
    raw[row] = 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? rgba[y * stride + x - 4] : 0;
      raw[row + 1 + x] = (rgba[y * stride + x] - left) & 0xff;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// SVG favicon, from the same geometry.

const fmt = (v) => String(Math.round(v * 100) / 100);

/** SVG arc flags for going from `from` to `to` around circle `c` by way of `via`. */
function arcFlags(c, from, to, via) {
  const tau = Math.PI * 2;
  const ang = (p) => Math.atan2(p.y - c.y, p.x - c.x);
  const mod = (v) => ((v % tau) + tau) % tau;
  const toEnd = mod(ang(to) - ang(from));
  const toVia = mod(ang(via) - ang(from));
  const sweep = toVia < toEnd ? 1 : 0; // 1 = increasing angle (clockwise on screen)
  const extent = sweep ? toEnd : tau - toEnd;
  return `${extent > Math.PI ? 1 : 0} ${sweep}`;
}

function crescentPath() {
  const a = MOON;
  const b = SHADOW;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const d = Math.hypot(dx, dy);
  const l = (a.r ** 2 - b.r ** 2 + d ** 2) / (2 * d);
  const h = Math.sqrt(a.r ** 2 - l ** 2);
  const mx = a.x + (dx * l) / d;
  const my = a.y + (dy * l) / d;
  const p = { x: mx + (dy * h) / d, y: my - (dx * h) / d };
  const q = { x: mx - (dy * h) / d, y: my + (dx * h) / d };
  const far = { x: a.x - (dx / d) * a.r, y: a.y - (dy / d) * a.r }; // moon edge away from the shadow
  const inner = { x: b.x - (dx / d) * b.r, y: b.y - (dy / d) * b.r }; // shadow edge inside the moon
  return [
    `M${fmt(p.x)} ${fmt(p.y)}`,
    `A${fmt(a.r)} ${fmt(a.r)} 0 ${arcFlags(a, p, q, far)} ${fmt(q.x)} ${fmt(q.y)}`,
    `A${fmt(b.r)} ${fmt(b.r)} 0 ${arcFlags(b, q, p, inner)} ${fmt(p.x)} ${fmt(p.y)}`,
    'Z',
  ].join('');
}

function cloudShapes(fill, grow) {
  const puffs = PUFFS.map((c) => `<circle cx="${fmt(c.x)}" cy="${fmt(c.y)}" r="${fmt(c.r + grow)}"/>`);
  const r = BASE.r + grow;
  const base = `<rect x="${fmt(BASE.x1 - r)}" y="${fmt(BASE.y - r)}" width="${fmt(BASE.x2 - BASE.x1 + 2 * r)}" height="${fmt(2 * r)}" rx="${fmt(r)}"/>`;
  return `<g fill="${fill}">${puffs.join('')}${base}</g>`;
}

function faviconSvg() {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">',
    '  <title>云眠</title>',
    `  <rect width="64" height="64" rx="${CORNER}" fill="#1890ff"/>`,
    `  <path fill="#fff" d="${crescentPath()}"/>`,
    `  ${cloudShapes('#1890ff', GAP)}`,
    `  ${cloudShapes('#fff', 0)}`,
    '</svg>',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

function write(rel, data) {
  const file = join(publicDir, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
  console.log(`wrote public/${rel} (${data.length} bytes)`);
}

write('favicon.svg', faviconSvg());

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, rounded: true, logoScale: 1 },
  { file: 'icons/icon-512.png', size: 512, rounded: true, logoScale: 1 },
  // Maskable: the launcher may crop to a circle of 80 % diameter; the logo is scaled to stay inside it.
  { file: 'icons/maskable-512.png', size: 512, rounded: false, logoScale: 0.78 },
  { file: 'icons/apple-touch-icon.png', size: 180, rounded: false, logoScale: 1 },
];

for (const icon of ICONS) {
  write(icon.file, encodePng(icon.size, render(icon.size, icon)));
}
