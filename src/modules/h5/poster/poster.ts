import { DEFAULT_WORK_TITLE } from '@/contracts/h5';
import { change, editorState } from '../core/store';

/**
 * 截图海报 (issue 19): the editing page as a PNG at 2× (modern-screenshot over the canvas's page
 * frame, without the guides and moveable's handles, unscaled), downloaded as `{title}-{page}.png`,
 * or uploaded and set as the work's cover (one history step, so it saves with the work; the works
 * list shows it on the card).
 */

/** Pixel ratio of the poster (2× the page's CSS size). */
export const POSTER_SCALE = 2;

/** Characters no file system takes in a name. */
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]+/g;
const clean = (s: string) => s.replace(UNSAFE, '_').trim();

/** `{title}-{page}.png`: the work's title (标题 when empty) and the page's title, or its number. */
export function posterFileName(workTitle: string, pageTitle: string, pageIndex: number): string {
  const title = clean(workTitle) || DEFAULT_WORK_TITLE;
  const page = clean(pageTitle) || String(pageIndex + 1);
  return `${title}-${page}.png`.slice(-200);
}

/** The poster's file name for the editing page of the open work. */
export function currentPosterName(): string {
  const work = editorState.work;
  const index = work?.pages.findIndex((p) => p.uuid === editorState.editingPageUuid) ?? -1;
  return posterFileName(work?.title ?? '', work?.pages[index]?.title ?? '', Math.max(index, 0));
}

/** Sets the work's cover (cover_image_url) as one history step. */
export function setCover(url: string): void {
  change((work) => {
    work.cover_image_url = url;
  });
}

/** Whether a node of the page frame belongs in the poster (the guides and any editing handles do not). */
export function inPoster(node: Node): boolean {
  if (!(node instanceof Element)) return true;
  if (node.getAttribute('data-testid') === 'canvas-guides') return false;
  const cls = typeof node.className === 'string' ? node.className : '';
  return !/\b(moveable-|selecto-)/.test(cls);
}

/** The editing page's frame on the canvas (PageFrame), or null when none is drawn. */
export function pageFrameNode(): HTMLElement | null {
  const uuid = editorState.editingPageUuid;
  return uuid ? document.querySelector<HTMLElement>(`[data-testid="canvas-page"][data-page="${CSS.escape(uuid)}"]`) : null;
}

/** The page frame rendered to a PNG at POSTER_SCALE, as drawn at zoom 1 (no shadow). */
export async function renderPoster(frame: HTMLElement): Promise<Blob> {
  const { domToBlob } = await import('modern-screenshot');
  return domToBlob(frame, {
    scale: POSTER_SCALE,
    width: frame.offsetWidth,
    height: frame.offsetHeight,
    backgroundColor: '#ffffff',
    type: 'image/png',
    filter: inPoster,
    style: { transform: 'none', boxShadow: 'none' },
    timeout: 15_000,
  });
}

/** Saves a blob as a download named `name`. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
