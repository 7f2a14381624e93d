import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billDatePart, billPeriodKey, type BillNumberBlock, type BillResetPeriod } from '@/contracts/base';

/** A fake bill-number server: rules, their sequences, what it was asked; unreachable on demand. */
const server = {
  reachable: true,
  /** An answer to a hand-back that never arrives (the server took it, the connection broke). */
  loseReleaseAnswers: 0,
  /** A status the server refuses hand-backs with (400: refused; 602: session ended). */
  refuseReleases: 0,
  /** The caller's grant of the 单据规则 screen went: Reserve answers 403. */
  forbidReserve: false,
  rules: [] as { id: string; enCode: string; fullName: string; prefix: string; dateFormat: 'YYYYMMDD' | ''; digit: number; reset: BillResetPeriod }[],
  seq: new Map<string, number>(),
  /** Blocks reserved, as the server records them: `${deviceId} ${enCode} ${periodKey} ${first}` → last. */
  blocks: new Map<string, number>(),
  calls: [] as { method: string; url: string; body: unknown }[],
};

vi.mock('@/lib/http', async () => {
  const { NetworkError, ApiError, SessionEndedError } = await import('@/lib/errors');
  const take = (enCode: string, count: number, deviceId = '') => {
    const rule = server.rules.find((r) => r.enCode === enCode);
    if (!rule) throw new ApiError(400, '单据规则不存在或已停用');
    const first = (server.seq.get(enCode) ?? 0) + 1;
    const last = first + count - 1;
    server.seq.set(enCode, last);
    const now = new Date();
    const block = { enCode, prefix: rule.prefix, datePart: billDatePart(rule.dateFormat, now), digit: rule.digit, periodKey: billPeriodKey(rule.reset, now), first, last } satisfies BillNumberBlock;
    if (deviceId) server.blocks.set(`${deviceId} ${enCode} ${block.periodKey} ${first}`, last);
    return block;
  };
  // The server's rule: a device's own block, as reserved; back to the rule only at the end of its sequence.
  const release = (body: { deviceId: string; blocks: { enCode: string; periodKey: string; first: number; from: number; last: number }[] }) => {
    const result = { returned: 0, kept: 0 };
    for (const b of [...body.blocks].sort((x, y) => y.from - x.from)) {
      const key = `${body.deviceId} ${b.enCode} ${b.periodKey} ${b.first}`;
      if (server.blocks.get(key) !== b.last) continue;
      if (server.seq.get(b.enCode) === b.last) {
        server.seq.set(b.enCode, b.from - 1);
        if (b.from === b.first) server.blocks.delete(key);
        else server.blocks.set(key, b.from - 1);
        result.returned += b.last - b.from + 1;
      } else result.kept += b.last - b.from + 1;
    }
    return result;
  };
  return {
    request: vi.fn(async (method: string, url: string, body: unknown) => {
      server.calls.push({ method, url, body });
      if (!server.reachable) throw new NetworkError('offline');
      if (url.endsWith('/BillNumber/Actions/Release')) {
        if (server.refuseReleases === 602) throw new SessionEndedError(602, '登录已失效,请重新登录');
        if (server.refuseReleases) throw new ApiError(server.refuseReleases, '单号范围不正确');
        const result = release(body as Parameters<typeof release>[0]);
        if (server.loseReleaseAnswers > 0) {
          server.loseReleaseAnswers--;
          throw new NetworkError('timeout');
        }
        return result;
      }
      const m = /\/BillNumber\/([^/]+)(\/Actions\/Reserve)?$/.exec(url);
      if (!m) throw new Error(`unexpected ${url}`);
      const enCode = decodeURIComponent(m[1]!);
      if (m[2] && server.forbidReserve) throw new ApiError(403, '您没有此操作的权限');
      if (m[2]) return take(enCode, (body as { count: number; deviceId: string }).count, (body as { deviceId: string }).deviceId);
      const b = take(enCode, 1);
      return `${b.prefix}${b.datePart}${String(b.first).padStart(b.digit, '0')}`;
    }),
    conditionalGet: vi.fn(async (url: string) => {
      if (!server.reachable) throw new NetworkError('offline');
      if (!url.endsWith('/BillRule/Selector')) throw new Error(`unexpected ${url}`);
      return { notModified: false, data: { list: server.rules.map(({ id, enCode, fullName }) => ({ id, enCode, fullName })) }, etag: null };
    }),
  };
});

