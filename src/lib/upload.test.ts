import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, uploadMessages } from '@/contracts/files';
import { avatarUrl } from './avatar';
import { checkImageUpload } from './upload';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const file = (name: string, bytes: Uint8Array) => new File([bytes as BlobPart], name);

/** A file that reports a size without allocating it (only its first bytes are read). */
function sized(name: string, head: Uint8Array, size: number) {
  const f = file(name, head);
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('checkImageUpload (spec 5.3 image rule)', () => {
  it('accepts png, jpg and jpeg files whose bytes match, in any letter case', async () => {
    expect(await checkImageUpload(file('a.png', PNG))).toBeNull();
    expect(await checkImageUpload(file('a.JPG', JPEG))).toBeNull();
    expect(await checkImageUpload(file('a.jpeg', JPEG))).toBeNull();
    expect(await checkImageUpload(sized('a.png', PNG, IMAGE_MAX_BYTES - 1))).toBeNull();
  });

  it.each(['a.gif', 'a.svg', 'a', 'a.png.exe', 'a.webp'])('refuses %s by type', async (name) => {
    expect(await checkImageUpload(file(name, PNG))).toBe(uploadMessages.imageType);
  });

  it('refuses 20 MB and more', async () => {
    expect(await checkImageUpload(sized('a.png', PNG, IMAGE_MAX_BYTES))).toBe(uploadMessages.imageSize);
    expect(await checkImageUpload(sized('a.jpg', JPEG, IMAGE_MAX_BYTES * 2))).toBe(uploadMessages.imageSize);
  });

  it('refuses renamed files, swapped formats and empty files by their first bytes', async () => {
    expect(await checkImageUpload(file('a.png', new TextEncoder().encode('<svg></svg>')))).toBe(uploadMessages.imageContent);
    expect(await checkImageUpload(file('a.png', JPEG))).toBe(uploadMessages.imageContent);
    expect(await checkImageUpload(file('a.jpg', PNG))).toBe(uploadMessages.imageContent);
    expect(await checkImageUpload(file('a.png', new Uint8Array()))).toBe(uploadMessages.imageContent);
  });
});

describe('avatarUrl', () => {
  it('built-in avatars come from the app, uploads from the API', () => {
    expect(avatarUrl('001.svg')).toBe('/avatars/001.svg');
    expect(avatarUrl('01JD0000000000000000000000.png')).toBe('/api/file/Image/userAvatar/01JD0000000000000000000000.png');
    expect(avatarUrl('')).toBeUndefined();
    expect(avatarUrl(null)).toBeUndefined();
  });
});
