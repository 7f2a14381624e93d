// Prints how long recording one offline write takes: `enqueue` (src/lib/sync/outbox.ts) runs one
// Dexie transaction that adds the outbox entry and writes a small local change to `kv`, as
// saveBaseInfo (src/modules/profile/store.ts) does. 1,000 timed enqueues after a warm-up, median
// and p95. Runs in Node on fake-indexeddb, which is slower than a browser's IndexedDB: the figure
// is an upper bound for the browser.
// Target: median < 5 ms per enqueue.
import 'fake-indexeddb/auto'; // before Dexie loads: it takes indexedDB from the global scope
import { tsImport } from 'tsx/esm/api';

const { enqueue } = await tsImport('../../src/lib/sync/outbox.ts', import.meta.url);
const { UserDb } = await tsImport('../../src/lib/sync/user-db.ts', import.meta.url);

const WARMUP = 100;
const RUNS = 1000;
const BASE_INFO_KEY = 'profile.baseInfo';
const BASE_INFO_URL = '/Permission/Users/Current/BaseInfo';

const db = new UserDb('bench-enqueue');
await db.open();

// The cached profile a save starts from (the shape of BaseInfo, src/contracts/auth.ts).
const current = {
  id: 'u-bench',
  account: 'ym0001',
  realName: '测试',
  gender: '1',
  mobilePhone: '13800000000',
  email: 'bench@example.com',
  signature: null,
  description: null,
  headIcon: '001.png',
  organizeName: '云眠',
  departmentName: '研发部',
  positionName: '工程师',
  roleName: '员工',
  managerName: null,
  entryDate: null,
  version: 1,
};

/** One write, as saveBaseInfo queues it: the outbox entry plus the optimistic local copy. */
const saveOnce = (i) => {
  const body = { realName: `bench-${i}`, gender: current.gender, mobilePhone: current.mobilePhone, email: current.email, signature: null, description: null };
  return enqueue(
    db,
    { entity: 'user:baseInfo', kind: 'profile.baseInfo', request: { method: 'PUT', url: BASE_INFO_URL, body }, baseVersion: current.version },
    () => db.kv.put({ key: BASE_INFO_KEY, value: { ...current, ...body }, updatedAt: Date.now() }),
  );
};

for (let i = 0; i < WARMUP; i++) await saveOnce(i);

const times = [];
for (let i = 0; i < RUNS; i++) {
  const s = performance.now();
  await saveOnce(WARMUP + i);
  times.push(performance.now() - s);
}
const queued = await db.outbox.count();
db.close();
await db.delete();

times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
if (queued !== WARMUP + RUNS) throw new Error(`expected ${WARMUP + RUNS} outbox entries, found ${queued}`);

console.log(
  `sync enqueue (outbox entry + kv local change, one transaction): median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms ` +
    `(${RUNS} enqueues after ${WARMUP} warm-up; Node + fake-indexeddb, slower than a browser's IndexedDB; target median < 5 ms)`,
);