const { network } = await import('@/lib/network');
const { UserDb } = await import('@/lib/sync/user-db');
const { session } = await import('@/modules/auth/public');
const bills = await import('./bill-numbers');
const device = await import('./bill-device');
const { billRuleOptions } = await import('./data');
const {
  BILL_BLOCK_SIZE,
  BILL_BLOCKS_KEY,
  BILL_RELEASES_KEY,
  handBackBillNumbers,
  NoOfflineBillNumberError,
  deviceId,
  isCurrentBlock,
  offlineCounts,
  previewBillNumber,
  readBillBlocks,
  resetOfPeriodKey,
  takeBillNumber,
  takeFromBlocks,
  takeOfflineBillNumber,
  topUpBillBlocks,
} = bills;

/** A menu as CurrentUser sends it, with the 单据规则 screen under 系统管理 or without it. */
const menuWith = (billRule: boolean) =>
  [
    {
      id: 'm1',
      parentId: null,
      enCode: 'system',
      fullName: '系统管理',
      icon: '',
      type: 1,
      urlAddress: '',
      linkTarget: null,
      propertyJson: {},
      hasChildren: true,
      sortCode: 1,
      children: [
        { id: 'm2', parentId: 'm1', enCode: billRule ? 'system.billRule' : 'system.log', fullName: '', icon: '', type: 2, urlAddress: '', linkTarget: null, propertyJson: {}, hasChildren: false, children: [], sortCode: 1 },
      ],
    },
  ] as NonNullable<typeof session.menuList>;

let db: InstanceType<typeof UserDb>;
/** Opens a fresh user database; by default one of a device this user has signed in on before. */
async function freshDb(signIns = 2) {
  const d = new UserDb(`bills-${Math.random()}`);
  await d.open();
  for (let i = 0; i < signIns; i++) await device.noteSession(d, `token-${i}`);
  return d;
}
beforeEach(async () => {
  server.reachable = true;
  server.loseReleaseAnswers = 0;
  server.refuseReleases = 0;
  server.forbidReserve = false;
  server.blocks.clear();
  session.menuList = menuWith(true);
  server.rules = [
    { id: '01J0000000000000000000SO01', enCode: 'SalesOrder', fullName: '销售订单', prefix: 'SO', dateFormat: 'YYYYMMDD', digit: 4, reset: 'day' },
    { id: '01J0000000000000000000RT01', enCode: 'Return', fullName: '退货单', prefix: 'RT', dateFormat: '', digit: 6, reset: 'never' },
  ];
  server.seq.clear();
  server.calls.length = 0;
  network.online = true;
  db = await freshDb();
});
afterEach(async () => {
  await db.delete();
});

const today = () => billDatePart('YYYYMMDD', new Date());
const reserveCalls = () => server.calls.filter((c) => c.url.endsWith('/Actions/Reserve'));

