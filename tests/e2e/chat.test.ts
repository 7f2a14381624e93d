import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { ChatMessage, ChatSinceAnswer } from '../../src/contracts/chat';
import { apiLogin, launch, newPage, screenshot, signIn } from './browser';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { sharedServerUrl } from './shared-server';

const base = sharedServerUrl();
let browser: Browser;
const proxies: FaultProxy[] = [];
const dirs: string[] = [];

/** A 24 × 16 PNG (a real picture the browser decodes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAAGklEQVR42mM4YWNDFcQwatCoQaMGjRpEGQIAFsjgELOnV+MAAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
  await Promise.all(proxies.map((p) => p.stop()));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function api<T>(token: string, url: string): Promise<T> {
  const res = await fetch(`${base}${url.replace(/^\//, '')}`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { code: number; data: T; msg: string };
  if (json.code !== 200) throw new Error(`${url}: ${json.code} ${json.msg}`);
  return json.data;
}

async function ready(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  await page.locator('[data-testid=app-layout][data-realtime=open]').waitFor();
}

async function signedIn(page: Page, url: string, account: string) {
  await page.goto(`${url}#/login`);
  await signIn(page, account);
  await page.waitForURL(/#\/home/);
  await ready(page);
}

/** Opens the chat drawer and the conversation with `name` (found by the search box). */
async function openConversation(page: Page, name: string, search = name) {
  await page.getByTestId('chat-entry').click();
  await page.getByTestId('chat-drawer').waitFor();
  await page.getByTestId('chat-search').fill(search);
  await page.getByTestId('chat-contact').filter({ hasText: name }).first().click();
  await page.getByTestId('chat-input').waitFor();
}

async function sendText(page: Page, text: string) {
  await page.getByTestId('chat-text').fill(text);
  await page.getByTestId('chat-text').press('Enter');
}

const texts = (page: Page) => page.getByTestId('chat-history').getByTestId('chat-message').allInnerTexts();

