// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { H5Element } from '@/contracts/h5';
import { elementProps, type RenderMode } from './element-def';
import { elementDef } from './index';

let root: Root | null = null;
let host: HTMLElement | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host?.remove();
});

const element = (name: string, pluginProps: Record<string, unknown>): H5Element =>
  ({
    name,
    uuid: `${name}_abcd1234`,
    version: 1,
    pluginProps,
    commonStyle: {},
    events: [],
    methodList: [],
    scripts: [],
    animations: [],
  }) as unknown as H5Element;

/** Renders an element type as the canvas does: its renderer with the parsed props. */
async function render(name: string, pluginProps: Record<string, unknown>, mode: RenderMode = 'edit') {
  const def = elementDef(name)!;
  const el = element(name, pluginProps);
  const ui = (
    <I18nProvider i18n={i18n}>
      <def.Render element={el} props={elementProps(def, { ...def.defaultProps(), ...pluginProps })} mode={mode} />
    </I18nProvider>
  );
  if (!root) {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  }
  await act(async () => root!.render(ui));
  return host!;
}

describe('element renderers', () => {
  it('text renders its HTML sanitized: no script, no event handler', async () => {
    (window as { pwned?: boolean }).pwned = false;
    const box = await render('text', { text: '<p>欢迎<strong>光临</strong></p><script>window.pwned = true</script><img src="x" onerror="window.pwned = true">' });
    const text = box.querySelector('[data-testid="h5-text"]')!;
    expect(text.querySelector('strong')?.textContent).toBe('光临');
    expect(text.querySelector('script')).toBeNull();
    expect(text.innerHTML).not.toMatch(/onerror|pwned/);
    expect((window as { pwned?: boolean }).pwned).toBe(false);
  });

  it('picture shows 加载失败 when the image fails, and tries again with a new address', async () => {
    let box = await render('picture', { imgSrc: 'https://img.example/broken.png', alt: '海报' });
    const img = box.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('海报');
    await act(async () => void img.dispatchEvent(new Event('error')));
    expect(box.textContent).toContain('加载失败');
    expect(box.querySelector('img')).toBeNull();
    box = await render('picture', { imgSrc: 'https://img.example/other.png' });
    expect(box.querySelector('img')?.getAttribute('src')).toBe('https://img.example/other.png');
    expect(box.textContent).not.toContain('加载失败');
  });

  it('video shows 加载失败 when it fails and never plays in the editor', async () => {
    const box = await render('video', { src: 'https://v.example/a.mp4', autoplay: true });
    const video = box.querySelector('video')!;
    expect(video.autoplay).toBe(false);
    await act(async () => void video.dispatchEvent(new Event('error')));
    expect(box.textContent).toContain('加载失败');
  });

  it('table renders its cells with a header row', async () => {
    const box = await render('table', { rows: [['姓名', '城市'], ['张三', '北京'], ['李四']], header: true });
    expect([...box.querySelectorAll('th')].map((c) => c.textContent)).toEqual(['姓名', '城市']);
    expect([...box.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['张三', '北京'],
      ['李四', ''],
    ]);
    const plain = await render('table', { rows: [['a', 'b']], header: false });
    expect(plain.querySelector('thead')).toBeNull();
    expect(plain.querySelectorAll('td')).toHaveLength(2);
  });

  it('form-radio renders its options as one group, out of reach in the editor', async () => {
    const box = await render('form-radio', { label: '性别', options: [{ label: '男', value: '1' }, { label: '女', value: '2' }, { label: '保密', value: '3' }] });
    const radios = [...box.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => r.value)).toEqual(['1', '2', '3']);
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['男', '女', '保密']);
    expect(new Set(radios.map((r) => r.name))).toEqual(new Set(['form-radio_abcd1234']));
    expect(box.textContent).toContain('性别');
    expect((box.firstElementChild as HTMLElement).style.pointerEvents).toBe('none');
  });

  it('carousel shows its first slide in the editor and all of them in preview', async () => {
    const slides = [{ image: 'https://i/1.png' }, { image: 'https://i/2.png' }, { image: 'https://i/3.png', link: 'javascript:alert(1)' }];
    let box = await render('carousel', { slides });
    expect(box.querySelectorAll('[data-testid="h5-slide"]')).toHaveLength(1);
    box = await render('carousel', { slides, autoplay: false }, 'preview');
    expect(box.querySelectorAll('[data-testid="h5-slide"]')).toHaveLength(3);
    // An unsafe link is not followed.
    expect(box.querySelector('a')).toBeNull();
    const dots = [...box.querySelectorAll<HTMLButtonElement>('button[aria-label]')];
    expect(dots).toHaveLength(3);
    await act(async () => dots[2]!.click());
    expect(dots[2]!.getAttribute('aria-current')).toBe('true');
  });

  it('notice bar scrolls only in preview', async () => {
    let box = await render('notice-bar', { text: '今日特惠' });
    expect(box.querySelector('.h5-marquee')).toBeNull();
    box = await render('notice-bar', { text: '今日特惠' }, 'preview');
    expect(box.querySelector('.h5-marquee')?.textContent).toBe('今日特惠');
  });

  it('qrcode draws its text as an SVG image once the library has loaded', async () => {
    const box = await render('qrcode', { text: 'https://example.com/campaign' });
    await act(async () => {
      for (let i = 0; i < 50 && !box.querySelector('[data-testid="h5-qrcode"]'); i++) await new Promise((r) => setTimeout(r, 20));
    });
    const img = box.querySelector<HTMLImageElement>('[data-testid="h5-qrcode"]')!;
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(img.getAttribute('src')!)).toContain('<svg');
  });
});