describe('reserving blocks while online', () => {
  it('reserves a block for every enabled rule with a stable device id, and not again while enough are left', async () => {
    expect(await topUpBillBlocks({ db })).toBe(2);
    const blocks = await readBillBlocks(db);
    expect(blocks.map((b) => [b.enCode, b.first, b.last, b.next])).toEqual([
      ['SalesOrder', 1, BILL_BLOCK_SIZE, 1],
      ['Return', 1, BILL_BLOCK_SIZE, 1],
    ]);
    const ids = reserveCalls().map((c) => (c.body as { deviceId: string }).deviceId);
    expect(ids[0]).toBe(deviceId());
    expect(ids[1]).toBe(ids[0]);
    expect((reserveCalls()[0]!.body as { count: number }).count).toBe(BILL_BLOCK_SIZE);

    // Plenty left: nothing reserved.
    await billRuleOptions.refresh({ db, force: true });
    expect(await topUpBillBlocks({ db })).toBe(0);
    expect(reserveCalls()).toHaveLength(2);
  });

  it('tops up a rule that runs low, drops blocks of rules no longer enabled, and does nothing offline', async () => {
    await topUpBillBlocks({ db, size: 6 });
    network.online = false;
    for (let i = 0; i < 2; i++) await takeOfflineBillNumber('SalesOrder', db);
    expect(offlineCounts(await readBillBlocks(db), new Date())).toEqual({ SalesOrder: 4, Return: 6 });
    expect(await topUpBillBlocks({ db })).toBe(0);

    network.online = true;
    server.rules = server.rules.filter((r) => r.enCode === 'SalesOrder');
    await billRuleOptions.refresh({ db, force: true });
    expect(await topUpBillBlocks({ db, size: 6 })).toBe(1);
    const blocks = await readBillBlocks(db);
    expect(blocks.map((b) => [b.enCode, b.first, b.last])).toEqual([
      ['SalesOrder', 1, 6],
      ['SalesOrder', 7, 12],
    ]);
  });

  it('never asks for more than the server allows in one block', async () => {
    await topUpBillBlocks({ db, size: 10_000 });
    expect((reserveCalls()[0]!.body as { count: number }).count).toBe(100);
  });
});

describe('which devices reserve', () => {
  it('a first sign-in on a fresh device reserves nothing; a reload or an unlock is no new sign-in; the second sign-in reserves', async () => {
    const fresh = await freshDb(0);
    try {
      expect(await device.noteSession(fresh, 'first-token')).toMatchObject({ signIns: 1, offlineAsked: false });
      expect(await topUpBillBlocks({ db: fresh })).toBe(0);
      expect(await device.noteSession(fresh, 'first-token')).toMatchObject({ signIns: 1 });
      expect(await topUpBillBlocks({ db: fresh })).toBe(0);
      expect(reserveCalls()).toHaveLength(0);
      expect(await device.noteSession(fresh, 'second-token')).toMatchObject({ signIns: 2 });
      expect(await topUpBillBlocks({ db: fresh })).toBe(2);
      expect(reserveCalls()).toHaveLength(2);
    } finally {
      await fresh.delete();
    }
  });

  it('asking to work offline reserves at the first sign-in, and the device keeps numbers from then on', async () => {
    const fresh = await freshDb(1);
    try {
      expect(await topUpBillBlocks({ db: fresh })).toBe(0);
      expect(await topUpBillBlocks({ db: fresh, asked: true, size: 6 })).toBe(2);
      expect(await device.readDeviceUse(fresh)).toMatchObject({ signIns: 1, offlineAsked: true });
      network.online = false;
      for (let i = 0; i < 3; i++) await takeOfflineBillNumber('SalesOrder', fresh);
      network.online = true;
      // Running low: topped up without asking again.
      expect(await topUpBillBlocks({ db: fresh, size: 6 })).toBe(1);
    } finally {
      await fresh.delete();
    }
  });

  it('only for a user granted the 单据规则 screen: nothing is asked of the server otherwise, not even when asked', async () => {
    session.menuList = menuWith(false);
    expect(await topUpBillBlocks({ db, asked: true })).toBe(0);
    session.menuList = null;
    expect(await topUpBillBlocks({ db })).toBe(0);
    expect(reserveCalls()).toHaveLength(0);
    // The grant went on the server before the menu here knew: one refusal, and no more asking.
    session.menuList = menuWith(true);
    server.forbidReserve = true;
    expect(await topUpBillBlocks({ db })).toBe(0);
    expect(reserveCalls()).toHaveLength(1);
  });

  it('pure rules: the grant anywhere in the menu tree, sign-ins or asking, one tag per token', () => {
    expect(device.mayReserveBillNumbers(menuWith(true))).toBe(true);
    expect(device.mayReserveBillNumbers(menuWith(false))).toBe(false);
    expect(device.mayReserveBillNumbers(undefined)).toBe(false);
    expect(device.reservesOnDevice({ signIns: 1, session: 'x', offlineAsked: false })).toBe(false);
    expect(device.reservesOnDevice({ signIns: 2, session: 'x', offlineAsked: false })).toBe(true);
    expect(device.reservesOnDevice({ signIns: 1, session: 'x', offlineAsked: true })).toBe(true);
    expect(device.sessionTag('abc')).toBe(device.sessionTag('abc'));
    expect(device.sessionTag('abc')).not.toBe(device.sessionTag('abd'));
  });
});

