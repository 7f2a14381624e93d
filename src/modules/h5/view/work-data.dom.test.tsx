// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Datasource } from '@/contracts/h5';
import type { PublishedSnapshot } from '@/contracts/h5-publish';
import type { DatasourceDoc } from '../datasource/kinds';
import { fixtureElement, fixtureSnapshot } from './dev-fixture';
import { SubmissionQueue } from './queue';
import { WorkView } from './work-view';

let root: Root | null = null;
let host: HTMLElement | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function mount(ui: React.ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(ui));
  return host;
}

const base = { dependencies: [], relatedDsList: [], refreshType: 'once' as const, refreshInterval: 60, pipe: '', url: '' };
const ds = (more: Partial<DatasourceDoc> & Pick<DatasourceDoc, 'id' | 'name' | 'type'>): DatasourceDoc => ({ ...base, ...more });

/** The fixture with the datasources and, on its first page, a text per `texts` (uuid → HTML). */
function snapshot(datasources: DatasourceDoc[], texts: Record<string, string>, more: ReturnType<typeof fixtureElement>[] = []): PublishedSnapshot {
  const s = fixtureSnapshot();
  s.work.datasources = datasources as Datasource[];
  let top = 300;
  for (const [uuid, text] of Object.entries(texts)) s.work.pages[0]!.elements.push(fixtureElement('text', uuid, [(top += 40), 20, 280, 30], { text }));
  s.work.pages[0]!.elements.push(...more);
  return s;
}

const published = (s: PublishedSnapshot) => <WorkView snapshot={s} queue={new SubmissionQueue(async () => ({ kind: 'sent' }))} />;
const preview = (s: PublishedSnapshot) => <WorkView snapshot={s} preview={{ link: (u) => u, tel: (n) => n, submit: 'no' }} pxPerRem={37.5} />;
const textOf = (box: HTMLElement, uuid: string) => box.querySelector(`[data-uuid="${uuid}"] [data-testid="h5-text"]`);
/** Lets the page's work go on (loads, imports, renders) for 10 ms, inside act. */
const tick = () => act(async () => void (vi.isFakeTimers() ? await vi.advanceTimersByTimeAsync(10) : await new Promise((r) => setTimeout(r, 10))));
/** Waits until `check` passes (at most 300 ticks). */
async function until(check: () => void) {
  for (let i = 0; ; i++) {
    try {
      return check();
    } catch (e) {
      if (i >= 300) throw e;
    }
    await tick();
  }
}

describe('a published page with datasources (the view binds its elements)', () => {
  it('a STATIC datasource fills a text template; the value lands escaped, as text, never as markup', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const box = await mount(
      published(snapshot([ds({ id: 'ds_static01', name: 'store', type: 'STATIC', json: '{"name":"<img src=x onerror=\\"window.hacked=1\\">旗舰店","open":true}' })], { text_bound0001: '<p>门店：{{store.name}}（{{ store.open }}）</p>' })),
    );
    await until(() => expect(textOf(box, 'text_bound0001')?.textContent).toBe('门店：<img src=x onerror="window.hacked=1">旗舰店（true）'));
    expect(textOf(box, 'text_bound0001')!.querySelector('img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    // The rest of the work is drawn as saved; a STATIC datasource asks nobody.
    expect(textOf(box, 'text_title001')?.textContent).toBe('云眠床垫节');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a CSV datasource fills a table through its list binding', async () => {
    const table = fixtureElement('table', 'table_bound0001', [500, 20, 280, 120], {
      rows: [['门店', '城市'], ['示例店', '示例市']],
      header: true,
      dataBinding: { source: 'stores', fields: [{ key: '门店', path: 'name' }, { key: '城市', path: 'city' }] },
    });
    const csv = ds({ id: 'ds_csv00001', name: 'stores', type: 'CSV', rows: [{ name: '徐汇店', city: '上海' }, { name: '天河店', city: '广州' }], columns: ['name', 'city'], fileName: 's.csv' });
    const box = await mount(published(snapshot([csv], {}, [table])));
    await until(() => expect(box.querySelector('[data-uuid="table_bound0001"]')?.textContent).toContain('天河店'));
    const cells = [...box.querySelectorAll('[data-uuid="table_bound0001"] tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(cells).toEqual([['门店', '城市'], ['徐汇店', '上海'], ['天河店', '广州']]);
  });

  it('a failing HTTP datasource (asked of the server proxy) leaves the text without its template and the list with its own sample rows; the page is drawn', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"code":502}', { status: 502 }));
    const table = fixtureElement('table', 'table_bound0001', [500, 20, 280, 120], { rows: [['门店'], ['示例店']], header: true, dataBinding: { source: 'api.rows', fields: [{ key: '门店', path: 'name' }] } });
    const s = snapshot([ds({ id: 'ds_http0001', name: 'api', type: 'HTTP_API', url: 'http://10.0.0.1/internal' })], { text_bound0001: '<p>今日客流：{{api.count}}人</p>' }, [table]);
    const box = await mount(published(s));
    await until(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(fetchSpy.mock.calls[0]![0]).toBe(`/p/${s.workId}/ds/ds_http0001`);
    await until(() => expect(textOf(box, 'text_bound0001')?.textContent).toBe('今日客流：人'));
    expect(box.querySelector('[data-uuid="table_bound0001"]')?.textContent).toContain('示例店');
    expect(textOf(box, 'text_title001')?.textContent).toBe('云眠床垫节');
  });

  it('a fixed HTTP datasource that fails after a good load keeps the last good data on the page; unmounting stops its schedule', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let calls = 0;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      calls += 1;
      return calls === 1 ? new Response('{"count":128}', { headers: { 'content-type': 'application/json' } }) : new Response('down', { status: 503 });
    });
    const s = snapshot([ds({ id: 'ds_http0001', name: 'api', type: 'HTTP_API', url: 'https://api.example.com/flow', refreshType: 'fixed', refreshInterval: 5 })], { text_bound0001: '<p>今日客流：{{api.count}}人</p>' });
    const box = await mount(published(s));
    await until(() => expect(textOf(box, 'text_bound0001')?.textContent).toBe('今日客流：128人'));
    await act(async () => void (await vi.advanceTimersByTimeAsync(5_100)));
    await until(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    await act(async () => void (await vi.advanceTimersByTimeAsync(10)));
    expect(textOf(box, 'text_bound0001')?.textContent).toBe('今日客流：128人');
    await act(async () => root!.unmount());
    root = null;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('datasources that nothing binds are not loaded', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const box = await mount(published(snapshot([ds({ id: 'ds_http0001', name: 'api', type: 'HTTP_API', url: 'https://api.example.com/x' })], { text_plain0001: '<p>没有绑定</p>' })));
    await until(() => expect(textOf(box, 'text_plain0001')?.textContent).toBe('没有绑定'));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('the preview with datasources (the editor’s way)', () => {
  it('an HTTP datasource is fetched by the browser from its own url, and its data is bound', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"store":{"name":"天河店"}}', { headers: { 'content-type': 'application/json' } }));
    const s = snapshot([ds({ id: 'ds_http0001', name: 'api', type: 'HTTP_API', url: 'https://api.example.com/store' })], { text_bound0001: '<p>{{api.store.name}}</p>' });
    const box = await mount(preview(s));
    await until(() => expect(textOf(box, 'text_bound0001')?.textContent).toBe('天河店'));
    expect(fetchSpy.mock.calls[0]![0]).toBe('https://api.example.com/store');
    expect(box.querySelector('.h5-root')?.getAttribute('data-mode')).toBe('preview');
  });
});
