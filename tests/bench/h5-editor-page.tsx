// Runs inside headless Chromium (built with Vite by h5-editor-browser.mjs): the campaign-page
// editor on the signed-in user's real IndexedDB database, with the app's Chakra system and Lingui
// catalogs. The works are kept there as the module keeps a work synced from the server (drafts.ts's
// blankWork and serverRow into the h5Works table, nothing queued): one of 20 pages × 50 elements (a
// mix of the element types: texts, pictures as data: SVGs, buttons, shapes, ratings, tables,
// notice bars, form fields and a page background; no chart or QR code, which load their libraries
// lazily) and one page of 200 elements. The figures: opening (openDraft → loadWork → the canvas
// painted, and the whole editor page through a router as the app mounts it), frames during a
// mouse drag (driven from outside by real input events; recorded here with requestAnimationFrame),
// and undo / redo of one step (the core store's functions, timed alone, to the React commit and to
// the end of the next frame). Nothing of the app is stubbed but the network flag (offline) and
// the queue's sender (never called).
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { system } from '@/app/system';
import type { UserInfo } from '@/contracts/auth';
import { ulid } from 'ulid';
import { PAGE_MODE, type H5Element, type H5Page, type Work, type WorkContent } from '@/contracts/h5';
import { activateLocale, i18n, loadAppCatalog } from '@/lib/i18n';
import { network } from '@/lib/network';
import { currentUserDb, startSync, syncStatus } from '@/lib/sync/engine';
import type { SendResult } from '@/lib/sync/outbox';
import { setModuleTables } from '@/lib/sync/user-db';
import { session } from '@/modules/auth/store';
import { patchElement } from '@/modules/h5/core/actions';
import { newElement, newPage } from '@/modules/h5/core/model';
import { closeWork, editorState, loadWork, redo, select, undo } from '@/modules/h5/core/store';
import { blankWork, openDraft, serverRow } from '@/modules/h5/drafts';
import { EditorCanvas } from '@/modules/h5/editor/canvas/editor-canvas';
import { LEFT_PANEL_PX } from '@/modules/h5/editor/left-panel';
import { RIGHT_PANEL_PX } from '@/modules/h5/editor/right-panel';
import { EditorPage } from '@/modules/h5/pages/editor-page';
import { h5Tables, h5WorksOf } from '@/modules/h5/table';

// ---- Data -------------------------------------------------------------------------------------------

/** A small deterministic generator (the same works on every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a bedding store's campaign page says. */
const LINES = [
  '云眠家居 · 双十一焕新季',
  '全场床品低至五折，满 999 元再减 100 元',
  '乳胶枕限时特惠，第二件半价',
  '新品上市：60 支长绒棉四件套，亲肤透气',
  '到店体验智能床垫，赠送定制枕套一对',
  '活动时间：11 月 1 日至 11 月 11 日',
  '会员积分双倍，积分可抵现金使用',
  '羽绒被七天无理由退换，安心购买',
  '扫码添加门店顾问，获取专属优惠',
  '门店地址：第 3 大区 · 门店 58（地铁 2 号线 B 口）',
  '填写下方表单，预约上门量尺',
  '每天前 50 名到店顾客赠送精美礼品',
];
const COLORS = ['#1f2937', '#b91c1c', '#1d4ed8', '#047857', '#7c3aed', '#c2410c'];

/** A picture (a stand-in for a product photo): an SVG data: URL, different on every page. */
function svgPicture(page: number, n: number, w: number, h: number): string {
  const hue = (page * 37 + n * 53) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w * 2}" height="${h * 2}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,80%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,60%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/><rect x="${w * 0.15}" y="${h * 0.45}" width="${w * 0.7}" height="${h * 0.35}" rx="6" fill="#fff" opacity=".85"/>` +
    `<circle cx="${w * 0.8}" cy="${h * 0.25}" r="${h * 0.12}" fill="#fff" opacity=".6"/>` +
    `<text x="${w * 0.5}" y="${h * 0.68}" font-size="${Math.round(h * 0.12)}" text-anchor="middle" fill="#333">第${page + 1}页 · 图${n + 1}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The element types of a 50-element page (the background first), in this proportion for larger pages. */
