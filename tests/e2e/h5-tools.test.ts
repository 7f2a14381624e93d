import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePsdBuffer } from 'ag-psd';
import type { Browser, Page } from 'playwright-core';
import type { Work } from '../../src/contracts/h5';
import { apiLogin, hashPath, launch, newPage, screenshot, signIn } from './browser';
import { sharedServerUrl } from './shared-server';

/**
 * The editor tool bar's part-2 tools (issue 19): 导入PSD (a PSD made here with ag-psd: a
 * background, a group with a visible and a hidden layer, a text layer and a layer sticking out of
 * the page), 截图海报 (the PNG downloaded, and set as the cover the works list shows) and 问题检查
 * (the layer sticking out listed; clicking it selects it).
 */

const base = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function serverWork(token: string, id: string): Promise<Work | null> {
  const res = await fetch(`${base}event/work/${id}`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { code: number; data: Work };
  return json.code === 200 ? json.data : null;
}

const fill = (width: number, height: number, rgba: [number, number, number, number]) => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set(rgba, i * 4);
  return { width, height, data };
};

/** A 640 × 1136 design (twice the work's 320 × 568). */
function psdFixture(): Buffer {
  const psd = {
    width: 640,
    height: 1136,
    children: [
      { name: '背景', left: 0, top: 0, right: 640, bottom: 1136, imageData: fill(640, 1136, [255, 244, 230, 255]) },
      {
        name: '按钮组',
        opened: true,
        children: [
          { name: '按钮', left: 120, top: 900, right: 520, bottom: 1000, imageData: fill(400, 100, [230, 80, 20, 255]) },
          { name: '隐藏角标', hidden: true, left: 480, top: 880, right: 560, bottom: 940, imageData: fill(80, 60, [0, 0, 255, 255]) },
        ],
      },
      {
        name: '标题',
        left: 40,
        top: 100,
        right: 40,
        bottom: 100,
        text: { text: '春季床垫节', transform: [1, 0, 0, 1, 60, 200], style: { fontSize: 64, fillColor: { r: 200, g: 30, b: 30 } } },
      },
      { name: '出界', left: 560, top: 400, right: 760, bottom: 520, imageData: fill(200, 120, [20, 120, 220, 255]) },
    ],
  } as unknown as Parameters<typeof writePsdBuffer>[0];
  return writePsdBuffer(psd, { invalidateTextLayers: true });
}

async function signedIn(page: Page) {
  await page.goto(`${base}#/login`);
  await signIn(page, 'admin');
  await page.getByTestId('home-greeting').waitFor();
}