describe('handing numbers back at sign-out', () => {
  const releaseCalls = () => server.calls.filter((c) => c.url.endsWith('/BillNumber/Actions/Release'));
  const pending = async () => ((await db.kv.get(BILL_RELEASES_KEY))?.value as { blocks: unknown[] } | undefined)?.blocks ?? [];
  const takeOffline = async (enCode: string, n: number) => {
    network.online = false;
    for (let i = 0; i < n; i++) await takeOfflineBillNumber(enCode, db);
    network.online = true;
  };

  it('online: the unused numbers of the current period go back, the device holds none, and the rules hand them out again', async () => {
    await topUpBillBlocks({ db, size: 5 });
    await takeOffline('SalesOrder', 2);
    const stale = { enCode: 'Return', prefix: 'RT', datePart: '', digit: 6, periodKey: '20200101', first: 90, last: 99, next: 90, reservedAt: 0 };
    await db.kv.put({ key: BILL_BLOCKS_KEY, value: { blocks: [...(await readBillBlocks(db)), stale] }, updatedAt: 0 });

    expect(await handBackBillNumbers({ db })).toEqual({ returned: 8, kept: 0 });
    expect(releaseCalls()).toHaveLength(1);
    expect(releaseCalls()[0]!.body).toEqual({
      deviceId: deviceId(),
      blocks: [
        { enCode: 'SalesOrder', periodKey: billPeriodKey('day', new Date()), first: 1, from: 3, last: 5 },
        { enCode: 'Return', periodKey: '', first: 1, from: 1, last: 5 },
      ],
    });
    expect(await readBillBlocks(db)).toEqual([]);
    expect(await pending()).toEqual([]);
    expect(await takeBillNumber('SalesOrder', db)).toBe(`SO${today()}0003`);
    expect(await takeBillNumber('Return', db)).toBe('RT000001');
  });

  it('offline: nothing is sent and the numbers stay reserved for the device', async () => {
    await topUpBillBlocks({ db, size: 5 });
    network.online = false;
    expect(await handBackBillNumbers({ db })).toBeNull();
    expect(releaseCalls()).toHaveLength(0);
    expect(offlineCounts(await readBillBlocks(db), new Date())).toEqual({ SalesOrder: 5, Return: 5 });
  });

  it('no answer: the numbers are never used here again, and the next top-up sends them before it reserves', async () => {
    await topUpBillBlocks({ db, size: 5 });
    server.loseReleaseAnswers = 1; // the server took them back; the answer was lost
    expect(await handBackBillNumbers({ db })).toBeNull();
    expect(await pending()).toHaveLength(2);
    network.online = false;
    await expect(takeOfflineBillNumber('SalesOrder', db)).rejects.toBeInstanceOf(NoOfflineBillNumberError);

    // Still no server at the next start: nothing reserved while the hand-back is unconfirmed.
    network.online = true;
    server.reachable = false;
    const before = server.calls.length;
    expect(await topUpBillBlocks({ db, size: 5 })).toBe(0);
    expect(server.calls.slice(before).map((c) => c.url.split('/').at(-1))).toEqual(['Release']);

    server.reachable = true;
    server.calls.length = 0;
    expect(await topUpBillBlocks({ db, size: 5 })).toBe(2);
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.url.split('/').at(-1))).toEqual(['Release', 'Reserve', 'Reserve']);
    expect(await pending()).toEqual([]);
    // The new blocks are the numbers handed back (the rules had stepped back), used only once.
    expect((await readBillBlocks(db)).map((b) => [b.enCode, b.first, b.last])).toEqual([
      ['SalesOrder', 1, 5],
      ['Return', 1, 5],
    ]);
    expect(await handBackBillNumbers({ db })).toEqual({ returned: 10, kept: 0 });
  });

  it('numbers others took after them stay gaps; a refused hand-back is not sent again; an ended session keeps it for the next sign-in', async () => {
    await topUpBillBlocks({ db, size: 5 });
    await takeBillNumber('SalesOrder', db); // someone online after this device's block
    expect(await handBackBillNumbers({ db })).toEqual({ returned: 5, kept: 5 });

    await topUpBillBlocks({ db, size: 5 });
    server.refuseReleases = 602;
    expect(await handBackBillNumbers({ db })).toBeNull();
    expect(await pending()).toHaveLength(2);
    server.refuseReleases = 400;
    expect(await topUpBillBlocks({ db, size: 5 })).toBe(2);
    expect(await pending()).toEqual([]);
  });
});