const MIX: readonly [string, number][] = [
  ['text', 14],
  ['picture', 8],
  ['button', 5],
  ['shape', 6],
  ['rating', 3],
  ['table', 2],
  ['notice-bar', 2],
  ['form-input', 3],
  ['form-textarea', 1],
  ['form-radio', 1],
  ['form-checkbox', 1],
  ['form-select', 1],
  ['form-date', 1],
  ['form-submit', 1],
];
/** The mix in a mixed order (a fixed shuffle), as a page's blocks of text, pictures and fields alternate. */
const CYCLE = (() => {
  const list = MIX.flatMap(([name, n]) => Array.from({ length: n }, () => name));
  const rnd = random(5);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
})();
const SHAPES = ['rect', 'circle', 'triangle', 'star'];

/** One element of type `name` at its size, with content of its kind. */
function elementOf(name: string, rnd: () => number, page: number, n: number): { el: H5Element; w: number; h: number } {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const half = rnd() < 0.5;
  let w = 304;
  let h = 40;
  let pluginProps: Record<string, unknown> = {};
  const style: Record<string, unknown> = {};
  if (name === 'text') {
    const big = rnd() < 0.3;
    w = half && !big ? 148 : 304;
    h = big ? 36 : w === 148 ? 64 : 48;
    pluginProps = { text: big ? `<p><strong>${pick(LINES)}</strong></p>` : `<p>${pick(LINES)}</p>${rnd() < 0.4 ? `<p><span style="color: ${pick(COLORS)}">${pick(LINES)}</span></p>` : ''}` };
    Object.assign(style, { fontSize: big ? 20 : 14, color: pick(COLORS), textAlign: big ? 'center' : 'left' });
  } else if (name === 'picture') {
    w = half ? 148 : 304;
    h = half ? 112 : 160;
    pluginProps = { imgSrc: svgPicture(page, n, w, h), alt: '商品图片', fit: 'cover' };
  } else if (name === 'button') {
    w = 148;
    pluginProps = { text: pick(['立即抢购', '预约到店', '领取优惠券', '查看详情']), verticalAlign: 'middle' };
    Object.assign(style, { backgroundColor: pick(['#2f6bff', '#e11d48', '#16a34a']), color: '#ffffff', borderRadius: 20 });
  } else if (name === 'shape') {
    w = h = 70;
    pluginProps = { shape: pick(SHAPES), fill: pick(['#5b8ff9', '#f6bd16', '#e8684a', '#5ad8a6']), stroke: '#2f54eb', strokeWidth: 0 };
  } else if (name === 'rating') {
    w = 148;
    h = 28;
    pluginProps = { value: 3 + Math.floor(rnd() * 3), max: 5 };
  } else if (name === 'table') {
    h = 130;
    pluginProps = {
      rows: [
        ['商品', '原价', '活动价'],
        ['乳胶枕', '399', '199'],
        ['四件套', '899', '599'],
        ['羽绒被', '1299', '899'],
      ],
    };
  } else if (name === 'notice-bar') {
    w = 320;
    h = 36;
    pluginProps = { text: pick(LINES) };
  } else if (name === 'form-textarea') h = 100;
  else if (name === 'form-radio' || name === 'form-checkbox') h = 56;
  else if (name === 'form-submit') h = 44;
  return { el: newElement(name, { pluginProps, commonStyle: { ...style, width: w, height: h } }), w, h };
}

/** A page of `count` elements (a background, then the mix), packed in rows down a 320 px wide long page. */
function pageOf(rnd: () => number, page: number, count: number): H5Page {
  const p = newPage('index', `第${page + 1}页`);
  p.elements.push(newElement('background', { pluginProps: { color: '#fff7ed' } }));
  let x = 8;
  let y = 12;
  let rowH = 0;
  for (let n = 0; p.elements.length < count; n++) {
    const { el, w, h } = elementOf(CYCLE[(n + page * 7) % CYCLE.length]!, rnd, page, n);
    if (x + w > (w === 320 ? 320 : 312)) {
      x = 8;
      y += rowH + 8;
      rowH = 0;
    }
    Object.assign(el.commonStyle, { left: w === 320 ? 0 : x, top: y, zindex: p.elements.length });
    x += w + 8;
    rowH = Math.max(rowH, h);
    p.elements.push(el);
  }
  return p;
}

