import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { entriesOf, uploadFailure, uploadSetup } from './upload-flow';

describe('an upload field', () => {
  it('takes the spec 5.3 defaults of its kind', () => {
    expect(uploadSetup({ type: 'uploadImg' })).toMatchObject({ kind: 'image', limit: 10, accept: '.jpg,.jpeg,.png' });
    expect(uploadSetup({ type: 'uploadFz' })).toMatchObject({ kind: 'file', limit: 9, accept: '', settings: { fileSize: 2, sizeUnit: 'MB' } });
    expect(uploadSetup({ type: 'uploadFz', upload: { kind: 'video' } })).toMatchObject({ kind: 'video', limit: 10, accept: '.mp4,.ogg,.flv,.avi,.wmv,.rmvb' });
    expect(uploadSetup({ type: 'uploadFz', upload: { kind: 'file', limit: 3, fileSize: 500, sizeUnit: 'KB', accept: ['pdf', 'docx'] } })).toMatchObject({
      limit: 3,
      accept: '.pdf,.docx',
      settings: { fileSize: 500, sizeUnit: 'KB' },
    });
  });

  it('reads the entries of a value', () => {
    const e = { name: 'a.png', fileId: 'a', url: 'local:a', fileName: 'a.png' };
    expect(entriesOf([e, null, 'x'])).toEqual([e]);
    expect(entriesOf(null)).toEqual([]);
  });

  it('drops a refused file with the server’s message, and logs a 405', () => {
    const file = { name: 'a.png', size: 1 };
    expect(uploadFailure(new ApiError(400, '文件类型不正确'), file)).toEqual({ ok: false, message: '文件类型不正确' });
    expect(uploadFailure(Object.assign(new Error('x'), { status: 405 }), file)).toEqual({ ok: false, message: null, log: 'wrong request method' });
    expect(uploadFailure(new Error(''), file)).toEqual({ ok: false, message: null });
    expect(uploadFailure('boom', file)).toEqual({ ok: false, message: null });
  });
});
