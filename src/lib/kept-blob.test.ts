import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpHooks } from './http-config';
import { loadKeptBlob } from './kept-blob';

type Rec = { key: string; blob: Blob };

/** A table of kept bytes in memory (what the helper needs of a Dexie table). */
function tableOf(...records: Rec[]) {
  const rows = new Map(records.map((r) => [r.key, r]));
  return { rows, get: async (key: string) => rows.get(key), put: async (r: Rec) => void rows.set(r.key, r) };
}

const keep = (blob: Blob, key: string): Rec => ({ key, blob });
const answer = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  httpHooks.token = () => null;
});

describe('loadKeptBlob', () => {
  it('answers the first key kept on this device without asking the server', async () => {
    const fetch = answer(200, 'server');
    vi.stubGlobal('fetch', fetch);
    const table = tableOf({ key: '/api/file/Download/chat/b.png', blob: new Blob(['stored']) }, { key: 'local:1', blob: new Blob(['chosen']) });
    const blob = await loadKeptBlob({ table, keys: [undefined, 'local:1', '/api/file/Download/chat/b.png'], path: '/api/file/Download/chat/b.png', keep });
    expect(await blob.text()).toBe('chosen');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('downloads with the session’s token and keeps what `keep` makes of it', async () => {
    const fetch = answer(200, 'picture');
    vi.stubGlobal('fetch', fetch);
    httpHooks.token = () => 'tok';
    const table = tableOf();
    const blob = await loadKeptBlob({ table, keys: ['/f/a.png'], path: '/f/a.png', keep });
    expect(await blob.text()).toBe('picture');
    expect(fetch).toHaveBeenCalledWith('/f/a.png', expect.objectContaining({ headers: { Authorization: 'Bearer tok' } }));
    expect(table.rows.has('/f/a.png')).toBe(true);
    // Not kept when `keep` declines (e.g. too large).
    const other = tableOf();
    await loadKeptBlob({ table: other, keys: ['/f/v.mp4'], path: '/f/v.mp4', keep: () => null });
    expect(other.rows.size).toBe(0);
  });

  it('fails on a refusal and keeps nothing; a file only meant to be here and missing is not asked for', async () => {
    vi.stubGlobal('fetch', answer(404, '{"code":404,"msg":"not found"}'));
    const table = tableOf();
    await expect(loadKeptBlob({ table, keys: ['/f/a.png'], path: '/f/a.png', keep })).rejects.toThrow('download 404');
    expect(table.rows.size).toBe(0);
    const fetch = answer(200, 'x');
    vi.stubGlobal('fetch', fetch);
    await expect(loadKeptBlob({ table, keys: ['local:2'], path: null, keep })).rejects.toThrow();
    expect(fetch).not.toHaveBeenCalled();
  });
});
