// Regenerates the chat's 120 emoji pictures (src/modules/chat/emoji/<code>.svg) from the npm package
// @iconify-json/fluent-emoji-flat (Microsoft Fluent Emoji, flat style, MIT licence), by the names
// listed in src/modules/chat/emoji-list.ts. Run after changing that list or updating the package:
//
//   npx tsx scripts/make-emoji.ts
//
// The pictures are committed: the build does not need the package.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { EMOJI_SOURCES } from '../src/modules/chat/emoji-list';

interface IconifyIcon {
  body: string;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
}
interface IconifySet {
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, { parent: string } & Partial<IconifyIcon>>;
  width?: number;
  height?: number;
}

const require = createRequire(import.meta.url);
const set = JSON.parse(fs.readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8')) as IconifySet;
const outDir = path.resolve(import.meta.dirname, '../src/modules/chat/emoji');
const NOTICE = '<!-- Fluent Emoji (flat), © Microsoft Corporation, MIT licence: see LICENSE beside this file -->';

function icon(name: string): IconifyIcon {
  const own = set.icons[name];
  if (own) return own;
  const alias = set.aliases?.[name];
  if (alias) return { ...icon(alias.parent), ...alias };
  throw new Error(`@iconify-json/fluent-emoji-flat has no icon named ${name}`);
}

function svgOf(name: string): string {
  const i = icon(name);
  const [left, top, width, height] = [i.left ?? 0, i.top ?? 0, i.width ?? set.width ?? 16, i.height ?? set.height ?? 16];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">${NOTICE}${i.body}</svg>\n`;
}

fs.mkdirSync(outDir, { recursive: true });
const written = new Set<string>();
for (const [code, , source] of EMOJI_SOURCES) {
  const file = `${code}.svg`;
  fs.writeFileSync(path.join(outDir, file), svgOf(source));
  written.add(file);
}
for (const file of fs.readdirSync(outDir)) if (file.endsWith('.svg') && !written.has(file)) fs.rmSync(path.join(outDir, file));

const bytes = [...written].reduce((sum, f) => sum + fs.statSync(path.join(outDir, f)).size, 0);
console.log(`${written.size} emoji written to ${path.relative(process.cwd(), outDir)} (${(bytes / 1024).toFixed(1)} KB)`);
