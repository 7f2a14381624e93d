import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { H5_BOOT_ELEMENT_ID, H5_BOOT_PLACEHOLDER, h5PublishMessages, snapshotPath, type H5Boot } from '../../../src/contracts/h5-publish';

/**
 * The published page's HTML: the runtime's `dist/p/index.html` (vite.runtime.config.ts) with its
 * `<!--h5-boot-->` comment replaced by the boot data and its `<title>` set. Without a built
 * runtime (tests, a server started before the build) a minimal valid page with the same boot
 * script is served, so the calls behave the same.
 */

const FALLBACK = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title></title>
</head>
<body>
<div id="app"></div>
${H5_BOOT_PLACEHOLDER}
</body>
</html>
`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON safe inside a `<script>`: no `<` (so no `</script>` or `<!--`), no U+2028/2029. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Scripts from this origin only (the runtime), no plugins, no base or form hijacking; styles
 * inline (element styles) and from this origin; images and media from anywhere over http(s) or
 * data: URLs (a work's pictures may be hosted elsewhere); fetches to this origin (snapshot, form,
 * views, the datasource proxy). No frame-ancestors rule: the editor's preview frames the page.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data: blob:',
  'media-src * data: blob:',
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export interface PageTemplate {
  html: string;
  /** A short hash of the template, part of the page's ETag (a new runtime build changes it). */
  hash: string;
}

/** Reads `{staticDir}/p/index.html` (or the fallback) once; checks again at most every 10 s for a new build. */
export function pageTemplate(staticDir: string | null, now: () => number = Date.now) {
  let current: PageTemplate | null = null;
  let mtime = -1;
  let checkedAt = 0;
  const file = staticDir ? path.join(staticDir, 'p', 'index.html') : null;
  const make = (html: string): PageTemplate => ({ html, hash: createHash('sha1').update(html).digest('hex').slice(0, 10) });

  return (): PageTemplate => {
    if (current && now() - checkedAt < 10_000) return current;
    checkedAt = now();
    let stat: fs.Stats | null = null;
    try {
      stat = file ? fs.statSync(file) : null;
    } catch {
      stat = null;
    }
    const m = stat ? stat.mtimeMs : 0;
    if (!current || m !== mtime) {
      const html = stat && file ? fs.readFileSync(file, 'utf8') : FALLBACK;
      current = make(html.includes(H5_BOOT_PLACEHOLDER) ? html : FALLBACK);
      mtime = m;
    }
    return current;
  };
}

/** The page for one published version: boot script in place of the placeholder, the work's title. */
export function renderPage(template: PageTemplate, head: { workId: string; version: number; title: string }): string {
  const boot: H5Boot = { workId: head.workId, version: head.version, snapshotUrl: snapshotPath(head.workId, head.version), title: head.title };
  const script = `<script type="application/json" id="${H5_BOOT_ELEMENT_ID}">${scriptJson(boot)}</script>`;
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const withTitle = /<title>[^<]*<\/title>/i.test(template.html) ? template.html.replace(/<title>[^<]*<\/title>/i, () => title) : template.html.replace(/<\/head>/i, () => `${title}</head>`);
  // The snapshot is fetched while the runtime's script downloads, not after it runs: one round trip
  // less before the work shows (about 0.45 s on a 3G profile; tests/bench/runtime-first-paint-browser.mjs).
  const preload = `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(boot.snapshotUrl)}">`;
  return withTitle.replace(/<\/head>/i, () => `${preload}</head>`).replace(H5_BOOT_PLACEHOLDER, () => script);
}

/** The page of a work that is not (or no longer) published. */
export const GONE_PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h5PublishMessages.pageGone}</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#606266;background:#f5f7fa}p{font-size:16px;padding:24px;text-align:center}</style>
</head>
<body>
<p>${h5PublishMessages.pageGone}</p>
</body>
</html>
`;
