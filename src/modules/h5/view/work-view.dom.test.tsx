// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { fixtureElement, fixtureSnapshot } from './dev-fixture';
import { SubmissionQueue, type SendOutcome, type Submission } from './queue';
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

const swiper = () => fixtureSnapshot('h5_swipper');
const click = async (el: Element | null | undefined) => act(async () => void (el as HTMLElement).click());
const type = async (el: Element | null, value: string) =>
  act(async () => {
    (el as HTMLInputElement).value = value;
    el!.dispatchEvent(new Event('input', { bubbles: true }));
  });
const formPage = (box: HTMLElement) => box.querySelector<HTMLElement>('[data-page="page_form001"]')!;
const submitButton = (box: HTMLElement) => formPage(box).querySelector('[data-name="form-submit"]');
const errorsOf = (box: HTMLElement) => Array.from(box.querySelectorAll('[data-testid="h5-field-error"]'), (e) => e.textContent);

describe('the published page: modes', () => {
  it('paged mode shows one page per screen with an indicator; keys turn pages; dialog pages are not in the flow', async () => {
    const box = await mount(<WorkView snapshot={swiper()} queue={new SubmissionQueue(async () => ({ kind: 'sent' }))} />);
    const dots = box.querySelectorAll('.h5-dots button');
    expect(dots).toHaveLength(2);
    expect(dots[0]!.getAttribute('aria-current')).toBe('page');
    await act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' })));
    expect(box.querySelectorAll('.h5-dots button')[1]!.getAttribute('aria-current')).toBe('page');
    expect((box.querySelector('.h5-track') as HTMLElement).style.transform).toContain('-100%');
    await act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' })));
    expect(box.querySelectorAll('.h5-dots button')[1]!.getAttribute('aria-current')).toBe('page');
  });

  it('a "go to page" event opens a dialog page as a layer; Esc closes it', async () => {
    const box = await mount(<WorkView snapshot={fixtureSnapshot()} queue={new SubmissionQueue(async () => ({ kind: 'sent' }))} />);
    expect(box.querySelector('[role="dialog"]')).toBeNull();
    await click(box.querySelector('[data-uuid="button_rules001"]'));
    expect(box.querySelector('[role="dialog"]')?.textContent).toContain('活动规则');
    await act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(box.querySelector('[role="dialog"]')).toBeNull();
  });

  it('link events follow http(s) links and never javascript:; call events dial', async () => {
    const snapshot = fixtureSnapshot();
    const first = snapshot.work.pages[0]!;
    first.elements.push(
      fixtureElement('button', 'button_evil0001', [400, 0, 100, 40], { text: 'x', verticalAlign: 'middle' }, { events: [{ type: 'link', value: 'javascript:alert(1)' }] }),
      fixtureElement('button', 'button_good0001', [450, 0, 100, 40], { text: 'y', verticalAlign: 'middle' }, { events: [{ type: 'link', value: 'https://www.example.com/sale' }] }),
      fixtureElement('button', 'button_call0001', [500, 0, 100, 40], { text: 'z', verticalAlign: 'middle' }, { events: [{ type: 'tel', value: '400-800 1234' }] }),
    );
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, href: 'https://shop.example.com/p/x', assign } as Location);
    const box = await mount(<WorkView snapshot={snapshot} queue={new SubmissionQueue(async () => ({ kind: 'sent' }))} />);
    await click(box.querySelector('[data-uuid="button_evil0001"]'));
    expect(assign).not.toHaveBeenCalled();
    await click(box.querySelector('[data-uuid="button_good0001"]'));
    await click(box.querySelector('[data-uuid="button_call0001"]'));
    expect(assign.mock.calls).toEqual([['https://www.example.com/sale'], ['tel:4008001234']]);
  });
});

describe('the published page: forms', () => {
  it('checks required fields and the mobile rule in Chinese, then sends the answers by element uuid', async () => {
    const sent: Submission[] = [];
    const box = await mount(<WorkView snapshot={swiper()} queue={new SubmissionQueue(async (s) => (sent.push(s), { kind: 'sent' }), null)} />);
    // mobileCode needs an SMS provider (none): not shown.
    expect(box.querySelector('[data-uuid="form-input_code0001"]')).toBeNull();
    await click(submitButton(box));
    expect(errorsOf(box)).toEqual(['姓名不能为空', '手机号不能为空']);
    expect(sent).toHaveLength(0);

    const page = formPage(box);
    await type(page.querySelector('input[name="form-input_name0001"]'), '张三');
    expect(errorsOf(box)).toEqual(['手机号不能为空']);
    await type(page.querySelector('input[name="form-input_mobile001"]'), '12812345678');
    await click(submitButton(box));
    expect(errorsOf(box)).toEqual(['请正确输入您的手机号']);

    await type(page.querySelector('input[name="form-input_mobile001"]'), '13812345678');
    await click(page.querySelector('input[name="form-radio_sex00001"][value="2"]'));
    await click(submitButton(box));
    expect(errorsOf(box)).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ workId: '01JDEVFIXTURE0000000000000', version: 1, fields: { 'form-input_name0001': '张三', 'form-input_mobile001': '13812345678', 'form-radio_sex00001': '2' } });
    expect(sent[0]!.submissionId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(box.querySelector('[data-testid="h5-note"]')?.textContent).toBe('提交成功');
    expect((page.querySelector('input[name="form-input_name0001"]') as HTMLInputElement).value).toBe('');
  });

  it('offline: 已保存，联网后自动提交, then 提交成功 once the connection is back — one send', async () => {
    let online = false;
    const send = vi.fn(async (_s: Submission): Promise<SendOutcome> => (online ? { kind: 'sent' } : { kind: 'retry' }));
    const box = await mount(<WorkView snapshot={swiper()} queue={new SubmissionQueue(send)} />);
    const page = formPage(box);
    await type(page.querySelector('input[name="form-input_name0001"]'), '李四');
    await type(page.querySelector('input[name="form-input_mobile001"]'), '13912345678');
    await click(submitButton(box));
    expect(box.querySelector('[data-testid="h5-note"]')?.textContent).toBe('已保存，联网后自动提交');
    expect(JSON.parse(localStorage.getItem('yunmian_h5_form_queue')!)).toHaveLength(1);

    online = true;
    await act(async () => void window.dispatchEvent(new Event('online')));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(box.querySelector('[data-testid="h5-note"]')?.textContent).toBe('提交成功');
    expect(JSON.parse(localStorage.getItem('yunmian_h5_form_queue')!)).toEqual([]);
    // Every attempt carried the same id (the server stores an id once); nothing is sent after the success.
    const ids = send.mock.calls.map(([s]) => s.submissionId);
    expect(new Set(ids).size).toBe(1);
    const calls = send.mock.calls.length;
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(send.mock.calls.length).toBe(calls);
  });
});
