/**
 * A chat image before upload (spec 5.3 chat image, 8): only images (by MIME type and by their
 * first bytes), large photos scaled down in the browser, the result under 5 MB (5242880 bytes)
 * or 图片大小不能超过5M, and the message content's size and small preview.
 *
 * - Longest side above 1920 px: scaled to 1920 (never up) with pica (Lanczos-class filters, so
 *   the text of a price tag or a receipt stays readable; runs in web workers from its own bundle,
 *   no CDN), and saved as JPEG at 0.85 — a PNG stays PNG when that fits, else JPEG on white.
 * - A JPEG or WebP within 1920 px but over 1 MB is saved again at 0.85 when that is smaller (a
 *   store's slow line). Smaller pictures, and every GIF (its animation), go as they are.
 * - The preview: a JPEG data URL of the picture with its longest side 56 px (about 1-3 KB, well
 *   under CHAT_PREVIEW_MAX).
 *
 * The rules are pure functions (unit-tested); `prepareChatImage` decodes and draws (a browser).
 */
import { CHAT_IMAGE_MAX_BYTES, CHAT_PREVIEW_MAX, chatMessages } from '@/contracts/chat';
import { IMAGE_MIME, IMAGE_SNIFF_BYTES, sniffImage } from '@/contracts/files';

/** Longest side of an uploaded chat image, in pixels. */
export const CHAT_IMAGE_MAX_SIDE = 1920;
/** JPEG quality of a scaled or re-saved image. */
export const CHAT_IMAGE_QUALITY = 0.85;
/** A JPEG or WebP within the side limit is saved again past this size. */
export const CHAT_IMAGE_RESAVE_BYTES = 1024 * 1024;
/** A file past this is not opened at all (a phone's photo is 3-15 MB): 图片大小不能超过5M. */
export const CHAT_IMAGE_INPUT_MAX_BYTES = 40 * 1024 * 1024;
/** The preview's longest side, and its JPEG quality. */
export const CHAT_PREVIEW_SIDE = 56;
export const CHAT_PREVIEW_QUALITY = 0.6;

export type ChatImageMime = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
const EXTENSION: Record<ChatImageMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };

/** Why an image cannot be sent; `message` is the contract's text (chatMessages), to translate. */
export class ChatImageError extends Error {
  constructor(
    message: string,
    readonly reason: 'type' | 'content' | 'size',
  ) {
    super(message);
    this.name = 'ChatImageError';
  }
}

// ---- Rules (pure) --------------------------------------------------------------------------------

/** The declared type must be an image's (an empty one, as some pastes give, is left to the bytes). */
export function checkChatImageMime(mime: string): string | null {
  return !mime || /^image\//i.test(mime) ? null : chatMessages.imageType;
}

/** The format the first bytes tell (JPEG, PNG, GIF, WebP), or null: not an image the chat takes. */
export function chatImageMimeOf(head: Uint8Array): ChatImageMime | null {
  const kind = sniffImage(head);
  const mime = kind ? IMAGE_MIME[kind] : undefined;
  return mime && mime in EXTENSION ? (mime as ChatImageMime) : null;
}

/** Spec 5.3: under 5 MB (5242880 bytes), as the server counts it (that many bytes or more: refused). */
export function checkChatImageSize(bytes: number): string | null {
  return bytes < CHAT_IMAGE_MAX_BYTES ? null : chatMessages.imageSize;
}

/** Width and height scaled so the longest side is at most `max`; never enlarged; at least 1 px. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const ratio = max / longest;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

export type ChatImagePlan =
  | { action: 'keep'; width: number; height: number }
  | { action: 'encode'; width: number; height: number; type: 'image/jpeg' | 'image/png'; quality: number; resized: boolean };

/** What to do with a decoded picture of this format, size in pixels and size in bytes. */
export function planChatImage({ type, width, height, bytes }: { type: ChatImageMime; width: number; height: number; bytes: number }): ChatImagePlan {
  // A GIF goes as it is: redrawing would keep its first frame only.
  if (type === 'image/gif') return { action: 'keep', width, height };
  const fitted = fitWithin(width, height, CHAT_IMAGE_MAX_SIDE);
  const resized = fitted.width !== width || fitted.height !== height;
  if (resized) return { action: 'encode', ...fitted, type: type === 'image/png' ? 'image/png' : 'image/jpeg', quality: CHAT_IMAGE_QUALITY, resized };
  if ((type === 'image/jpeg' || type === 'image/webp') && bytes > CHAT_IMAGE_RESAVE_BYTES) {
    return { action: 'encode', width, height, type: 'image/jpeg', quality: CHAT_IMAGE_QUALITY, resized: false };
  }
  return { action: 'keep', width, height };
}

