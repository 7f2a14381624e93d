// Runs inside headless Chromium (built with Vite by chat-open-browser.mjs): the app's chat
// conversation component on the signed-in user's real IndexedDB database, opened through the sync
// engine as the session service does, rendered with the app's Chakra system and Lingui catalogs.
// Each run mounts <Conversation> in an already-mounted shell (as the drawer does) and takes the
// paint of the newest message from the browser's Element Timing (its text and pictures are marked as
// the row enters the DOM, before any paint); the frame-by-frame check (requestAnimationFrame until
// the newest message is wholly in view) is printed beside it. Nothing of the app is stubbed but the
// network flag (offline) and the queue's sender (never called: nothing is queued).
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Box, ChakraProvider, HStack, Stack, Text } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { ulid } from 'ulid';
import { system } from '@/app/system';
import type { UserInfo } from '@/contracts/auth';
import { CHAT_INITIAL_SIZE, type ChatImageContent } from '@/contracts/chat';
import { activateLocale, i18n, loadAppCatalog } from '@/lib/i18n';
import { network } from '@/lib/network';
import { startSync, syncStatus } from '@/lib/sync/engine';
import type { SendResult } from '@/lib/sync/outbox';
import { setModuleTables, type UserDb } from '@/lib/sync/user-db';
import { session } from '@/modules/auth/store';
import { Conversation } from '@/modules/chat/components/conversation';
import { EMOJI } from '@/modules/chat/emoji';
import { chatBlobsOf, chatMessagesOf, chatTables, type ChatRow } from '@/modules/chat/table';
import { messageTables } from '@/modules/message/table';

// ---- Data -------------------------------------------------------------------------------------------

/** A small deterministic generator (the same conversation on every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** What two store colleagues write to each other. */
const LINES = [
  '今天门店客流怎么样？',
  '上午还行，下午人少一些',
  '下午三点的盘点记得提前准备好表格',
  '收到',
  '好的，我马上处理',
  '那款乳胶枕还有货吗？顾客在问',
  '仓库里还有 12 个，我让小李送过来',
  '周末的促销海报已经贴好了',
  '麻烦把上周的销售数据发我一下',
  '今天的晨会改到九点半',
  '新来的同事我带她熟悉一下流程',
  '顾客想换一床 1.8 米的被套，可以换吗？',
  '可以，七天内没拆封的都能换',
  '收银台的打印机又卡纸了',
  '我看一下，应该是纸放反了',
  '明天我调休，店里就拜托你了',
  '没问题，有事打我电话',
  '记得下班前把门店的灯和空调都关掉',
  '这个月的目标完成了百分之八十五，还差一点',
  '大家再加把劲，月底冲一冲',
  '总部通知下周二巡店，卫生要搞好',
  '样品床的床单需要换新的了',
  '已经申请了，预计周四到货',
  '刚才那位顾客一次买了两套床品',
  '太棒了，记得登记会员',
  '晚上一起吃饭吗？',
  '今天不行，要去接孩子',
  '请把昨天的退货单拍照发群里',
  '这批羽绒被的质检报告在哪里找？',
  '在共享盘的“质检”文件夹里，按月份放的',
];
const EMOJI_ALTS = EMOJI.map((e) => e.alt);

function textOf(rnd: () => number): string {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const r = rnd();
  // Mostly one line; some longer ones (two or three sentences, sometimes on two lines).
  let text = pick(LINES);
  if (r > 0.7) text += (rnd() > 0.5 ? '，' : '\n') + pick(LINES);
  if (r > 0.92) text += pick(LINES);
  // About a third carry emoji: at the end, or alone as the whole message.
  const e = rnd();
  if (e < 0.05) return pick(EMOJI_ALTS) + (rnd() > 0.5 ? pick(EMOJI_ALTS) : '');
  if (e < 0.3) text += pick(EMOJI_ALTS);
  if (e < 0.36) text = pick(EMOJI_ALTS) + text;
  return text;
}

