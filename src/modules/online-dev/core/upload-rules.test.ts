import { describe, expect, it } from 'vitest';
import { uploadMessages } from '@/contracts/files';
import { UPLOAD_METHOD_NOT_ALLOWED_LOG, onlineUploadMessages } from '@/contracts/online-dev';
import {
  checkFileCount,
  checkGenericFile,
  checkImageUploadFile,
  checkUploadSelection,
  checkVideoFile,
  fileLimit,
  fillMessage,
  uploadOutcome,
} from './upload-rules';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;
const f = (name: string, size = 1000) => ({ name, size });

describe('video uploads', () => {
  it('takes mp4, ogg, flv, avi, wmv and rmvb, in any case', () => {
    for (const ext of ['mp4', 'ogg', 'flv', 'avi', 'wmv', 'rmvb', 'MP4', 'Rmvb']) expect(checkVideoFile(f(`clip.${ext}`))).toBeNull();
  });

  it('refuses other types with 请上传正确的视频格式', () => {
    for (const name of ['clip.mov', 'clip.mkv', 'clip', 'mp4', 'clip.mp4.exe']) {
      expect(checkVideoFile(f(name))).toEqual({ message: '请上传正确的视频格式', level: 'error' });
    }
  });

  it('takes exactly 50 MB and refuses one byte more with 单个文件最大为50M', () => {
    expect(checkVideoFile(f('a.mp4', 50 * MB))).toBeNull();
    expect(checkVideoFile(f('a.mp4', 50 * MB + 1))?.message).toBe('单个文件最大为50M');
  });

  it('allows 10 files by default', () => {
    expect(fileLimit('video')).toBe(10);
    expect(checkFileCount('video', 9, 1)).toBeNull();
    expect(checkFileCount('video', 10, 1)).toMatchObject({ values: { limit: 10 }, level: 'error' });
  });
});

describe('image uploads', () => {
  it('takes jpg, jpeg and png only', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png']) expect(checkImageUploadFile(f(name))).toBeNull();
    for (const name of ['a.gif', 'a.webp', 'a.bmp', 'a']) expect(checkImageUploadFile(f(name))?.message).toBe(uploadMessages.imageType);
  });

  it('takes files under 20 MB: exactly 20 MB is refused', () => {
    expect(checkImageUploadFile(f('a.png', 20 * MB - 1))).toBeNull();
    expect(checkImageUploadFile(f('a.png', 20 * MB))?.message).toBe('单个文件最大为20M');
  });

  it('allows 10 files by default, for the image card with a warning', () => {
    expect(fileLimit('image')).toBe(10);
    expect(checkFileCount('imageCard', 8, 2)).toBeNull();
    const over = checkFileCount('imageCard', 8, 3)!;
    expect(over).toEqual({ message: onlineUploadMessages.imageCount, values: { limit: 10 }, level: 'warning' });
    expect(fillMessage(over)).toBe('at most 10 pictures may be uploaded');
    expect(checkFileCount('imageCard', 3, 1, { limit: 3 })?.values).toEqual({ limit: 3 });
  });
});

describe('generic file uploads', () => {
  it('takes up to 2 MB by default, that size included', () => {
    expect(checkGenericFile(f('a.pdf', 2 * MB))).toBeNull();
    const over = checkGenericFile(f('a.pdf', 2 * MB + 1))!;
    expect(over).toEqual({ message: 'file size exceeds {size}{unit}', values: { size: 2, unit: 'MB' }, level: 'error' });
    expect(fillMessage(over)).toBe('file size exceeds 2MB');
  });

  it('takes the configured size in KB, MB or GB', () => {
    expect(checkGenericFile(f('a.txt', 500 * KB), { fileSize: 500, sizeUnit: 'KB' })).toBeNull();
    expect(fillMessage(checkGenericFile(f('a.txt', 500 * KB + 1), { fileSize: 500, sizeUnit: 'KB' })!)).toBe('file size exceeds 500KB');
    expect(checkGenericFile(f('a.zip', 10 * MB), { fileSize: 10, sizeUnit: 'MB' })).toBeNull();
    expect(checkGenericFile(f('a.zip', 10 * MB + 1), { fileSize: 10 })?.values).toEqual({ size: 10, unit: 'MB' });
    expect(checkGenericFile(f('a.iso', GB), { fileSize: 1, sizeUnit: 'GB' })).toBeNull();
    expect(fillMessage(checkGenericFile(f('a.iso', GB + 1), { fileSize: 1, sizeUnit: 'GB' })!)).toBe('file size exceeds 1GB');
    // A size of 0 or less is not a setting: the default applies.
    expect(checkGenericFile(f('a.pdf', 2 * MB), { fileSize: 0 })).toBeNull();
  });

  it('allows 9 files by default, or the configured number', () => {
    expect(fileLimit('file')).toBe(9);
    expect(checkFileCount('file', 8, 1)).toBeNull();
    expect(fillMessage(checkFileCount('file', 9, 1)!)).toBe('at most 9 files may be uploaded');
    expect(checkFileCount('file', 9, 1, { limit: 20 })).toBeNull();
  });
});

describe('a selection of files', () => {
  it('refuses the whole selection over the limit, before looking at the files', () => {
    const files = Array.from({ length: 3 }, (_, i) => f(`v${i}.mov`));
    expect(checkUploadSelection('video', files, 8)?.message).toBe(onlineUploadMessages.fileCount);
    expect(checkUploadSelection('video', files, 7)?.message).toBe('请上传正确的视频格式');
  });

  it('gives the first file’s problem, or null when all pass', () => {
    expect(checkUploadSelection('image', [f('a.png'), f('b.png', 30 * MB)], 0)?.message).toBe('单个文件最大为20M');
    expect(checkUploadSelection('file', [f('a.pdf'), f('b.doc')], 0)).toBeNull();
    expect(checkUploadSelection('imageCard', [f('a.gif')], 0)?.message).toBe(uploadMessages.imageType);
  });
});

describe('the upload answer', () => {
  const file = f('门店.png');
  const stored = { name: '01HZZZZZZZZZZZZZZZZZZZZZZZ.png', fileId: '01HZZZZZZZZZZZZZZZZZZZZZZZ', url: '/api/file/Image/h5/01HZZZZZZZZZZZZZZZZZZZZZZZ.png', fileName: '' };

  it('adds the stored file on code 200', () => {
    expect(uploadOutcome(200, { code: 200, msg: 'ok', data: stored }, file)).toEqual({ ok: true, entry: { ...stored, fileName: '门店.png' } });
    expect(uploadOutcome(200, { code: 200, data: '/files/abc.png' }, file)).toEqual({
      ok: true,
      entry: { name: 'abc.png', fileId: 'abc', url: '/files/abc.png', fileName: '门店.png' },
    });
  });

  it('drops the file with the server’s message otherwise', () => {
    expect(uploadOutcome(200, { code: 400, msg: '文件类型不正确' }, file)).toEqual({ ok: false, message: '文件类型不正确' });
    expect(uploadOutcome(500, { code: 500, msg: '' }, file)).toEqual({ ok: false, message: null });
    expect(uploadOutcome(0, null, file)).toEqual({ ok: false, message: null });
  });

  it('logs `wrong request method` on 405', () => {
    expect(uploadOutcome(405, { code: 405, msg: 'x' }, file)).toEqual({ ok: false, message: null, log: 'wrong request method' });
    expect(UPLOAD_METHOD_NOT_ALLOWED_LOG).toBe('wrong request method');
  });
});
