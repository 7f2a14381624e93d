// Runs inside headless Chromium (bundled by sync-replay-browser.mjs): the real outbox and
// replayer on the browser's IndexedDB, replaying to the real server on the same origin.
import { monotonicFactory } from 'ulid';
import { isSuccessCode } from '@/contracts/codes';
import { registerSyncKinds } from '@/lib/sync/kinds';
import { enqueue, Replayer } from '@/lib/sync/outbox';
import type { OutboxEntry } from '@/lib/sync/user-db';
import { UserDb } from '@/lib/sync/user-db';

interface BaseInfoBefore {
  version: number;
  realName: string;
  gender: string | null;
  mobilePhone: string | null;
  email: string | null;
  signature: string | null;
}

interface Input {
  /** One BaseInfo chain per account (an If-Match chain on that account's row). */
  chains: Array<{ token: string; before: BaseInfoBefore }>;
  baseInfoWrites: number;
  languageWrites: number;
  /** Language writes are spread over this many entities (FIFO each). */
  entities: number;
  /** The server's answers made up in the page: measures the queue alone (IndexedDB, ordering). */
  stub?: boolean;
}

// The queue sends only registered kinds: the two the bench queues, as the app declares them
// (src/modules/profile/store.ts, src/modules/shell/preferences.ts), with the local copy in `kv`.
registerSyncKinds({
  'profile.baseInfo': {
    label: () => 'BaseInfo',
    versionAfter: (_e, data) => (data && typeof data === 'object' && 'version' in data ? Number((data as { version: number }).version) : undefined),
    async applied(entry, data, db) {
      const key = `profile.baseInfo.${entry.entity}`;
      const local = await db.kv.get(key);
      await db.kv.put({ key, value: { ...(local?.value as object), version: (data as { version?: number } | null)?.version }, updatedAt: Date.now() });
    },
  },
  'profile.language': { label: () => 'language' },
});

async function run(input: Input) {
  const db = new UserDb(`bench-${Date.now()}`);
  await db.open();
  const languages = ['zh-CN', 'en', 'zh-TW'];
  const tokenOf = new Map<string, string>();
  const enqueueTimes: number[] = [];
  const perChain = input.baseInfoWrites / input.chains.length;
  for (let i = 0; i < Math.max(input.baseInfoWrites, input.languageWrites); i++) {
    if (i < input.baseInfoWrites) {
      const c = i % input.chains.length;
      const n = Math.floor(i / input.chains.length);
      const { token, before } = input.chains[c]!;
      const entity = `user:${c}:baseInfo`;
      tokenOf.set(entity, token);
      const body = { gender: before.gender, mobilePhone: before.mobilePhone ?? '', email: before.email ?? '', signature: before.signature, realName: `bench-${n}` };
      const s = performance.now();
      await enqueue(
        db,
        { entity, kind: 'profile.baseInfo', request: { method: 'PUT', url: '/Permission/Users/Current/BaseInfo', body }, baseVersion: before.version + n },
        () => db.kv.put({ key: `profile.baseInfo.${c}`, value: { realName: body.realName }, updatedAt: Date.now() }),
      );
      enqueueTimes.push(performance.now() - s);
    }
    if (i < input.languageWrites) {
      await enqueue(db, { entity: `lang-${i % input.entities}`, kind: 'profile.language', request: { method: 'PUT', url: '/Permission/Users/CurrentLanguage', body: { language: languages[i % 3] } } });
    }
  }
  const lastSeq = new Map<string, number>();
  let outOfOrder = 0;
  const codes: Record<number, number> = {};
  let chainSendMs = 0;
  let chainSends = 0;
  const sendOne = async (entry: OutboxEntry) => {
    if ((lastSeq.get(entry.entity) ?? -1) > entry.seq) outOfOrder++;
    lastSeq.set(entry.entity, entry.seq);
    const token = tokenOf.get(entry.entity) ?? input.chains[0]!.token;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'Idempotency-Key': entry.id };
    if (entry.baseVersion !== undefined) headers['If-Match'] = String(entry.baseVersion);
    try {
      const res = await fetch(`${entry.request.url}?n=${Date.now()}`, { method: entry.request.method, headers, body: JSON.stringify(entry.request.body) });
      const env = (await res.json()) as { code: number; msg: string; data: unknown };
      codes[env.code] = (codes[env.code] ?? 0) + 1;
      return isSuccessCode(env.code) ? { ok: true as const, data: env.data } : { ok: false as const, code: env.code, message: env.msg, data: env.data };
    } catch (e) {
      return { ok: false as const, code: 0, message: String(e) };
    }
  };
  const send = async (entry: OutboxEntry) => {
    if (input.stub) return { ok: true as const, data: { version: (entry.baseVersion ?? 0) + 1 } };
    const started = performance.now();
    try {
      return await sendOne(entry);
    } finally {
      if (entry.kind === 'profile.baseInfo') {
        chainSendMs += performance.now() - started;
        chainSends++;
      }
    }
  };
  const total = await db.outbox.count();
  const t0 = performance.now();
  const r = await new Replayer(db, send).drain();
  const ms = performance.now() - t0;
  const left = await db.outbox.count();
  enqueueTimes.sort((a, b) => a - b);
  db.close();
  await db.delete();
  return {
    total,
    sent: r.sent,
    ms,
    perChain,
    chainSendMs: chainSends ? chainSendMs / chainSends : 0,
    left,
    outOfOrder,
    codes,
    enqueueMedian: enqueueTimes[enqueueTimes.length >> 1],
    enqueueP95: enqueueTimes[Math.floor(enqueueTimes.length * 0.95)],
  };
}

/**
 * One write at a time, as a browser sends it: PUT BaseInfo with an Idempotency-Key and If-Match
 * (the replayer's call), each followed by a GET BaseInfo; the time from fetch to parsed answer.
 */
async function latency(input: { token: string; before: BaseInfoBefore; runs: number; warmup: number }) {
  const headers = { authorization: `Bearer ${input.token}`, 'content-type': 'application/json' };
  const url = '/Permission/Users/Current/BaseInfo';
  let version = input.before.version;
  const put: number[] = [];
  const get: number[] = [];
  const ids = monotonicFactory();
  for (let i = 0; i < input.warmup + input.runs; i++) {
    const body = { gender: input.before.gender, mobilePhone: input.before.mobilePhone ?? '', email: input.before.email ?? '', signature: input.before.signature, realName: `latency-${i}` };
    let t = performance.now();
    const res = await fetch(`${url}?n=${Date.now()}`, { method: 'PUT', headers: { ...headers, 'Idempotency-Key': ids(), 'If-Match': String(version) }, body: JSON.stringify(body) });
    const env = (await res.json()) as { code: number; msg: string; data: { version: number } };
    const putMs = performance.now() - t;
    if (env.code !== 200) throw new Error(`PUT BaseInfo: ${env.code} ${env.msg}`);
    version = env.data.version;
    t = performance.now();
    const read = (await (await fetch(`${url}?n=${Date.now()}`, { headers })).json()) as { code: number };
    const getMs = performance.now() - t;
    if (read.code !== 200) throw new Error(`GET BaseInfo: ${read.code}`);
    if (i >= input.warmup) {
      put.push(putMs);
      get.push(getMs);
    }
  }
  const stats = (a: number[]) => {
    const sorted = [...a].sort((x, y) => x - y);
    return { median: sorted[sorted.length >> 1]!, p95: sorted[Math.floor(sorted.length * 0.95)]! };
  };
  return { put: stats(put), get: stats(get) };
}

Object.assign(window as unknown as object, { runReplayBench: run, runLatencyBench: latency });