describe('taking numbers', () => {
  it('online: the server hands out the number', async () => {
    expect(await takeBillNumber('SalesOrder', db)).toBe(`SO${today()}0001`);
    expect(await readBillBlocks(db)).toEqual([]);
  });

  it('offline: numbers come from the reserved block in order, formatted like the server does', async () => {
    await topUpBillBlocks({ db, size: 3 });
    network.online = false;
    server.reachable = false;
    expect(await takeBillNumber('SalesOrder', db)).toBe(`SO${today()}0001`);
    expect(await takeBillNumber('SalesOrder', db)).toBe(`SO${today()}0002`);
    expect(await takeBillNumber('Return', db)).toBe('RT000001');
    expect(await takeBillNumber('SalesOrder', db)).toBe(`SO${today()}0003`);
    // The block is used up: a clear error, and the exhausted block is gone.
    await expect(takeBillNumber('SalesOrder', db)).rejects.toThrow('没有可用的离线单号，请联网后重试');
    await expect(takeBillNumber('SalesOrder', db)).rejects.toBeInstanceOf(NoOfflineBillNumberError);
    expect((await readBillBlocks(db)).map((b) => b.enCode)).toEqual(['Return']);
    // No request was made for the offline takes.
    expect(server.calls.filter((c) => !c.url.endsWith('/Actions/Reserve'))).toHaveLength(0);
  });

  it('the server unreachable although the browser says online: falls back to the block', async () => {
    await topUpBillBlocks({ db, size: 2 });
    server.reachable = false;
    expect(await takeBillNumber('SalesOrder', db)).toBe(`SO${today()}0001`);
  });

  it('a refusal by the server is not covered up by an offline number', async () => {
    await topUpBillBlocks({ db, size: 2 });
    await expect(takeBillNumber('Unknown', db)).rejects.toThrow('单据规则不存在或已停用');
    expect(offlineCounts(await readBillBlocks(db), new Date()).SalesOrder).toBe(2);
  });

  it('concurrent offline takes never get the same number', async () => {
    await topUpBillBlocks({ db, size: 20 });
    await topUpBillBlocks({ db, size: 20 }); // enough left: no second block
    network.online = false;
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => takeOfflineBillNumber('SalesOrder', db)));
    const numbers = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<string>).value);
    expect(numbers).toHaveLength(20);
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `SO${today()}${String(i + 1).padStart(4, '0')}`));
    const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(failed).toHaveLength(5);
    for (const f of failed) expect(f.reason).toBeInstanceOf(NoOfflineBillNumberError);
  });

  it('numbers reserved online and taken offline do not meet the ones the server hands out later', async () => {
    await topUpBillBlocks({ db, size: 5 });
    network.online = false;
    const offline = [await takeBillNumber('SalesOrder', db), await takeBillNumber('SalesOrder', db)];
    network.online = true;
    const online = await takeBillNumber('SalesOrder', db);
    expect(offline).not.toContain(online);
    expect(online).toBe(`SO${today()}0006`);
  });

  it('without a signed-in user (no local database) offline there is nothing to take', async () => {
    network.online = false;
    await expect(takeBillNumber('SalesOrder', null)).rejects.toBeInstanceOf(NoOfflineBillNumberError);
  });
});