/** The two works (stored once per browser profile; found again after a reload). */
async function seedWorks(): Promise<{ big: string; dense: string; seedMs: number; bytes: number }> {
  const db = currentUserDb();
  if (!db) throw new Error('no database');
  const rows = await h5WorksOf(db).toArray();
  const t = performance.now();
  const byTitle = (title: string) => rows.find((r) => r.work?.title === title)?.id;
  const rnd = random(18);
  const base = { width: 320, height: 568, page_mode: PAGE_MODE.longPage };
  /** A work as this device keeps the server's copy of it (opened before, no local changes). */
  const put = async (id: string, init: Partial<WorkContent>) => {
    const work: Work = { ...blankWork(id, init, Date.now() - 86_400_000), version: 3 };
    await h5WorksOf(db).put(serverRow(work));
    return id;
  };
  const big = byTitle('双十一焕新季') ?? (await put(ulid(), { ...base, title: '双十一焕新季', pages: Array.from({ length: 20 }, (_, i) => pageOf(rnd, i, 50)) }));
  const dense = byTitle('门店活动长图') ?? (await put(ulid(), { ...base, title: '门店活动长图', pages: [pageOf(rnd, 0, 200)] }));
  const work = (await h5WorksOf(db).get(big))!.work!;
  return { big, dense, seedMs: performance.now() - t, bytes: JSON.stringify(work).length };
}

// ---- Page ---------------------------------------------------------------------------------------------

/** IndexedDB transactions in flight (the browser's API watched): each run starts with a quiet database. */
const idb = { open: 0 };
const openTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
  const tx = openTransaction.apply(this, args);
  idb.open += 1;
  let done = false;
  const end = () => {
    if (!done) idb.open -= 1;
    done = true;
  };
  for (const ev of ['complete', 'abort', 'error']) tx.addEventListener(ev, end);
  return tx;
} as IDBDatabase['transaction'];
async function idbQuiet(limitMs = 15_000) {
  const t = performance.now();
  while (idb.open > 0 && performance.now() - t < limitMs) await new Promise((r) => setTimeout(r, 5));
}

interface ElementTiming extends PerformanceEntry {
  identifier: string;
  renderTime: number;
}

/**
 * The next task: every microtask before it has run (valtio's notification, React's sync-lane render
 * and commit); queued from a requestAnimationFrame callback, it runs after that frame's rendering.
 */
const nextTask = () =>
  new Promise<void>((r) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => r();
    ch.port2.postMessage(0);
  });
const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));
/** The end of the next frame (its requestAnimationFrame callbacks, style, layout and paint done). */
const frame = () => nextFrame().then(nextTask);

/** Where the editor's back button goes (typed as the app's router knows it: a menu route). */
const WORKS_PATH: string = '/h5/works';
const rootRoute = createRootRoute({ component: Outlet });
const worksRoute = createRoute({ getParentRoute: () => rootRoute, path: '/h5/works', component: () => <div data-testid="works-stub" /> });
const editorRoute = createRoute({ getParentRoute: () => rootRoute, path: '/h5/editor/$workId', component: EditorPage });
const router = createRouter({ routeTree: rootRoute.addChildren([worksRoute, editorRoute]), history: createMemoryHistory({ initialEntries: ['/h5/works'] }) });

let showCanvas: (n: number | null) => void = () => {};

/** The canvas alone, where the editor page puts it (between the side panels, under the header and tool bar). */
function CanvasHost() {
  const [n, setN] = useState<number | null>(null);
  showCanvas = setN;
  if (n === null) return null;
  return (
    <Box key={n} position="fixed" top="96px" left={`${LEFT_PANEL_PX}px`} right={`${RIGHT_PANEL_PX}px`} bottom="0" display="flex" flexDirection="column">
      <EditorCanvas />
    </Box>
  );
}

let mounted = false;
function mount() {
  if (mounted) return;
  mounted = true;
  createRoot(document.getElementById('root')!).render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
        <CanvasHost />
      </I18nProvider>
    </ChakraProvider>,
  );
}