/** The file name sent: the original's stem (or `image`) with the extension of what is sent. */
export function chatImageFileName(original: string | undefined, type: ChatImageMime): string {
  const stem = (original ?? '').replace(/\.[^./\\]*$/, '').replace(/[\\/]/g, '_').trim() || 'image';
  return `${stem}.${EXTENSION[type]}`;
}

// ---- In the browser --------------------------------------------------------------------------------

export interface PreparedChatImage {
  /** What to upload: the original file, or the scaled / re-saved one (named with its real extension). */
  file: File;
  /** Of the uploaded picture, as shown (EXIF orientation applied). */
  width: number;
  height: number;
  /** A small JPEG `data:` URL (ChatImageContent.base64), or '' when none could be made. */
  base64: string;
  /** Scaled down (or re-saved) rather than sent as it came. */
  changed: boolean;
}

interface Decoded {
  source: ImageBitmap | HTMLImageElement;
  width: number;
  height: number;
  close(): void;
}

type Resizer = Awaited<ReturnType<typeof loadPica>>;
let resizer: Promise<Resizer> | null = null;
async function loadPica() {
  const { default: createPica } = await import('pica');
  return createPica();
}
const pica = () => (resizer ??= loadPica());

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Some browsers refuse options or formats here that an <img> shows: try that.
    }
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new ChatImageError(chatMessages.imageContent, 'content');
  }
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The canvas drawn on white (JPEG has no transparency: transparent pixels would turn black). */
function onWhite(canvas: HTMLCanvasElement): HTMLCanvasElement {
  const out = canvasOf(canvas.width, canvas.height);
  const ctx = out.getContext('2d');
  if (!ctx) return canvas;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  return out;
}

async function resized(source: Decoded['source'] | HTMLCanvasElement, width: number, height: number): Promise<HTMLCanvasElement> {
  return (await pica()).resize(source, canvasOf(width, height));
}

/** The preview: longest side 56 px, JPEG, within CHAT_PREVIEW_MAX characters (else ''). */
async function previewOf(source: Decoded['source'] | HTMLCanvasElement, width: number, height: number): Promise<string> {
  const size = fitWithin(width, height, CHAT_PREVIEW_SIDE);
  const small = onWhite(await resized(source, size.width, size.height));
  for (const quality of [CHAT_PREVIEW_QUALITY, 0.4]) {
    const url = small.toDataURL('image/jpeg', quality);
    if (url.startsWith('data:image/jpeg;base64,') && url.length <= CHAT_PREVIEW_MAX) return url;
  }
  return '';
}

/**
 * Checks a picked or pasted file and makes it ready to upload: throws a ChatImageError (type,
 * content, or 图片大小不能超过5M when even the prepared picture is 5 MB or more); otherwise the
 * file to upload, its width and height, and the preview.
 */
export async function prepareChatImage(input: Blob & { name?: string }): Promise<PreparedChatImage> {
  const typeProblem = checkChatImageMime(input.type);
  if (typeProblem) throw new ChatImageError(typeProblem, 'type');
  if (input.size >= CHAT_IMAGE_INPUT_MAX_BYTES) throw new ChatImageError(chatMessages.imageSize, 'size');
  const type = chatImageMimeOf(new Uint8Array(await input.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer()));
  if (!type) throw new ChatImageError(chatMessages.imageContent, 'content');

  const decoded = await decode(input);
  try {
    const plan = planChatImage({ type, width: decoded.width, height: decoded.height, bytes: input.size });
    let file = new File([input], chatImageFileName(input.name, type), { type });
    let changed = false;
    let drawn: HTMLCanvasElement | null = null;
    if (plan.action === 'encode') {
      drawn = await resized(decoded.source, plan.width, plan.height);
      const p = await pica();
      let blob = plan.type === 'image/png' ? await p.toBlob(drawn, 'image/png') : await p.toBlob(onWhite(drawn), 'image/jpeg', plan.quality);
      let outType: ChatImageMime = plan.type;
      // A scaled PNG (a photo saved as PNG) that is still too big goes as JPEG.
      if (outType === 'image/png' && checkChatImageSize(blob.size)) {
        blob = await p.toBlob(onWhite(drawn), 'image/jpeg', CHAT_IMAGE_QUALITY);
        outType = 'image/jpeg';
      }
      // Re-saving without scaling is only worth it when it is smaller.
      if (plan.resized || blob.size < input.size) {
        file = new File([blob], chatImageFileName(input.name, outType), { type: outType });
        changed = true;
      }
    }
    const sizeProblem = checkChatImageSize(file.size);
    if (sizeProblem) throw new ChatImageError(sizeProblem, 'size');
    const base64 = await previewOf(drawn ?? decoded.source, plan.width, plan.height);
    return { file, width: plan.width, height: plan.height, base64, changed };
  } finally {
    decoded.close();
  }
}
