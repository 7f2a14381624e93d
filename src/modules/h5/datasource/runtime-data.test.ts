import { afterEach, describe, expect, it, vi } from 'vitest';
import { datasourcePath } from '@/contracts/h5-publish';
import type { DataEngine } from './engine';
import { publishedDatasourcePath, startPublishedData } from './runtime-data';

let engine: DataEngine | null = null;
afterEach(() => {
  engine?.stop();
  vi.unstubAllGlobals();
});

describe('the published page’s datasources', () => {
  it('the proxy path is the contract’s', () => {
    expect(publishedDatasourcePath('01JWORK', 'ds_a/b')).toBe(datasourcePath('01JWORK', 'ds_a/b'));
  });

  it('an HTTP_API datasource is asked of the server proxy, never its own url; STATIC comes from the snapshot', async () => {
    const fetch = vi.fn(async () => new Response('{"name":"旗舰店"}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const base = { dependencies: [], relatedDsList: [], refreshType: 'once' as const, refreshInterval: 60, pipe: '' };
    engine = startPublishedData('01JWORK', [
      { ...base, id: 'ds_1', name: 'store', type: 'HTTP_API', url: 'http://10.0.0.1/internal' },
      { ...base, id: 'ds_2', name: 'local', type: 'STATIC', url: '', json: '[1,2]' },
    ]);
    await vi.waitFor(() => expect(engine!.shared()).toEqual({ store: { name: '旗舰店' }, local: [1, 2] }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((fetch.mock.calls[0] as unknown[])[0]).toBe('/p/01JWORK/ds/ds_1');
  });

  it('a failing proxy answer is an error with its status, and no data', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"code":403}', { status: 403 })));
    engine = startPublishedData('01JWORK', [{ id: 'ds_1', name: 'store', type: 'HTTP_API', url: 'https://x.test', dependencies: [], relatedDsList: [], refreshType: 'once', refreshInterval: 60, pipe: '' }]);
    await vi.waitFor(() => expect(engine!.status('ds_1').error).toEqual({ code: 'http-failed', status: 403 }));
    expect(engine.shared()).toEqual({});
  });
});
