import { describe, expect, it } from 'vitest';
import { uploadMessages } from '@/contracts/files';
import { storeFile } from './files';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const request = (file: File, kind: 'image' | 'imageCard' | 'file') => ({ file, kind, modelId: '01J00000000000000000000000', field: 'photos' });

describe('storeFile', () => {
  it('refuses an image whose bytes are not one before keeping it, with the server’s words', async () => {
    const renamed = new File(['MZ, a program'], '门店.png');
    await expect(storeFile(request(renamed, 'image'))).rejects.toThrow(uploadMessages.imageContent);
    await expect(storeFile(request(renamed, 'imageCard'))).rejects.toThrow(uploadMessages.imageContent);
  });

  it('goes on to keep a real picture, and any generic file (here: no database is open)', async () => {
    await expect(storeFile(request(new File([PNG as BlobPart], '门店.png'), 'image'))).rejects.toThrow('no database');
    await expect(storeFile(request(new File(['MZ, a program'], '说明.png'), 'file'))).rejects.toThrow('no database');
  });
});