/** A picture drawn here (a stand-in for a photo sent from this device): its bytes and a small preview. */
async function makePicture(): Promise<{ blob: Blob; base64: string; width: number; height: number }> {
  const width = 640;
  const height = 480;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d')!;
  const grad = g.createLinearGradient(0, 0, width, height);
  grad.addColorStop(0, '#9ec5fe');
  grad.addColorStop(1, '#f8d7da');
  g.fillStyle = grad;
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#ffffff';
  g.fillRect(120, 220, 400, 160);
  g.fillStyle = '#6c757d';
  g.fillRect(120, 180, 400, 50);
  g.fillStyle = '#212529';
  g.font = 'bold 40px sans-serif';
  g.fillText('样品床 · 1.8 米', 170, 120);
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/jpeg', 0.8));
  const small = document.createElement('canvas');
  small.width = 32;
  small.height = 24;
  small.getContext('2d')!.drawImage(canvas, 0, 0, 32, 24);
  return { blob, base64: small.toDataURL('image/jpeg', 0.6), width, height };
}

/**
 * The conversation: `count` messages between me and the peer over the last 90 days, half of them
 * mine, all stored by the server and read; one in 400 is an image sent from this device (its bytes
 * in chatBlobs), one of them among the newest few.
 */
async function seed(db: UserDb, me: string, peer: string, count: number) {
  const rnd = random(17);
  const picture = await makePicture();
  const rows: ChatRow[] = [];
  const blobs: { key: string; blob: Blob; savedAt: number }[] = [];
  const end = Date.now() - 60_000;
  const start = end - 90 * 86_400_000;
  const step = (end - start) / count;
  for (let i = 0; i < count; i++) {
    const time = start + (i + rnd() * 0.9) * step;
    const mine = rnd() < 0.5;
    const id = ulid(Math.floor(time));
    const image = i % 400 === 123 || i === count - 4;
    const row: ChatRow = {
      id,
      sendUserId: mine ? me : peer,
      toUserId: mine ? peer : me,
      contentType: image ? 'image' : 'text',
      content: image ? ({ path: `/api/file/Download/chat/${ulid(Math.floor(time))}.jpg`, width: picture.width, height: picture.height, base64: picture.base64 } satisfies ChatImageContent) : textOf(rnd),
      sendTime: Math.floor(time),
      seq: i + 1,
      read: true,
      peer,
      order: i + 1,
      state: 'sent',
    };
    if (image) {
      row.blobKey = `local:${id}`;
      blobs.push({ key: row.blobKey, blob: picture.blob, savedAt: Date.now() });
    }
    rows.push(row);
  }
  await db.transaction('rw', chatMessagesOf(db), chatBlobsOf(db), async () => {
    await chatMessagesOf(db).bulkPut(rows);
    await chatBlobsOf(db).bulkPut(blobs);
  });
  return { newest: rows[rows.length - 1]!, images: blobs.length };
}

// ---- Page ---------------------------------------------------------------------------------------------

/**
 * IndexedDB transactions in flight on the page (the browser's API watched, not the app's code): how
 * long the database stays busy after a conversation opens, and a quiet database before each run.
 */
const idb = { open: 0, quietAt: 0 };
const openTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
  const tx = openTransaction.apply(this, args);
  idb.open += 1;
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    idb.open -= 1;
    if (!idb.open) idb.quietAt = performance.now();
  };
  tx.addEventListener('complete', end);
  tx.addEventListener('abort', end);
  tx.addEventListener('error', end);
  return tx;
} as IDBDatabase['transaction'];
async function idbQuiet(limitMs = 15_000) {
  const t = performance.now();
  while (idb.open > 0 && performance.now() - t < limitMs) await new Promise((r) => setTimeout(r, 5));
  return idb.quietAt;
}

/** An Element Timing entry (not in TypeScript's DOM types). */
interface ElementTiming extends PerformanceEntry {
  identifier: string;
  renderTime: number;
  intersectionRect: DOMRectReadOnly;
}

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));

