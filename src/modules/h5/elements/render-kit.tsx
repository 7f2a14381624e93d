import { useState, type CSSProperties, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { LucideIcon } from 'lucide-react';
import { allowedUrl } from '@/lib/sanitize';
import type { RenderMode } from './element-def';

/**
 * Shared pieces of the element renderers. Renderers are plain HTML + inline styles (no Chakra):
 * the published-page runtime of part 2 renders them without the admin app's UI kit. The canvas
 * positions the box and applies commonStyle to it; a renderer fills that box.
 */

export const fill: CSSProperties = { width: '100%', height: '100%', boxSizing: 'border-box' };

/** In the editor nothing inside an element takes the pointer: the canvas drags and selects the box. */
export const inert = (mode: RenderMode): CSSProperties => (mode === 'edit' ? { pointerEvents: 'none', userSelect: 'none' } : {});

/** A link target that may be followed: http(s), mailto or relative; anything else (javascript:, data:) is dropped. */
export function safeHref(url: string): string | undefined {
  const v = url.trim();
  return v && allowedUrl('a', v) ? v : undefined;
}

/** A media URL that may be loaded: http(s), relative, or an image data URL. */
export function safeSrc(url: string): string | undefined {
  const v = url.trim();
  if (!v) return undefined;
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(v)) return v;
  return allowedUrl('img', v) ? v : undefined;
}

/** `url("…")` for a CSS background, with the characters that could end the string escaped. */
export const cssUrl = (src: string) => `url("${src.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")`;

/** Whether the media at `src` failed to load (forgotten when the src changes). */
export function useLoadFailed(src: string | undefined): [boolean, () => void] {
  const [failed, setFailed] = useState<string | null>(null);
  return [failed !== null && failed === src, () => setFailed(src ?? null)];
}

const centered: CSSProperties = {
  ...fill,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 4,
  overflow: 'hidden',
  fontSize: 12,
  lineHeight: 1.4,
};

/** Spec 8: an image or video that does not load shows 加载失败. */
export function LoadFailed() {
  return (
    <div style={{ ...centered, background: '#f5f5f5', color: '#999' }} role="img" data-testid="h5-load-failed">
      <Trans>加载失败</Trans>
    </div>
  );
}

/** What an element without its media shows (an empty picture, video, slide). */
export function Placeholder({ icon: Icon, children, dark = false }: { icon: LucideIcon; children?: ReactNode; dark?: boolean }) {
  return (
    <div style={{ ...centered, background: dark ? '#1f1f1f' : '#eef1f6', color: dark ? '#bbb' : '#8a94a6' }}>
      <Icon size={24} strokeWidth={1.5} aria-hidden />
      {children}
    </div>
  );
}

/**
 * Keyframes used by the renderers, as one stylesheet React 19 hoists into <head> once however many
 * elements render it. Motion stops for people who asked their system for less of it.
 */
const KEYFRAMES = `
@keyframes h5-spin { to { transform: rotate(360deg); } }
@keyframes h5-marquee { from { transform: translateX(0); } to { transform: translateX(-100%); } }
.h5-spin { animation: h5-spin 3s linear infinite; }
.h5-marquee { display: inline-block; padding-left: 100%; animation-name: h5-marquee; animation-timing-function: linear; animation-iteration-count: infinite; }
@media (prefers-reduced-motion: reduce) {
  .h5-spin { animation: none; }
  .h5-marquee { animation: none; padding-left: 0; }
}`;

export function ElementKeyframes() {
  return (
    <style href="h5-element-keyframes" precedence="default">
      {KEYFRAMES}
    </style>
  );
}