describe('blocks of another period', () => {
  it('are not used offline, and the next top-up replaces them', async () => {
    const stale = { enCode: 'SalesOrder', prefix: 'SO', datePart: '20200101', digit: 4, periodKey: '20200101', first: 1, last: 20, next: 1, reservedAt: 0 };
    await db.kv.put({ key: BILL_BLOCKS_KEY, value: { blocks: [stale] }, updatedAt: 0 });
    network.online = false;
    await expect(takeOfflineBillNumber('SalesOrder', db)).rejects.toBeInstanceOf(NoOfflineBillNumberError);
    network.online = true;
    await topUpBillBlocks({ db });
    const blocks = await readBillBlocks(db);
    expect(blocks.every((b) => b.periodKey !== '20200101')).toBe(true);
    expect(offlineCounts(blocks, new Date()).SalesOrder).toBe(BILL_BLOCK_SIZE);
  });
});

describe('pure rules', () => {
  it('reads the reset period from the period key', () => {
    expect(['', '2026', '202601', '20260105'].map(resetOfPeriodKey)).toEqual(['never', 'year', 'month', 'day']);
    const d = new Date('2026-03-15T04:00:00Z');
    expect(isCurrentBlock({ periodKey: '202603' }, d)).toBe(true);
    expect(isCurrentBlock({ periodKey: '202602' }, d)).toBe(false);
    expect(isCurrentBlock({ periodKey: '' }, d)).toBe(true);
  });

  it('takes from the oldest usable block and drops it when used up', () => {
    const d = new Date('2026-03-15T04:00:00Z');
    const a = { enCode: 'X', prefix: 'X', datePart: '', digit: 3, periodKey: '', first: 5, last: 5, next: 5, reservedAt: 1 };
    const b = { ...a, first: 9, last: 10, next: 9, reservedAt: 2 };
    const first = takeFromBlocks([a, b], 'X', d)!;
    expect(first.number).toBe('X005');
    expect(first.blocks).toEqual([b]);
    const second = takeFromBlocks(first.blocks, 'X', d)!;
    expect(second.number).toBe('X009');
    expect(second.blocks[0]!.next).toBe(10);
    expect(takeFromBlocks(second.blocks, 'Y', d)).toBeNull();
  });

  it('previews a rule in the business calendar', () => {
    // 2026-03-14 20:00 UTC is already the 15th in Asia/Shanghai.
    const d = new Date('2026-03-14T20:00:00Z');
    expect(previewBillNumber({ prefix: 'SO', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1 }, d)).toBe('SO202603150001');
    expect(previewBillNumber({ prefix: 'PO', dateFormat: 'YYMMDD', digit: 3, startNumber: 12 }, d)).toBe('PO260315012');
    expect(previewBillNumber({ prefix: '', dateFormat: '', digit: 6, startNumber: 0 }, d)).toBe('000000');
  });
});