let show: (v: { peer: string; n: number } | null) => void = () => {};

/** Where the chat drawer shows a conversation (a 448 px wide panel, like the drawer's `md` size). */
function Host({ peerName }: { peerName: string }) {
  const [open, setOpen] = useState<{ peer: string; n: number } | null>(null);
  show = setOpen;
  return (
    <Box id="chat-panel" position="fixed" top="0" right="0" w="448px" h="100vh" display="flex" flexDirection="column" borderStartWidth="1px" bg="bg" boxShadow="lg">
      <HStack py="3" px="4" borderBottomWidth="1px">
        <Stack gap="0">
          <Text fontSize="md" fontWeight="semibold">
            {peerName}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            离线 · 第3大区 / 门店 58
          </Text>
        </Stack>
      </HStack>
      <Box flex="1" minH="0" display="flex" flexDirection="column">
        {open ? <Conversation key={open.n} peer={open.peer} /> : null}
      </Box>
    </Box>
  );
}

interface Input {
  messages: number;
  runs: number;
}

async function run(input: Input) {
  // Offline, as a store with no connection: the conversation does not ask the server (fetchPage).
  network.online = false;
  const me = ulid();
  const peer = ulid();
  session.userInfo = {
    userId: me,
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
  // The user's database as the session service opens it: the modules' tables, then the sync engine.
  let sends = 0;
  const offline = async (): Promise<SendResult> => {
    sends += 1;
    return { ok: false, code: 0, message: 'bench: no server' };
  };
  setModuleTables([messageTables, chatTables]);
  const db = await startSync(me, offline);
  if (!syncStatus.active) throw new Error('sync engine not active');
  const t = performance.now();
  const { newest, images } = await seed(db, me, peer, input.messages);
  const seedMs = performance.now() - t;

  const host = document.getElementById('root')!;
  createRoot(host).render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <Host peerName="王晓明" />
      </I18nProvider>
    </ChakraProvider>,
  );
  await frame();
  await frame();

  const sel = `[data-testid=chat-message][data-id="${newest.id}"]`;
  /** The newest message in the DOM and wholly inside the visible part of the history. */
  const newestShown = () => {
    const el = host.querySelector(sel);
    const box = host.querySelector('[data-testid=chat-history]');
    if (!el || !box) return false;
    const r = el.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return r.height > 0 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  };

  // The paint of the newest message, as the browser reports it (Element Timing): its text and
  // pictures are marked as the row enters the DOM, before the frame that paints it.
  let mark = '';
  const painted = new Map<string, { at: number; visible: boolean }>();
  new MutationObserver(() => {
    const row = mark ? host.querySelector(sel) : null;
    if (!row || row.hasAttribute('data-bench-mark')) return;
    row.setAttribute('data-bench-mark', mark);
    for (const el of row.querySelectorAll('p, span, img')) el.setAttribute('elementtiming', mark);
  }).observe(host, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as ElementTiming[]) {
      if (e.identifier && !painted.has(e.identifier)) painted.set(e.identifier, { at: e.renderTime || e.startTime, visible: e.intersectionRect.height > 0 });
    }
  }).observe({ type: 'element' });

  await idbQuiet();
  /** Mount → the frame that paints the newest message (Element Timing; by frames where it had no visible paint). */
  const times: number[] = [];
  /** Mount → the end of the first frame (requestAnimationFrame, then a task) with the newest message wholly in view. */
  const frameMs: number[] = [];
  const firstRowMs: number[] = [];
  const settleMs: number[] = [];
  /** Frames (requestAnimationFrame callbacks) until the first message is in the DOM, and until the newest is in view. */
  const rowFrame: number[] = [];
  const shownFrame: number[] = [];
  let byFrames = 0;
  let rendered = 0;
  let loaded = 0;
  /** From mounting until the last IndexedDB transaction the opening started has ended. */
  const busyMs: number[] = [];
  for (let i = 0; i < input.runs; i++) {
    mark = `chat-newest-${i}`;
    const t0 = performance.now();
    flushSync(() => show({ peer, n: i }));
    let firstRow = NaN;
    let n = 0;
    for (;;) {
      await nextFrame();
      n += 1;
      if (Number.isNaN(firstRow) && host.querySelector('[data-testid=chat-message]')) {
        firstRow = performance.now() - t0;
        rowFrame.push(n);
      }
      if (newestShown()) break;
      if (performance.now() - t0 > 10_000) throw new Error('the newest message did not show within 10 s');
    }
    await frame();
    frameMs.push(performance.now() - t0);
    shownFrame.push(n);
    firstRowMs.push(firstRow);
    // Element Timing entries arrive a little after the paint.
    const wait = performance.now();
    while (!painted.has(mark) && performance.now() - wait < 1000) await frame();
    const p = painted.get(mark);
    if (p?.visible) times.push(p.at - t0);
    else {
      byFrames += 1;
      times.push(frameMs[frameMs.length - 1]!);
    }
    // Apart (not in the figure): until the view stops moving (measured rows correcting the estimate).
    const scroller = host.querySelector<HTMLElement>('[data-testid=chat-history]')!;
    let last = `${scroller.scrollTop}/${scroller.scrollHeight}`;
    let still = 0;
    let settled = performance.now();
    while (still < 3 && performance.now() - t0 < 3000) {
      await nextFrame();
      const now = `${scroller.scrollTop}/${scroller.scrollHeight}`;
      if (now === last) still += 1;
      else {
        still = 0;
        last = now;
        settled = performance.now();
      }
    }
    settleMs.push(settled - t0);
    rendered = host.querySelectorAll('[data-testid=chat-message]').length;
    loaded = Number(host.querySelector(sel)!.parentElement!.getAttribute('data-index')) + 1;
    if (!newestShown()) throw new Error('the newest message moved out of view after it showed');
    // The database's work for this opening ends before the next run starts.
    busyMs.push((await idbQuiet()) - t0);
    // The last one stays on the page for the screenshot.
    if (i < input.runs - 1) {
      flushSync(() => show(null));
      await frame();
    }
  }

  // Apart: what opening also reads — the whole conversation for unread messages from the peer
  // (engine.ts markRead → hasUnreadFrom, the same query), and the query of the live view alone.
  const scan: number[] = [];
  const page: number[] = [];
  for (let i = 0; i < 5; i++) {
    let t1 = performance.now();
    await chatMessagesOf(db)
      .where('[peer+order]')
      .between([peer, -Infinity], [peer, Infinity])
      .filter((r) => r.sendUserId === peer && !r.read)
      .count();
    scan.push(performance.now() - t1);
    t1 = performance.now();
    await chatMessagesOf(db).where('[peer+order]').between([peer, -Infinity], [peer, Infinity]).reverse().limit(CHAT_INITIAL_SIZE).toArray();
    page.push(performance.now() - t1);
  }

  // For the screenshot: the pictures (emoji, the image) loaded.
  await Promise.all([...host.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined)));
  await frame();
  const stored = await chatMessagesOf(db).count();
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return { median: s[s.length >> 1]!, p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]! };
  };
  const warm = times.slice(1);
  return {
    stored,
    images,
    seedMs,
    rendered,
    loaded,
    busy: { first: busyMs[0]!, median: stats(busyMs.slice(1)).median },
    first: times[0]!,
    ...stats(warm),
    runs: warm.length,
    times,
    byFrames,
    inView: { first: frameMs[0]!, ...stats(frameMs.slice(1)) },
    firstRow: { first: firstRowMs[0]!, median: stats(firstRowMs.slice(1)).median },
    frames: { firstRow: rowFrame, newestShown: shownFrame },
    settle: { first: settleMs[0]!, median: stats(settleMs.slice(1)).median },
    scanMedian: stats(scan).median,
    pageMedian: stats(page).median,
    sends,
  };
}

(window as unknown as { runChatBench: typeof run }).runChatBench = run;
