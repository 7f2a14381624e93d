import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiLogin, launch, newPage, screenshot, signIn } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * Datasources on a published page (issue 19, "a CSV and an HTTP datasource with a pipe bound to a
 * text element"). This file starts its own server with YUNMIAN_DATASOURCE_ALLOW_PRIVATE=true: the
 * HTTP API is a small server of this test on 127.0.0.1, which the datasource proxy refuses
 * otherwise (and must, on the shared server).
 */

let browser: Browser;
let server: RunningServer;
let api: http.Server;
let apiUrl: string;
/** Requests the test's API has answered, by the caller's Origin header ('' when none: the server's proxy). */
const apiCalls: string[] = [];

beforeAll(async () => {
  api = http.createServer((req, res) => {
    apiCalls.push(String(req.headers.origin ?? ''));
    // CORS for the editor (it fetches from the browser); the published page asks the server's proxy.
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify({ stores: [{ name: '徐汇店', visitors: 120 }, { name: '天河店', visitors: 80 }] }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/flow`;
  [browser, server] = await Promise.all([launch(), startServer({ env: { YUNMIAN_DATASOURCE_ALLOW_PRIVATE: 'true' } })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => api?.close(resolve));
});

const side = { value: 0, unit: 'px' as const };
const sides = { top: side, right: side, bottom: side, left: side };
const text = (uuid: string, html: string, top: number) => ({
  name: 'text',
  uuid,
  version: 1,
  pluginProps: { text: html },
  commonStyle: {
    top, left: 20, width: 280, height: 40, rotate: 0, zindex: 1, textAlign: 'center', color: '#000000', backgroundColor: 'transparent',
    fontSize: 16, opacity: 1, borderRadius: 0, margin: sides, padding: sides, border: { ...sides, color: '#000000', style: 'solid' },
  },
  events: [],
  methodList: [],
  scripts: [],
  animations: [],
});

/** A work made through the API: two bound texts, and the HTTP_API datasource `flow` with its pipe (the CSV one is added in the editor). */
async function createWork(): Promise<string> {
  const token = await apiLogin(server.url);
  const body = {
    title: '数据源活动页',
    pages: [{ uuid: 'page_data0001', title: '首页', type: 'index', elements: [text('text_flow00001', '<p>客流合计：{{flow.total}}人</p>', 40), text('text_sales0001', '<p>首店：{{sales.first}}，销量{{sales.sum}}</p>', 100)] }],
    datasources: [{ id: 'ds_flow0001', name: 'flow', type: 'HTTP_API', url: apiUrl, dependencies: [], relatedDsList: [], refreshType: 'once', refreshInterval: 60, pipe: '{ "total": $sum(stores.visitors) }' }],
  };
  const res = await fetch(`${server.url}event/work`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const json = (await res.json()) as { code: number; data: { id: string } };
  expect(json.code).toBe(200);
  return json.data.id;
}

const CSV = 'store,amount\n徐汇店,300\n天河店,200\n西湖店,100\n';

describe('datasources on a published page (issue 19)', () => {
  it('a CSV datasource added in the editor and an HTTP one, each with a pipe, fill texts in the editor’s 测试, the preview and the published page on a phone', async () => {
    const id = await createWork();
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await page.goto(`${server.url}#/login`);
    await signIn(page, 'admin');
    await page.getByTestId('home-greeting').waitFor();
    await page.goto(`${server.url}#/h5/editor/${id}`);
    await page.locator('[data-testid=editor-page][data-state=ready]').waitFor();

    // 页面 → 数据源: the API's datasource is listed and runs in the panel (fetched by the browser).
    await page.getByTestId('right-tab-page').click();
    const panel = page.getByTestId('ds-panel');
    await panel.locator('[data-testid=ds-row][data-name=flow]').waitFor();
    await expect.poll(() => panel.getByTestId('ds-shared').innerText()).toContain('"total": 200');

    // 编辑 → 测试 on it: the data, then the pipe's result.
    await panel.locator('[data-testid=ds-row][data-name=flow]').getByTestId('ds-edit').click();
    let form = page.getByTestId('ds-form');
    await form.getByTestId('ds-form-test').click();
    await expect.poll(() => form.getByTestId('ds-form-test-result').innerText()).toContain('"total": 200');
    expect(await form.getByTestId('ds-form-test-raw').innerText()).toContain('徐汇店');
    await form.getByRole('button', { name: '取消' }).click();
    await form.waitFor({ state: 'detached' });

    // 添加数据源: a CSV file made here, a JSONata pipe, 测试 shows its result, 保存.
    await panel.getByTestId('ds-add').click();
    form = page.getByTestId('ds-form');
    await form.getByTestId('ds-form-name').fill('sales');
    await form.getByTestId('ds-form-type').selectOption('CSV');
    await form.getByTestId('ds-form-csv').setInputFiles({ name: 'sales.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
    await expect.poll(() => form.getByTestId('ds-form-csv-info').innerText()).toContain('sales.csv：3 行');
    await form.getByTestId('ds-form-pipe').fill('{ "first": $[0].store, "sum": $sum($.$number(amount)) }');
    await form.getByTestId('ds-form-test').click();
    const result = form.getByTestId('ds-form-test-result');
    await expect.poll(() => result.innerText()).toContain('"sum": 600');
    expect(await result.innerText()).toContain('"first": "徐汇店"');
    await result.scrollIntoViewIfNeeded();
    await screenshot(page, 'h5-datasource-test-1366');
    await form.getByTestId('ds-form-submit').click();
    await form.waitFor({ state: 'detached' });
    await panel.locator('[data-testid=ds-row][data-name=sales]').waitFor();
    await expect.poll(() => panel.getByTestId('ds-shared').innerText()).toContain('"sum": 600');

    // 预览: the texts with their data (the preview loads the datasources the editor's way).
    await page.getByTestId('editor-preview').click();
    const phoneFrame = page.getByTestId('preview-dialog').getByTestId('preview-phone');
    await phoneFrame.locator('[data-uuid=text_flow00001]').getByText('客流合计：200人').waitFor();
    await phoneFrame.locator('[data-uuid=text_sales0001]').getByText('首店：徐汇店，销量600').waitFor();
    await page.getByTestId('preview-dialog').getByRole('button', { name: '关闭' }).first().click();
    await page.getByTestId('preview-dialog').waitFor({ state: 'detached' });

    // 发布 (saves first), then the public URL in a fresh context (no session) at 390 px.
    await page.getByTestId('editor-publish').click();
    const dialog = page.getByTestId('publish-dialog');
    await dialog.getByTestId('publish-confirm').click();
    await dialog.locator('[data-testid=publish-state][data-published=true]').waitFor();
    const url = await dialog.getByTestId('publish-url').inputValue();
    expect(url).toBe(new URL(`/p/${id}`, server.url).href);

    const proxied = apiCalls.filter((o) => o === '').length;
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await visitor.newPage();
    const asked: string[] = [];
    phone.on('request', (r) => asked.push(r.url()));
    await phone.goto(url);
    await phone.locator('[data-uuid=text_flow00001]').getByText('客流合计：200人').waitFor();
    await phone.locator('[data-uuid=text_sales0001]').getByText('首店：徐汇店，销量600').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The visitor's browser asked this site's proxy, never the API itself; the server did.
    expect(asked).toContain(new URL(`/p/${id}/ds/ds_flow0001`, server.url).href);
    expect(asked.some((u) => u.startsWith(apiUrl))).toBe(false);
    expect(apiCalls.filter((o) => o === '').length).toBeGreaterThan(proxied);
    await screenshot(phone, 'h5-published-data-390');
    await visitor.close();
    await context.close();
  });
});
