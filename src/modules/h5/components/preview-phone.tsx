import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Work } from '@/contracts/h5';
import type { PublishedSnapshot } from '@/contracts/h5-publish';
import { PHONE_WIDTH } from '../view/layout';
import { WorkView, type PreviewNotes } from '../view/work-view';
import '../view/preview.css';

/**
 * The preview of a work (issue 19): the published page's own view (view/work-view.tsx) in preview
 * mode, in a phone-sized frame inside the admin app — a link, a call or a form says what it would
 * do instead of doing it; nothing is sent or counted. Used by the editor's 预览 and the preview route.
 */

/** The frame's height at the phone width (375 × 667, an iPhone 8's screen). */
export const PREVIEW_HEIGHT = 667;

/** The preview route's full URL (hash routing), for the QR code: this app's address + `#/h5/preview/{id}`. */
export function previewUrl(workId: string, loc: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${loc.origin}${loc.pathname}#/h5/preview/${encodeURIComponent(workId)}`;
}

/** What the preview says instead of following a link, dialling, or sending a form (in the user's language). */
export function usePreviewNotes(): PreviewNotes {
  const { t } = useLingui();
  return useMemo(() => ({ link: (url: string) => t`预览中不跳转：${url}`, tel: (number: string) => t`预览中不拨号：${number}`, submit: t`预览中不会提交数据` }), [t]);
}

/** A draft as the view takes a published snapshot. */
export const previewSnapshot = (work: Work): PublishedSnapshot => ({ workId: work.id, version: work.version ?? 0, publishedAt: '', work });

/** Scale of a `width` × `height` frame fitting in `maxWidth` × `maxHeight` (never above 1, never below 0.3). */
export const fitScale = (width: number, height: number, maxWidth: number, maxHeight: number) =>
  Math.max(0.3, Math.min(1, maxWidth / width, maxHeight / height));

/** The window's size, again on resize. */
export function useWindowSize(): { width: number; height: number } {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

export interface PreviewPhoneProps {
  work: Work;
  /** The frame's size in CSS px (the page's layout width: 1rem of the work = width / 10). */
  width?: number;
  height?: number;
  /** Drawn smaller (a CSS scale) where the frame does not fit. */
  scale?: number;
  page?: number;
  onPage?(index: number): void;
  testId?: string;
}

export function PreviewPhone({ work, width = PHONE_WIDTH, height = PREVIEW_HEIGHT, scale = 1, page, onPage, testId }: PreviewPhoneProps) {
  const notes = usePreviewNotes();
  const snapshot = useMemo(() => previewSnapshot(work), [work]);
  // The transformed frame holds the view's fixed layers (dialog pages, notes) inside it.
  const frame = { width, height, transform: `scale(${scale})`, '--h5-frame-h': `${height}px` } as CSSProperties;
  return (
    <div
      className="h5-preview-box"
      style={{ width: width * scale, height: height * scale }}
      // The unscaled frame overflows its scaled box: a focused field would scroll the box (no `clip` in older browsers).
      onScroll={(e) => e.currentTarget.scrollTo(0, 0)}
      data-testid={testId}
      data-scale={scale}
    >
      <div className="h5-preview-frame" style={frame}>
        <WorkView snapshot={snapshot} preview={notes} pxPerRem={width / 10} page={page} onPage={onPage} />
      </div>
    </div>
  );
}
