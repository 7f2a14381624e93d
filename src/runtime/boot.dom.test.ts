// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureSnapshot } from '@/modules/h5/view/dev-fixture';
import { loadSnapshot, readBoot, SnapshotError } from './boot';

const setBoot = (text: string) => {
  document.body.innerHTML = `<div id="app"></div><script type="application/json" id="h5-boot">${text}</script>`;
};
const boot = { workId: '01JDEVFIXTURE0000000000000', version: 3, snapshotUrl: '/p/01JDEVFIXTURE0000000000000/3.json', title: '双11床垫节' };

describe('the boot data the server puts in the page', () => {
  afterEach(() => (document.body.innerHTML = ''));

  it('is read from the h5-boot script', () => {
    setBoot(JSON.stringify(boot).replace(/</g, '\\u003c'));
    expect(readBoot(document)).toEqual(boot);
  });

  it('is refused when missing, malformed or pointing elsewhere', () => {
    expect(readBoot(document)).toBeNull();
    setBoot('{not json');
    expect(readBoot(document)).toBeNull();
    for (const bad of [
      { ...boot, snapshotUrl: 'https://evil.example.com/p/x/3.json' },
      { ...boot, snapshotUrl: '//evil.example.com/p/x/3.json' },
      { ...boot, version: 0 },
      { ...boot, workId: '../../x' },
    ]) {
      setBoot(JSON.stringify(bad));
      expect(readBoot(document)).toBeNull();
    }
  });
});

describe('loading the snapshot', () => {
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

  it('answers the published work', async () => {
    const snapshot = fixtureSnapshot();
    const loaded = await loadSnapshot('/p/x/1.json', (() => json(snapshot)) as unknown as typeof fetch);
    expect(loaded.work.pages).toHaveLength(3);
  });

  it('fails (for the retry screen) without a network, on a server error or a malformed body', async () => {
    await expect(loadSnapshot('/p/x/1.json', (() => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch)).rejects.toBeInstanceOf(SnapshotError);
    await expect(loadSnapshot('/p/x/1.json', (() => json({ code: 500 }, 500)) as unknown as typeof fetch)).rejects.toBeInstanceOf(SnapshotError);
    await expect(loadSnapshot('/p/x/1.json', (() => json({ work: { pages: [] } })) as unknown as typeof fetch)).rejects.toBeInstanceOf(SnapshotError);
  });
});