async function setup(input: { userId: string }) {
  network.online = false;
  session.userInfo = {
    userId: input.userId,
    userAccount: 'ym00042',
    userName: '陈静',
    headIcon: '',
    portalId: '',
    theme: '',
    language: 'zh-CN',
    organizeName: '云眠家居有限公司',
    departmentName: '门店 58',
    positionName: '店长',
    roleName: '门店员工',
    isAdministrator: false,
    prevLogin: 0,
    prevLoginTime: null,
    prevLoginIPAddress: null,
    prevLoginIPAddressName: null,
  } satisfies UserInfo;
  await activateLocale('zh-CN');
  await loadAppCatalog();
  setModuleTables([h5Tables]);
  await startSync(input.userId, async (): Promise<SendResult> => ({ ok: false, code: 0, message: 'bench: no server' }));
  if (!syncStatus.active) throw new Error('sync engine not active');
  const seeded = await seedWorks();
  mount();
  await frame();
  await idbQuiet();
  return seeded;
}

const canvasEls = () => document.querySelectorAll<HTMLElement>('[data-testid=canvas-page] .h5-el');
const editorReady = () => document.querySelector('[data-testid=editor-page][data-state=ready]') !== null;

/** Element Timing on the elements' text and pictures, marked as they enter the DOM (before any paint). */
let mark = '';
const painted = new Map<string, number>();
new MutationObserver(() => {
  if (!mark) return;
  for (const el of canvasEls()) {
    if (el.dataset.benchMark === mark) continue;
    el.dataset.benchMark = mark;
    for (const leaf of el.querySelectorAll('p, span, img, td, th, label')) leaf.setAttribute('elementtiming', mark);
  }
}).observe(document.body, { childList: true, subtree: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries() as ElementTiming[]) {
    const at = e.renderTime || e.startTime;
    if (e.identifier) painted.set(e.identifier, Math.max(painted.get(e.identifier) ?? 0, at));
  }
}).observe({ type: 'element' });

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * p) - 1))]!;
  return { median: q(0.5), p95: q(0.95), max: s[s.length - 1]!, mean: s.reduce((a, b) => a + b, 0) / (s.length || 1) };
};

/**
 * Opens the 20 × 50 work `runs` times. `canvas`: t0 → openDraft → loadWork → <EditorCanvas> mounted
 * → the end of the first frame with the page's elements in the DOM (and, from Element Timing, the
 * last of their texts and pictures painted). `editor`: the same from navigating to the editor route
 * (the real EditorPage: header, side panels, tool bar, canvas, autosave).
 */
async function runOpen(input: { mode: 'canvas' | 'editor'; workId: string; runs: number }) {
  const total: number[] = [];
  const paint: number[] = [];
  const read: number[] = [];
  const load: number[] = [];
  const inDom: number[] = [];
  let elements = 0;
  for (let i = 0; i < input.runs; i++) {
    await idbQuiet();
    await frame();
    mark = `${input.mode}-${i}`;
    const t0 = performance.now();
    if (input.mode === 'canvas') {
      const work = await openDraft(input.workId);
      read.push(performance.now() - t0);
      const t1 = performance.now();
      loadWork(work);
      load.push(performance.now() - t1);
      flushSync(() => showCanvas(i));
    } else void router.navigate({ to: '/h5/editor/$workId', params: { workId: input.workId } });
    for (;;) {
      await nextFrame();
      if ((input.mode === 'canvas' || editorReady()) && canvasEls().length >= 50) break;
      if (performance.now() - t0 > 10_000) throw new Error(`${input.mode}: the canvas did not show within 10 s`);
    }
    inDom.push(performance.now() - t0);
    // Queued from the frame's callback: runs once that frame is rendered.
    await nextTask();
    total.push(performance.now() - t0);
    elements = canvasEls().length;
    const wait = performance.now();
    while (performance.now() - wait < 300) await frame();
    paint.push((painted.get(mark) ?? NaN) - t0);
    mark = '';
    if (input.mode === 'canvas') {
      flushSync(() => showCanvas(null));
      closeWork();
    } else await router.navigate({ to: WORKS_PATH });
    await frame();
  }
  const part = (xs: number[]) => (xs.length ? { first: xs[0]!, ...stats(xs.slice(1)) } : null);
  return { mode: input.mode, runs: input.runs - 1, elements, total: part(total)!, paint: part(paint)!, inDom: part(inDom)!, read: part(read), load: part(load) };
}

