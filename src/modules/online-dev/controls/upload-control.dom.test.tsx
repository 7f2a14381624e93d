// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { ERROR_TOAST_MS } from '@/contracts/limits';
import { ApiError } from '@/lib/errors';
import { setNoticeSink, type Notice } from '@/lib/notify';
import { chooseFiles, click, field, fileOf, formOf, mountForm, prepareDom, q, qa, settle, storedEntry, stubServices, text, unmountForm } from '../form/test-support';

/** The upload fields in a DOM (spec 4 Upload, 5.3, 8): the checks before sending, a refused upload, removing, 待上传, 加载失败. */

const MB = 1024 * 1024;
let notices: Notice[] = [];
beforeAll(prepareDom);
beforeEach(() => {
  notices = [];
  setNoticeSink((n) => notices.push(n));
});
afterEach(unmountForm);

const photos = field('photos', 'uploadImg', { label: '照片' });
const clip = field('clip', 'uploadFz', { label: '视频', upload: { kind: 'video' } });
const doc = field('doc', 'uploadFz', { label: '附件', upload: { kind: 'file', fileSize: 500, sizeUnit: 'KB' } });
const cards = field('cards', 'uploadImg', { label: '门头照', upload: { kind: 'imageCard', limit: 2 } });

describe('choosing files', () => {
  it('refuses a file the 5.3 rules do not take, with the rule’s message, and sends nothing', async () => {
    const services = stubServices();
    await mountForm({ form: formOf([photos, clip, doc]) }, services);
    await chooseFiles(q('od-upload-photos-input'), [fileOf('门店.gif')]);
    expect(text('od-upload-photos-problem')).toBe('请上传jpg/png/jpeg格式的文件');
    await chooseFiles(q('od-upload-photos-input'), [fileOf('门店.png', 20 * MB)]);
    expect(text('od-upload-photos-problem')).toBe('单个文件最大为20M');
    await chooseFiles(q('od-upload-clip-input'), [fileOf('a.mov', 10, 'video/quicktime')]);
    expect(text('od-upload-clip-problem')).toBe('请上传正确的视频格式');
    await chooseFiles(q('od-upload-clip-input'), [fileOf('a.mp4', 50 * MB + 1, 'video/mp4')]);
    expect(text('od-upload-clip-problem')).toBe('单个文件最大为50M');
    await chooseFiles(q('od-upload-doc-input'), [fileOf('a.pdf', 500 * 1024 + 1, 'application/pdf')]);
    expect(text('od-upload-doc-problem')).toBe('文件大小超过500KB');
    expect(services.uploads).toHaveLength(0);
    expect(notices.map((n) => n.title)).toContain('请上传正确的视频格式');
  });

  it('warns when an image card would hold more pictures than allowed', async () => {
    await mountForm({ form: formOf([cards]) });
    await chooseFiles(q('od-upload-cards-input'), [fileOf('a.png'), fileOf('b.png'), fileOf('c.png')]);
    expect(text('od-upload-cards-problem')).toBe('最多只能上传2张图片');
    expect(notices.at(-1)).toMatchObject({ kind: 'warning', title: '最多只能上传2张图片' });
  });

  it('uploads a file that passes and adds it; removing it asks first', async () => {
    const onSubmit = vi.fn();
    const services = stubServices();
    await mountForm({ form: formOf([photos]), onSubmit }, services);
    await chooseFiles(q('od-upload-photos-input'), [fileOf('门店.png', 3 * MB)]);
    await settle();
    expect(services.uploads.map((u) => [u.kind, u.field, u.file.name])).toEqual([['image', 'photos', '门店.png']]);
    expect(qa('od-upload-photos-file')).toHaveLength(1);
    expect(q('od-upload-photos-file')!.querySelector('img')?.getAttribute('alt')).toBe('门店.png');
    // A click on the picture opens the viewer.
    await click(q('od-upload-photos-file')!.querySelector('button'));
    await settle();
    expect(q('image-viewer')).not.toBeNull();
    await act(async () => void q('image-viewer')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    await settle();
    expect(q('image-viewer')).toBeNull();
    await click(q('od-upload-photos-file-remove'));
    expect(qa('od-upload-photos-file')).toHaveLength(1);
    await click(q('delete-confirm-yes'));
    expect(qa('od-upload-photos-file')).toHaveLength(0);
  });
});

describe('the hint under the field', () => {
  it('names the 5.3 rule of its kind', async () => {
    await mountForm({ form: formOf([photos, clip, doc]) });
    const hint = (key: string) => q(`od-upload-${key}-input`)!.parentElement!.textContent;
    expect(hint('photos')).toContain('支持 jpg、jpeg、png，单张小于20M，最多10张');
    expect(hint('clip')).toContain('支持 mp4、ogg、flv、avi、wmv、rmvb，单个不超过50M，最多10个');
    expect(hint('doc')).toContain('单个文件不超过500KB，最多9个');
  });
});

describe('a refused upload', () => {
  it('leaves the list and shows the server’s message for 1.5 s', async () => {
    let refuse!: (e: unknown) => void;
    const services = stubServices({ upload: () => new Promise((_, reject) => (refuse = reject)) });
    const onSubmit = vi.fn();
    await mountForm({ form: formOf([photos]), onSubmit }, services);
    await chooseFiles(q('od-upload-photos-input'), [fileOf('门店.png')]);
    expect(qa('od-upload-photos-pending')).toHaveLength(1);
    await act(async () => refuse(new ApiError(400, '文件内容不是有效的jpg/png/jpeg图片')));
    await settle();
    expect(qa('od-upload-photos-pending')).toHaveLength(0);
    expect(qa('od-upload-photos-file')).toHaveLength(0);
    expect(notices.at(-1)).toEqual({ kind: 'error', title: '门店.png：文件内容不是有效的jpg/png/jpeg图片', duration: ERROR_TOAST_MS });
    expect(ERROR_TOAST_MS).toBe(1500);
    await click(q('submit'));
    await settle();
    expect(onSubmit).toHaveBeenCalledWith({ photos: [] });
  });

  it('logs `wrong request method` on 405', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const services = stubServices({ upload: () => Promise.reject(Object.assign(new Error(''), { status: 405 })) });
    await mountForm({ form: formOf([clip]) }, services);
    await chooseFiles(q('od-upload-clip-input'), [fileOf('a.mp4', 10, 'video/mp4')]);
    await settle();
    expect(log).toHaveBeenCalledWith('wrong request method');
    expect(notices.at(-1)?.title).toBe('a.mp4：上传失败');
    log.mockRestore();
  });
});

