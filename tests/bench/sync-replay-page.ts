// Runs inside headless Chromium (bundled by sync-replay-browser.mjs): the real outbox and
// replayer on the browser's IndexedDB, replaying to the real server on the same origin.
import { isSuccessCode } from '@/contracts/codes';
import { enqueue, Replayer } from '@/lib/sync/outbox';
import type { OutboxEntry } from '@/lib/sync/user-db';
import { UserDb } from '@/lib/sync/user-db';

interface Input {
  token: string;
  before: { version: number; realName: string; gender: string | null; mobilePhone: string | null; email: string | null; signature: string | null };
  baseInfoWrites: number;
  languageWrites: number;
  entities: number;
}

async function run(input: Input) {
  const db = new UserDb(`bench-${Date.now()}`);
  await db.open();
  const languages = ['zh-CN', 'en', 'zh-TW'];
  const body = { gender: input.before.gender, mobilePhone: input.before.mobilePhone ?? '', email: input.before.email ?? '', signature: input.before.signature };
  const enqueueTimes: number[] = [];
  for (let i = 0; i < Math.max(input.baseInfoWrites, input.languageWrites); i++) {
    if (i < input.baseInfoWrites) {
      const s = performance.now();
      await enqueue(
        db,
        { entity: 'user:baseInfo', kind: 'profile.baseInfo', request: { method: 'PUT', url: '/Permission/Users/Current/BaseInfo', body: { ...body, realName: `bench-${i}` } }, baseVersion: input.before.version + i },
        () => db.kv.put({ key: 'profile.baseInfo', value: { realName: `bench-${i}` }, updatedAt: Date.now() }),
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
  const send = async (entry: OutboxEntry) => {
    if ((lastSeq.get(entry.entity) ?? -1) > entry.seq) outOfOrder++;
    lastSeq.set(entry.entity, entry.seq);
    const headers: Record<string, string> = { authorization: `Bearer ${input.token}`, 'content-type': 'application/json', 'Idempotency-Key': entry.id };
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
  const total = await db.outbox.count();
  const t0 = performance.now();
  const r = await new Replayer(db, send).drain();
  const ms = performance.now() - t0;
  const left = await db.outbox.count();
  enqueueTimes.sort((a, b) => a - b);
  db.close();
  await db.delete();
  return { total, sent: r.sent, ms, left, outOfOrder, codes, enqueueMedian: enqueueTimes[enqueueTimes.length >> 1], enqueueP95: enqueueTimes[Math.floor(enqueueTimes.length * 0.95)] };
}

(window as unknown as { runReplayBench: typeof run }).runReplayBench = run;
