// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { Work } from '@/contracts/h5';
import { fixtureElement, fixtureSnapshot } from '../view/dev-fixture';
import { QUEUE_KEY } from '../view/paths';
import { SubmissionQueue, type SendOutcome, type Submission } from '../view/queue';
import { WorkView } from '../view/work-view';
import { fitScale, PreviewPhone, previewUrl } from './preview-phone';

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
const rerender = (ui: React.ReactNode) => act(async () => root!.render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>));

const click = async (el: Element | null | undefined) => act(async () => void (el as HTMLElement).click());
const type = async (el: Element | null, value: string) =>
  act(async () => {
    (el as HTMLInputElement).value = value;
    el!.dispatchEvent(new Event('input', { bubbles: true }));
  });
const note = (box: HTMLElement) => box.querySelector('[data-testid="h5-note"]')?.textContent;
const errorsOf = (box: HTMLElement) => Array.from(box.querySelectorAll('[data-testid="h5-field-error"]'), (e) => e.textContent);

/** The fixture (a title, a dialog button, a form page) with a link and a call button on its first page. */
function work(mode = 'h5_long_page'): Work {
  const w = fixtureSnapshot(mode).work;
  w.pages[0]!.elements.push(
    fixtureElement('button', 'button_link0001', [400, 0, 100, 40], { text: '去商城', verticalAlign: 'middle' }, { events: [{ type: 'link', value: 'https://www.example.com/sale' }] }),
    fixtureElement('button', 'button_call0001', [450, 0, 100, 40], { text: '打电话', verticalAlign: 'middle' }, { events: [{ type: 'tel', value: '400-800 1234' }] }),
  );
  return w;
}

describe('the preview (the published view in preview mode)', () => {
  it('links and calls are not followed: a note says where they would go', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, href: 'https://admin.example.com/', assign } as Location);
    const box = await mount(<PreviewPhone work={work()} />);
    await click(box.querySelector('[data-uuid="button_link0001"]'));
    expect(note(box)).toBe('预览中不跳转：https://www.example.com/sale');
    await click(box.querySelector('[data-uuid="button_call0001"]'));
    expect(note(box)).toBe('预览中不拨号：4008001234');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a form is checked as published, then says 预览中不会提交数据 and sends nothing, queues nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    const box = await mount(<PreviewPhone work={work('h5_swipper')} />);
    const page = box.querySelector<HTMLElement>('[data-page="page_form001"]')!;
    await click(page.querySelector('[data-name="form-submit"]'));
    expect(errorsOf(box)).toEqual(['姓名不能为空', '手机号不能为空']);
    expect(note(box)).toBeUndefined();
    await type(page.querySelector('input[name="form-input_name0001"]'), '张三');
    await type(page.querySelector('input[name="form-input_mobile001"]'), '13812345678');
    await click(page.querySelector('[data-name="form-submit"]'));
    expect(errorsOf(box)).toEqual([]);
    expect(note(box)).toBe('预览中不会提交数据');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it('a queue handed to a preview is neither used nor flushed (submissions kept by the published page stay)', async () => {
    const kept: Submission = { workId: '01JDEVFIXTURE0000000000000', version: 1, submissionId: '01JDEVSUBMISSION0000000000', fields: {}, queuedAt: 1 };
    localStorage.setItem(QUEUE_KEY, JSON.stringify([kept]));
    const send = vi.fn(async (): Promise<SendOutcome> => ({ kind: 'sent' }));
    const snapshot = { ...fixtureSnapshot('h5_swipper'), work: work('h5_swipper') };
    const box = await mount(<WorkView snapshot={snapshot} queue={new SubmissionQueue(send)} preview={{ link: (u) => u, tel: (n) => n, submit: 'no' }} />);
    const page = box.querySelector<HTMLElement>('[data-page="page_form001"]')!;
    await type(page.querySelector('input[name="form-input_name0001"]'), '张三');
    await type(page.querySelector('input[name="form-input_mobile001"]'), '13812345678');
    await click(page.querySelector('[data-name="form-submit"]'));
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(send).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(QUEUE_KEY)!)).toEqual([kept]);
  });

  it('dialog pages, page turns and the caller\'s 上一页 / 下一页 work as published', async () => {
    const onPage = vi.fn();
    const w = work('h5_swipper');
    const box = await mount(<PreviewPhone work={w} page={0} onPage={onPage} />);
    expect(box.querySelector('.h5-root')?.classList.contains('h5-preview')).toBe(true);
    await click(box.querySelector('[data-uuid="button_rules001"]'));
    expect(box.querySelector('[role="dialog"]')?.textContent).toContain('活动规则');
    await click(box.querySelector('.h5-dialog-close'));
    expect(box.querySelector('[role="dialog"]')).toBeNull();
    // Esc closes a dialog page, not the app's dialog around the preview.
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    await click(box.querySelector('[data-uuid="button_rules001"]'));
    await act(async () => void document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(box.querySelector('[role="dialog"]')).toBeNull();
    expect(outer).not.toHaveBeenCalled();
    await act(async () => void document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(outer).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', outer);
    // A swipe / key / dot asks the caller, who holds the page.
    await act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' })));
    expect(onPage).toHaveBeenLastCalledWith(1);
    await rerender(<PreviewPhone work={w} page={1} onPage={onPage} />);
    expect(box.querySelectorAll('.h5-dots button')[1]!.getAttribute('aria-current')).toBe('page');
    expect((box.querySelector('.h5-track') as HTMLElement).style.transform).toContain('-100%');
  });

  it('draws in px of its own frame (the app\'s rem is not the page\'s), scaled down to fit', async () => {
    const box = await mount(<PreviewPhone work={work()} width={375} height={667} scale={0.5} testId="phone" />);
    // A 320 px design in a 375 px frame: 1 design px = 375 / 320 px.
    const title = box.querySelector<HTMLElement>('[data-uuid="text_title001"]')!;
    expect(title.style.width).toBe(`${Math.round(280 * (375 / 320) * 100) / 100}px`);
    expect(title.style.left).toBe(`${Math.round(20 * (375 / 320) * 100) / 100}px`);
    const outer = box.querySelector<HTMLElement>('[data-testid="phone"]')!;
    expect([outer.style.width, outer.style.height]).toEqual(['187.5px', '333.5px']);
    expect((outer.firstElementChild as HTMLElement).style.transform).toBe('scale(0.5)');
    expect(fitScale(391, 683, 358, 600)).toBeCloseTo(600 / 683, 5);
    expect(fitScale(391, 683, 2000, 2000)).toBe(1);
  });

  it('its QR code URL is this app\'s address with the preview route (hash routing)', () => {
    expect(previewUrl('01JWORK', { origin: 'https://yunmian.example.com', pathname: '/' })).toBe('https://yunmian.example.com/#/h5/preview/01JWORK');
    expect(previewUrl('01JWORK', { origin: 'http://10.0.0.5:8080', pathname: '/app/' })).toBe('http://10.0.0.5:8080/app/#/h5/preview/01JWORK');
  });
});