describe('files kept on the device and broken pictures', () => {
  it('marks a file kept on this device 待上传 and shows 加载失败 for a picture that cannot load', async () => {
    const kept = { name: 'k.png', fileId: 'k1', url: 'local:k1', fileName: '离线.png' };
    const gone = storedEntry({ name: '坏.png' });
    const services = stubServices({ fileUrl: (e) => (e.fileId === gone.fileId ? 'error' : 'blob:x') });
    const onSubmit = vi.fn();
    await mountForm({ form: formOf([photos]), mode: 'edit', values: { photos: [kept, gone] }, onSubmit }, services);
    const [first, second] = qa('od-upload-photos-file');
    expect(first!.textContent).toContain('待上传');
    expect(second!.textContent).toContain('加载失败');
    await click(q('submit'));
    await settle();
    // The device's copy passes the form's check (the sync queue uploads it before the record).
    expect(onSubmit).toHaveBeenCalledWith({ photos: [kept, gone] });
  });

  it('shows the files in detail mode: thumbnails and a video player', async () => {
    const video = storedEntry({ name: '巡店.mp4' }, 'visualdevVideo');
    await mountForm({ form: formOf([clip]), mode: 'detail', values: { clip: [video] } });
    expect(q('od-form')!.querySelector('video')).not.toBeNull();
    expect(text('od-value-clip')).toContain('巡店.mp4');
  });
});