/** Opens a work in the editor (for the drag and undo figures) and waits for its canvas. */
async function openInEditor(input: { workId: string; count: number }) {
  await router.navigate({ to: WORKS_PATH });
  await frame();
  await router.navigate({ to: '/h5/editor/$workId', params: { workId: input.workId } });
  while (!editorReady() || canvasEls().length < input.count) await frame();
  await frame();
  await idbQuiet();
  return { elements: canvasEls().length, pages: editorState.work!.pages.length };
}

/** An element of the open page whose middle is well inside the canvas viewport (room to drag right and down), in screen coordinates. */
function dragTarget(input: { skip: number; dx: number; dy: number }) {
  const vp = document.querySelector('[data-testid=canvas-viewport]')!.getBoundingClientRect();
  const ok = [...canvasEls()].filter((el) => {
    const r = el.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const name = el.dataset.name;
    return (name === 'shape' || name === 'picture' || name === 'button') && cx > vp.left + 20 && cx + input.dx < vp.right - 20 && cy > vp.top + 40 && cy + input.dy < vp.bottom - 40;
  });
  const el = ok[input.skip % ok.length];
  if (!el) throw new Error(`no element to drag in the viewport ${JSON.stringify(vp)}: ${[...canvasEls()].slice(0, 12).map((e) => `${e.dataset.name} ${JSON.stringify(e.getBoundingClientRect())}`).join('; ')}`);
  const r = el.getBoundingClientRect();
  return { uuid: el.dataset.uuid!, name: el.dataset.name!, x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * Frame recording during a drag: requestAnimationFrame timestamps between the pointer going down
 * and up, and the browser's long animation frames (over 50 ms: how long, how much of it scripts).
 */
const rec = { on: false, frames: [] as number[], long: [] as { ms: number; script: number; by: string }[], moves: 0, down: NaN, up: NaN, raf: 0, before: { left: 0, top: 0 }, revision: 0, canUndo: false, uuid: '' };
window.addEventListener('pointerdown', () => rec.on && (rec.down = performance.now()), true);
window.addEventListener('pointermove', () => rec.on && !Number.isNaN(rec.down) && (rec.moves += 1), true);
window.addEventListener('pointerup', () => rec.on && (rec.up = performance.now()), true);
/** A long animation frame entry (not in TypeScript's DOM types). */
interface LongFrame extends PerformanceEntry {
  scripts: { duration: number; invoker: string }[];
}
new PerformanceObserver((list) => {
  for (const e of list.getEntries() as LongFrame[]) {
    if (!rec.on || Number.isNaN(rec.down) || e.startTime >= rec.up) continue;
    const top = [...e.scripts].sort((a, b) => b.duration - a.duration)[0];
    rec.long.push({ ms: e.duration, script: e.scripts.reduce((a, x) => a + x.duration, 0), by: top?.invoker ?? '' });
  }
}).observe({ type: 'long-animation-frame', buffered: false });
const styleOf = (uuid: string) => {
  const s = editorState.editingPage!.elements.find((e) => e.uuid === uuid)!.commonStyle;
  return { left: s.left, top: s.top };
};

function dragStart(input: { uuid: string }) {
  if (editorState.selection[0] !== input.uuid) throw new Error(`the element was not selected by the click (${editorState.selection.join(',')})`);
  Object.assign(rec, { on: true, frames: [], long: [], moves: 0, down: NaN, up: NaN, before: styleOf(input.uuid), revision: editorState.revision, canUndo: editorState.canUndo, uuid: input.uuid });
  const loop = (ts: number) => {
    if (!rec.on) return;
    if (!Number.isNaN(rec.down) && Number.isNaN(rec.up)) rec.frames.push(ts);
    rec.raf = requestAnimationFrame(loop);
  };
  rec.raf = requestAnimationFrame(loop);
}

/** After the pointer went up: the frame times, and whether the drag is one step of history (undone and redone once). */
async function dragEnd() {
  await frame();
  await frame();
  rec.on = false;
  cancelAnimationFrame(rec.raf);
  const deltas = rec.frames.slice(1).map((t, i) => t - rec.frames[i]!);
  const after = styleOf(rec.uuid);
  const steps = editorState.revision - rec.revision;
  const canUndo = editorState.canUndo;
  undo();
  await frame();
  const undone = styleOf(rec.uuid);
  const dom = document.querySelector<HTMLElement>(`.h5-el[data-uuid="${rec.uuid}"]`)!;
  const domBack = parseFloat(dom.style.left) === rec.before.left && parseFloat(dom.style.top) === rec.before.top;
  const emptiedHistory = !editorState.canUndo;
  redo();
  await frame();
  const redone = styleOf(rec.uuid);
  return {
    deltas,
    long: rec.long,
    moves: rec.moves,
    ms: rec.up - rec.down,
    before: rec.before,
    after,
    steps,
    canUndo,
    undoRestores: undone.left === rec.before.left && undone.top === rec.before.top && domBack,
    undoEmptiedHistory: rec.canUndo ? null : emptiedHistory,
    redoRestores: redone.left === after.left && redone.top === after.top,
  };
}

/**
 * Undo / redo of one step on the open work: `steps` varied changes of the editing page (a move, a
 * style change, a props change, in turn, on different elements), then each undone and redone alone.
 */
async function runUndo(input: { steps: number }) {
  const page = editorState.editingPage!;
  const movable = page.elements.filter((e) => e.name !== 'background');
  select([movable[0]!.uuid]);
  await frame();
  const original = JSON.stringify(editorState.work!.pages);
  /** The element each step changes, and whether the step moved it. */
  const changes: { uuid: string; move: boolean }[] = [];
  for (let i = 0; i < input.steps; i++) {
    const el = movable[(i * 7) % movable.length]!;
    const kind = i % 3;
    if (kind === 0) patchElement(el.uuid, { commonStyle: { left: el.commonStyle.left + 4, top: el.commonStyle.top + 3 } });
    else if (kind === 1) patchElement(el.uuid, { commonStyle: { color: COLORS[i % COLORS.length]!, backgroundColor: i % 2 ? '#fef3c7' : '#e0f2fe' } });
    else if (el.name === 'text') patchElement(el.uuid, { pluginProps: { text: `<p>${LINES[i % LINES.length]}（改 ${i}）</p>` } });
    else if ('text' in el.pluginProps) patchElement(el.uuid, { pluginProps: { text: `${LINES[i % LINES.length]!.slice(0, 8)} ${i}` } });
    else patchElement(el.uuid, { commonStyle: { opacity: 0.9 } });
    changes.push({ uuid: el.uuid, move: kind === 0 });
    await frame();
  }
  const edited = JSON.stringify(editorState.work!.pages);
  /** For a move: whether the canvas shows the document's position at that moment. */
  const domShows = (uuid: string) => {
    const s = styleOf(uuid);
    const dom = document.querySelector<HTMLElement>(`.h5-el[data-uuid="${uuid}"]`)!;
    return parseFloat(dom.style.left) === s.left && parseFloat(dom.style.top) === s.top;
  };
  let movesShownAtCommit = 0;
  let moves = 0;
  const measure = async (fn: () => void, step: { uuid: string; move: boolean }) => {
    const t0 = performance.now();
    fn();
    const t1 = performance.now();
    await nextTask();
    const t2 = performance.now();
    if (step.move) {
      moves += 1;
      if (domShows(step.uuid)) movesShownAtCommit += 1;
    }
    await frame();
    const t3 = performance.now();
    return { call: t1 - t0, commit: t2 - t0, frame: t3 - t0 };
  };
  const undos = [];
  for (let i = input.steps - 1; i >= 0; i--) undos.push(await measure(undo, changes[i]!));
  const undoneAll = JSON.stringify(editorState.work!.pages) === original && !editorState.canUndo;
  const redos = [];
  for (let i = 0; i < input.steps; i++) redos.push(await measure(redo, changes[i]!));
  const redoneAll = JSON.stringify(editorState.work!.pages) === edited && !editorState.canRedo;
  const sum = (xs: { call: number; commit: number; frame: number }[]) => ({
    call: stats(xs.map((x) => x.call)),
    commit: stats(xs.map((x) => x.commit)),
    frame: stats(xs.map((x) => x.frame)),
  });
  return { steps: input.steps, undo: sum(undos), redo: sum(redos), undoneAll, redoneAll, changed: original !== edited, moves, movesShownAtCommit };
}

Object.assign(window, { benchH5: { setup, runOpen, openInEditor, dragTarget, dragStart, dragEnd, runUndo, stats } });