async function createWork(page: Page): Promise<string> {
  await page.goto(`${base}#/h5/works`);
  await page.getByTestId('work-create').click();
  await page.waitForURL(/#\/h5\/editor\//);
  await page.locator('[data-testid=editor-page][data-state=ready]').waitFor();
  await page.getByTestId('canvas-page').waitFor();
  return hashPath(page).split('/').pop()!;
}

const elements = (page: Page) => page.getByTestId('canvas-page').getByTestId('canvas-element');

describe('editor tool bar: PSD, poster, issues (issue 19)', () => {
  it('imports a PSD into elements (one undo step), downloads the page as a poster, sets it as the cover, and lists an off-canvas element that a click selects', async () => {
    const { page } = await newPage(browser, { viewport: { width: 1366, height: 860 }, acceptDownloads: true });
    await signedIn(page);
    const token = await apiLogin(base);
    const id = await createWork(page);
    await expect.poll(() => elements(page).count()).toBe(0);

    // A file that is not a PSD is refused with a clear message.
    await page.getByTestId('tool-psd').click();
    const dialog = page.getByTestId('psd-dialog');
    await dialog.waitFor();
    await page.getByTestId('psd-file').setInputFiles({ name: 'poster.psd', mimeType: 'application/octet-stream', buffer: Buffer.from('\x89PNG not a psd') });
    await expect.poll(() => page.getByTestId('psd-error').innerText()).toContain('不是有效的PSD文件');
    expect(await elements(page).count()).toBe(0);

    // The real PSD: four visible leaf layers (the hidden one skipped) become four elements.
    await page.getByTestId('psd-file').setInputFiles({ name: '春季.psd', mimeType: 'image/vnd.adobe.photoshop', buffer: psdFixture() });
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => elements(page).count()).toBe(4);
    const names = await elements(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.name));
    expect([...names].sort()).toEqual(['picture', 'picture', 'picture', 'text']);
    const boxes = await elements(page).evaluateAll((els) =>
      els.map((e) => {
        const s = (e as HTMLElement).style;
        return { name: (e as HTMLElement).dataset.name, left: parseFloat(s.left), top: parseFloat(s.top), width: parseFloat(s.width), z: Number(s.zIndex), html: e.innerHTML };
      }),
    );
    const bg = boxes.find((b) => b.name === 'picture' && b.width === 320)!;
    const out = boxes.find((b) => b.name === 'picture' && b.left === 280)!;
    const title = boxes.find((b) => b.name === 'text')!;
    expect(bg).toMatchObject({ left: 0, top: 0 });
    expect(out).toMatchObject({ top: 200, width: 100 });
    expect(title.html).toContain('春季床垫节');
    // Bottom layer lowest.
    expect(bg.z).toBeLessThan(title.z);
    expect(title.z).toBeLessThan(out.z);
    // The pictures show the uploaded layer images.
    await expect
      .poll(() => page.getByTestId('canvas-page').locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length))
      .toBe(3);
    const srcs = await page.getByTestId('canvas-page').locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(srcs.every((s) => s.startsWith(base) && s.endsWith('.png'))).toBe(true);
    // The whole import is one undo step.
    await page.getByTestId('tool-undo').click();
    await expect.poll(() => elements(page).count()).toBe(0);
    await page.getByTestId('tool-redo').click();
    await expect.poll(() => elements(page).count()).toBe(4);

    // Issues: the layer sticking out of the page's right side is listed; a click selects it alone.
    const count = page.getByTestId('issues-count');
    await expect.poll(() => count.innerText()).toBe('1');
    await page.getByTestId('tool-issues').click();
    const item = page.getByTestId('issue-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getAttribute('data-rule')).toBe('partlyOffCanvas');
    expect(await item.innerText()).toContain('元素部分超出页面');
    await screenshot(page, 'h5-tools-issues');
    await item.click();
    await page.getByTestId('issues-popover').waitFor({ state: 'detached' });
    const outEl = elements(page).nth(boxes.indexOf(out));
    const se = page.locator('.moveable-control.moveable-se:visible');
    await expect.poll(() => se.count()).toBe(1);
    const handle = (await se.boundingBox())!;
    const box = (await outEl.boundingBox())!;
    expect(Math.abs(handle.x + handle.width / 2 - (box.x + box.width))).toBeLessThan(4);
    expect(Math.abs(handle.y + handle.height / 2 - (box.y + box.height))).toBeLessThan(4);

    // Poster: the page as a PNG, downloaded as {title}-{page}.png.
    await page.getByTestId('tool-poster').click();
    await page.getByTestId('poster-preview').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('poster-download').click()]);
    expect(download.suggestedFilename()).toBe('标题-1.png');
    const file = await download.path();
    const png = fs.readFileSync(file);
    expect(png.length).toBeGreaterThan(1000);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // 2× the page: 640 × 1136.
    expect(png.readUInt32BE(16)).toBe(640);
    expect(png.readUInt32BE(20)).toBe(1136);

    // 设为封面: uploaded, saved with the work, shown on the works list card.
    await page.getByTestId('poster-cover').click();
    await page.getByTestId('poster-dialog').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('editor-save').click();
    await expect.poll(async () => (await serverWork(token, id))?.cover_image_url ?? '', { timeout: 20_000 }).toMatch(/\.png$/);
    const saved = (await serverWork(token, id))!;
    expect(saved.pages[0]!.elements).toHaveLength(4);
    await page.goto(`${base}#/h5/works`);
    const cover = page.locator(`[data-testid=work-card][data-id="${id}"] [data-testid=work-card-cover]`);
    await cover.waitFor();
    await expect.poll(() => cover.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth)).toBe(640);
  });
});