describe('staff chat (issue 17)', () => {
  it('two colleagues chat both ways with text, emoji and an image; unread blink, sort, read, the viewer’s keys', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await signedIn(a.page, base, 'ym0030');
    await signedIn(b.page, base, 'ym0031');
    const tokenB = await apiLogin(base, 'ym0031');
    const users = await api<Array<{ id: string; account: string; realName: string; quickQuery: string }>>(tokenB, '/api/chat/Users');
    const nameA = users.find((u) => u.account === 'ym0030')!;
    const meA = await api<Array<{ account: string; realName: string }>>(await apiLogin(base, 'ym0030'), '/api/chat/Users');
    const nameB = meA.find((u) => u.account === 'ym0031')!.realName;
    expect(users.some((u) => u.account === 'ym0031')).toBe(false);

    // A writes: Enter sends, the text is trimmed, an emoji goes in as its alt text and shows as its picture.
    await openConversation(a.page, nameB);
    await sendText(a.page, '  王店长，新到的乳胶床垫样品放哪？  ');
    await a.page.getByTestId('chat-text').fill('收到 ');
    await a.page.getByTestId('chat-emoji-toggle').click();
    await a.page.getByTestId('emoji-panel').locator('button').first().click();
    await expect.poll(() => a.page.getByTestId('chat-text').inputValue()).toMatch(/^收到 \[.+\]$/);
    await a.page.getByTestId('chat-send').click();
    await a.page.getByTestId('chat-image-input').setInputFiles({ name: 'sample.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(async () => (await a.page.getByTestId('chat-message').and(a.page.locator('[data-state=sent]')).count())).toBe(3);
    // Empty text is not sent.
    await sendText(a.page, '   ');
    await a.page.waitForTimeout(300);
    expect(await a.page.getByTestId('chat-message').count()).toBe(3);

    // B: the entry blinks; A is first in the list with 3 unread; the conversation shows all three.
    await b.page.locator('[data-testid=chat-entry][data-blink=true]').waitFor();
    await b.page.getByTestId('chat-entry').click();
    const first = b.page.getByTestId('chat-contact').first();
    await expect.poll(() => first.getAttribute('data-id')).toBe(nameA.id);
    expect(await first.getAttribute('data-unread')).toBe('3');
    // Search by pinyin initials.
    await b.page.getByTestId('chat-search').fill(nameA.quickQuery.toLowerCase());
    await b.page.getByTestId('chat-contact').filter({ hasText: nameA.realName }).first().click();
    await expect.poll(() => texts(b.page)).toHaveLength(3);
    const got = await texts(b.page);
    expect(got[0]).toContain('王店长，新到的乳胶床垫样品放哪？');
    expect(got[0]).not.toMatch(/^\s/);
    expect(await b.page.getByTestId('chat-history').getByTestId('chat-emoji').count()).toBe(1);
    await b.page.locator('[data-testid=chat-image] img[data-loaded=true]').waitFor();
    // Opened: read, the blink stops.
    await b.page.locator('[data-testid=chat-entry][data-blink=false]').waitFor();

    // The viewer: opens on the image, keys work, Esc closes it (only it).
    await b.page.getByTestId('chat-image').click();
    const viewer = b.page.getByTestId('chat-image-viewer');
    await viewer.waitFor();
    await b.page.keyboard.press('ArrowUp');
    await b.page.keyboard.press('Space');
    await b.page.keyboard.press('ArrowRight');
    await screenshot(b.page, 'chat-viewer');
    await b.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await b.page.getByTestId('chat-drawer').waitFor();

    // B replies; A receives it live.
    await sendText(b.page, '放二楼样板间，谢谢！');
    await expect.poll(async () => (await texts(a.page)).some((x) => x.includes('放二楼样板间，谢谢！'))).toBe(true);
    await screenshot(a.page, 'chat-conversation');
    await a.context.close();
    await b.context.close();
  });

  it('offline: three messages and an image written offline survive a killed browser and reach the colleague once each, in order', async () => {
    const proxy = await startFaultProxy(base);
    proxies.push(proxy);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunmian-chat-'));
    dirs.push(dir);
    const persistent = () =>
      chromium.launchPersistentContext(dir, {
        executablePath: '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        viewport: { width: 390, height: 844 },
        locale: 'zh-CN',
      });
    let a: BrowserContext = await persistent();
    a.setDefaultTimeout(15_000);
    let pageA = a.pages()[0] ?? (await a.newPage());
    await signedIn(pageA, proxy.url, 'ym0032');
    const b = await newPage(browser);
    await signedIn(b.page, base, 'ym0033');
    const tokenA = await apiLogin(base, 'ym0032');
    const nameB = (await api<Array<{ account: string; realName: string }>>(tokenA, '/api/chat/Users')).find((u) => u.account === 'ym0033')!.realName;
    const tokenB = await apiLogin(base, 'ym0033');
    const before = await api<ChatSinceAnswer>(tokenB, '/api/chat/Since?after=0');
    const after = before.list.at(-1)?.seq ?? 0;

    // A opens the conversation online (its history is on the device), then the network goes.
    await openConversation(pageA, nameB);
    proxy.setMode('down');
    const lines = ['离线第一条：今天到店 3 位客户', '离线第二条：记得补床垫保护罩', '离线第三条：晚上对账'];
    for (const line of lines) await sendText(pageA, line);
    await pageA.getByTestId('chat-image-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => pageA.locator('[data-testid=chat-message][data-state=sending]').count()).toBe(4);
    await screenshot(pageA, 'chat-offline-phone');

    // Killed while offline, reopened with the network back.
    await a.close();
    proxy.setMode('pass');
    a = await persistent();
    a.setDefaultTimeout(20_000);
    pageA = a.pages()[0] ?? (await a.newPage());
    await pageA.goto(`${proxy.url}#/home`);
    await pageA.locator('[data-testid=app-layout]').waitFor();

    // B receives each once, in order.
    const since = async () => (await api<ChatSinceAnswer>(tokenB, `/api/chat/Since?after=${after}`)).list.filter((m: ChatMessage) => m.toUserId !== m.sendUserId);
    await expect.poll(async () => (await since()).length, { timeout: 30_000 }).toBe(4);
    const list = await since();
    expect(list.map((m) => (m.contentType === 'text' ? m.content : 'image'))).toEqual([...lines, 'image']);
    await openConversation(b.page, (await api<Array<{ account: string; realName: string }>>(tokenB, '/api/chat/Users')).find((u) => u.account === 'ym0032')!.realName);
    await expect.poll(async () => (await texts(b.page)).filter((x) => x.includes('离线')).length).toBe(3);
    await b.page.locator('[data-testid=chat-image] img[data-loaded=true]').waitFor();
    // Nothing more arrives later (no duplicate replay).
    await b.page.waitForTimeout(1500);
    expect((await since()).length).toBe(4);
    await a.close();
    await b.context.close();
  });

  it('messages that arrive while a colleague is offline are counted per sender in the catch-up notice, and the entry blinks', async () => {
    const proxy = await startFaultProxy(base);
    proxies.push(proxy);
    const b = await newPage(browser);
    await signedIn(b.page, proxy.url, 'ym0035');
    const tokenA = await apiLogin(base, 'ym0034');
    const contacts = await api<Array<{ id: string; account: string; realName: string }>>(tokenA, '/api/chat/Users');
    const toB = contacts.find((u) => u.account === 'ym0035')!.id;
    const nameA = (await api<Array<{ account: string; realName: string }>>(await apiLogin(base, 'ym0035'), '/api/chat/Users')).find((u) => u.account === 'ym0034')!.realName;
    proxy.setMode('down');
    await b.page.locator('[data-testid=app-layout][data-realtime=closed]').waitFor({ timeout: 40_000 });
    for (const text of ['你不在的时候有客户来电', '回来后回个电话']) {
      const res = await fetch(`${base}api/chat/Messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: (await import('ulid')).ulid(), toUserId: toB, messageType: 'text', messageContent: text }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(200);
    }
    proxy.setMode('pass');
    await expect.poll(() => b.page.getByText(new RegExp(`聊天：${nameA} 2 条`)).count(), { timeout: 40_000 }).toBeGreaterThan(0);
    await b.page.locator('[data-testid=chat-entry][data-blink=true]').waitFor();
    await b.context.close();
  });

  it('a message the server refuses is shown as failed, with retry and delete; nothing is said to be sent', async () => {
    const proxy = await startFaultProxy(base);
    proxies.push(proxy);
    const a = await newPage(browser);
    await signedIn(a.page, proxy.url, 'ym0036');
    const admin = await apiLogin(base, 'admin');
    const tokenA = await apiLogin(base, 'ym0036');
    const peer = (await api<Array<{ id: string; account: string; realName: string }>>(tokenA, '/api/chat/Users')).find((u) => u.account === 'ym0048')!;
    const setState = (enabledMark: number) =>
      fetch(`${base}Permission/Users/${peer.id}/Actions/State`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ enabledMark }),
      }).then(async (r) => expect(((await r.json()) as { code: number }).code).toBe(200));
    await openConversation(a.page, peer.realName);
    // Written offline; meanwhile the colleague leaves the company (disabled).
    proxy.setMode('down');
    await sendText(a.page, '明天的排班表发你了');
    await a.page.locator('[data-testid=chat-message][data-state=sending]').waitFor();
    await setState(0);
    try {
      proxy.setMode('pass');
      const failed = a.page.locator('[data-testid=chat-message][data-state=failed]');
      await failed.waitFor({ timeout: 40_000 });
      expect(await failed.getByTestId('chat-failed').innerText()).toContain('接收人不存在');
      await screenshot(a.page, 'chat-failed');
      // Retry while still refused: failed again. Delete: gone from the device and the queue.
      await failed.getByTestId('chat-retry').click();
      await a.page.locator('[data-testid=chat-message][data-state=failed]').waitFor({ timeout: 20_000 });
      await a.page.getByTestId('chat-discard').click();
      await expect.poll(() => a.page.locator('[data-testid=chat-message]').filter({ hasText: '明天的排班表发你了' }).count()).toBe(0);
      await expect.poll(() => a.page.evaluate(async () => {
        const dbs = await indexedDB.databases();
        const name = dbs.find((d) => d.name?.startsWith('yunmian_u_'))!.name!;
        return new Promise<number>((resolve) => {
          const req = indexedDB.open(name);
          req.onsuccess = () => {
            const count = req.result.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
          };
        });
      })).toBe(0);
    } finally {
      await setState(1);
    }
    await a.context.close();
  });
});

