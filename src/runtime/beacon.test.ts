import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetViewForTests, sendView, visitorId } from './beacon';
import { VISITOR_KEY } from '@/modules/h5/view/paths';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
};

describe('page views', () => {
  beforeEach(() => resetViewForTests());

  it('a visitor id is made once per browser and kept', () => {
    const storage = memoryStorage();
    const id = visitorId(storage);
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(visitorId(storage)).toBe(id);
    storage.data.set(VISITOR_KEY, 'bad id!');
    expect(visitorId(storage)).not.toBe('bad id!');
  });

  it('one beacon per load, with the visitor id, to the view endpoint', async () => {
    const sendBeacon = vi.fn(() => true);
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    expect(sendView('01JDEVFIXTURE0000000000000', { sendBeacon } as unknown as Navigator, fetchImpl as unknown as typeof fetch)).toBe(true);
    expect(sendView('01JDEVFIXTURE0000000000000', { sendBeacon } as unknown as Navigator, fetchImpl as unknown as typeof fetch)).toBe(false);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/p/01JDEVFIXTURE0000000000000/view');
    expect(JSON.parse(await blob.text())).toEqual({ visitorId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch where sendBeacon refuses or throws', () => {
    for (const sendBeacon of [() => false, () => { throw new TypeError('not allowed'); }, undefined]) {
      resetViewForTests();
      const fetchImpl = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
      sendView('01JDEVFIXTURE0000000000000', { sendBeacon } as unknown as Navigator, fetchImpl as unknown as typeof fetch);
      expect(fetchImpl).toHaveBeenCalledWith('/p/01JDEVFIXTURE0000000000000/view', expect.objectContaining({ method: 'POST', keepalive: true }));
    }
  });
});
