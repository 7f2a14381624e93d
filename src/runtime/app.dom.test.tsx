// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { PublishedSnapshot } from '@/contracts/h5-publish';
import { fixtureSnapshot } from '@/modules/h5/view/dev-fixture';
import { SubmissionQueue } from '@/modules/h5/view/queue';
import { App } from './app';

let root: Root | null = null;
let host: HTMLElement | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
  localStorage.clear();
  vi.restoreAllMocks();
});

async function mount(ui: React.ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>));
  return host;
}

const click = async (el: Element | null | undefined) => act(async () => void (el as HTMLElement).click());

describe('the published page: loading', () => {
  it('a spinner, then 页面加载失败 with 重试, which loads again', async () => {
    const boot = { workId: '01JDEVFIXTURE0000000000000', version: 1, snapshotUrl: '/p/01JDEVFIXTURE0000000000000/1.json', title: '' };
    let fail = true;
    let resolve: (s: PublishedSnapshot) => void = () => undefined;
    const load = vi.fn(() => (fail ? Promise.reject(new Error('offline')) : new Promise<PublishedSnapshot>((r) => (resolve = r))));
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    const box = await mount(<App boot={boot} queue={new SubmissionQueue(async () => ({ kind: 'sent' }))} load={load} />);
    expect(box.querySelector('[data-testid="h5-failed"]')?.textContent).toContain('页面加载失败，请检查网络后重试');
    fail = false;
    await click(box.querySelector('[data-testid="h5-failed"] button'));
    expect(box.querySelector('[data-testid="h5-loading"]')).not.toBeNull();
    await act(async () => resolve(fixtureSnapshot()));
    expect(box.querySelector('.h5-page')).not.toBeNull();
    expect(document.title).toBe('云眠床垫节');
    // The view is counted once the work is on screen.
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon.mock.calls[0]).toEqual(['/p/01JDEVFIXTURE0000000000000/view', expect.any(Blob)]);
  });
});
