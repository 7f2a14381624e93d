import { describe, expect, it } from 'vitest';
import { CHAT_IMAGE_MAX_BYTES, chatMessages } from '@/contracts/chat';
import {
  CHAT_IMAGE_INPUT_MAX_BYTES,
  CHAT_IMAGE_MAX_SIDE,
  CHAT_IMAGE_RESAVE_BYTES,
  ChatImageError,
  chatImageFileName,
  chatImageMimeOf,
  checkChatImageMime,
  checkChatImageSize,
  fitWithin,
  planChatImage,
  prepareChatImage,
} from './image-prep';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const bytes = (list: number[]) => new Uint8Array(list);

describe('chat image rules (spec 5.3, 8)', () => {
  it('only images by their declared type (an empty type is left to the bytes)', () => {
    expect(checkChatImageMime('image/jpeg')).toBeNull();
    expect(checkChatImageMime('image/png')).toBeNull();
    expect(checkChatImageMime('')).toBeNull();
    expect(checkChatImageMime('application/pdf')).toBe(chatMessages.imageType);
    expect(checkChatImageMime('text/html')).toBe(chatMessages.imageType);
  });

  it('the bytes decide the format', () => {
    expect(chatImageMimeOf(bytes(PNG))).toBe('image/png');
    expect(chatImageMimeOf(bytes(JPEG))).toBe('image/jpeg');
    expect(chatImageMimeOf(bytes([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]))).toBeNull(); // %PDF-1
    expect(chatImageMimeOf(bytes([0x3c, 0x73, 0x76, 0x67]))).toBeNull(); // <svg
    expect(chatImageMimeOf(bytes([]))).toBeNull();
  });

  it('under 5 MB: 5242880 bytes or more is refused with 图片大小不能超过5M', () => {
    expect(CHAT_IMAGE_MAX_BYTES).toBe(5242880);
    expect(checkChatImageSize(0)).toBeNull();
    expect(checkChatImageSize(5242879)).toBeNull();
    expect(checkChatImageSize(5242880)).toBe('图片大小不能超过5M');
    expect(checkChatImageSize(9_000_000)).toBe(chatMessages.imageSize);
  });
});

describe('size math', () => {
  it('fits the longest side within the limit, keeping the ratio, never enlarging', () => {
    expect(fitWithin(4032, 3024, 1920)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin(3024, 4032, 1920)).toEqual({ width: 1440, height: 1920 });
    expect(fitWithin(1920, 1080, 1920)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin(800, 600, 1920)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 10, 1920)).toEqual({ width: 1920, height: 2 });
    expect(fitWithin(20000, 1, 56)).toEqual({ width: 56, height: 1 });
    expect(fitWithin(4000, 3000, 56)).toEqual({ width: 56, height: 42 });
  });

  it('plans: large photos scaled to 1920 as JPEG 0.85, PNG stays PNG, GIF always kept', () => {
    expect(CHAT_IMAGE_MAX_SIDE).toBe(1920);
    expect(planChatImage({ type: 'image/jpeg', width: 4032, height: 3024, bytes: 3_500_000 })).toEqual({ action: 'encode', width: 1920, height: 1440, type: 'image/jpeg', quality: 0.85, resized: true });
    expect(planChatImage({ type: 'image/webp', width: 3000, height: 2000, bytes: 500_000 })).toMatchObject({ action: 'encode', type: 'image/jpeg', resized: true });
    expect(planChatImage({ type: 'image/png', width: 2560, height: 1440, bytes: 2_000_000 })).toMatchObject({ action: 'encode', width: 1920, height: 1080, type: 'image/png', resized: true });
    expect(planChatImage({ type: 'image/gif', width: 4000, height: 4000, bytes: 4_000_000 })).toEqual({ action: 'keep', width: 4000, height: 4000 });
  });

  it('plans: small pictures go as they are; a heavy small JPEG is saved again', () => {
    expect(planChatImage({ type: 'image/png', width: 800, height: 600, bytes: 300_000 })).toEqual({ action: 'keep', width: 800, height: 600 });
    expect(planChatImage({ type: 'image/jpeg', width: 1920, height: 1080, bytes: CHAT_IMAGE_RESAVE_BYTES })).toEqual({ action: 'keep', width: 1920, height: 1080 });
    expect(planChatImage({ type: 'image/jpeg', width: 1600, height: 1200, bytes: CHAT_IMAGE_RESAVE_BYTES + 1 })).toEqual({ action: 'encode', width: 1600, height: 1200, type: 'image/jpeg', quality: 0.85, resized: false });
    // A PNG is never re-saved without scaling (lossless: no gain to expect).
    expect(planChatImage({ type: 'image/png', width: 1900, height: 1000, bytes: 4_000_000 })).toMatchObject({ action: 'keep' });
  });

  it('names the file with the extension of what is sent', () => {
    expect(chatImageFileName('IMG_0001.HEIC', 'image/jpeg')).toBe('IMG_0001.jpg');
    expect(chatImageFileName('屏幕截图.png', 'image/png')).toBe('屏幕截图.png');
    expect(chatImageFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpg');
    expect(chatImageFileName(undefined, 'image/gif')).toBe('image.gif');
    expect(chatImageFileName('', 'image/webp')).toBe('image.webp');
    expect(chatImageFileName('a/b\\c.png', 'image/png')).toBe('a_b_c.png');
    expect(chatImageFileName('.png', 'image/png')).toBe('image.png');
  });
});

describe('prepareChatImage: what is refused before any drawing', () => {
  const fail = async (file: Blob & { name?: string }) => {
    const error = await prepareChatImage(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatImageError);
    return error as ChatImageError;
  };

  it('a file that is not an image by type', async () => {
    const e = await fail(new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' }));
    expect([e.reason, e.message]).toEqual(['type', chatMessages.imageType]);
  });

  it('a file named and typed as an image whose bytes are not one', async () => {
    const e = await fail(new File(['<html>not a picture</html>'], 'a.png', { type: 'image/png' }));
    expect([e.reason, e.message]).toEqual(['content', chatMessages.imageContent]);
  });

  it('a file too big to open', async () => {
    const big = new File([new Uint8Array(CHAT_IMAGE_INPUT_MAX_BYTES)], 'huge.jpg', { type: 'image/jpeg' });
    const e = await fail(big);
    expect([e.reason, e.message]).toEqual(['size', '图片大小不能超过5M']);
  });
});
