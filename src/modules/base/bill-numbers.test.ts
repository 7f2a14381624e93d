import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billDatePart, billPeriodKey, type BillNumberBlock, type BillResetPeriod } from '@/contracts/base';

/** A fake bill-number server: rules, their sequences, what it was asked; unreachable on demand. */
const server = {
  reachable: true,
  rules: [] as { id: string; enCode: string; fullName: string; prefix: string; dateFormat: 'YYYYMMDD' | ''; digit: number; reset: BillResetPeriod }[],
  seq: new Map<string, number>(),
  calls: [] as { method: string; url: string; body: unknown }[],
};

vi.mock('@/lib/http', async () => {
  const { NetworkError, ApiError } = await import('@/lib/errors');
  const take = (enCode: string, count: number) => {
    const rule = server.rules.find((r) => r.enCode === enCode);
    if (!rule) throw new ApiError(400, '单据规则不存在或已停用');
    const first = (server.seq.get(enCode) ?? 0) + 1;
    const last = first + count - 1;
    server.seq.set(enCode, last);
    const now = new Date();
    return { enCode, prefix: rule.prefix, datePart: billDatePart(rule.dateFormat, now), digit: rule.digit, periodKey: billPeriodKey(rule.reset, now), first, last } satisfies BillNumberBlock;
  };
  return {
    request: vi.fn(async (method: string, url: string, body: unknown) => {
      server.calls.push({ method, url, body });
      if (!server.reachable) throw new NetworkError('offline');
      const m = /\/BillNumber\/([^/]+)(\/Actions\/Reserve)?$/.exec(url);
      if (!m) throw new Error(`unexpected ${url}`);
      const enCode = decodeURIComponent(m[1]!);
      if (m[2]) return take(enCode, (body as { count: number }).count);
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
const bills = await import('./bill-numbers');
const { billRuleOptions } = await import('./data');
const {
  BILL_BLOCK_SIZE,
  BILL_BLOCKS_KEY,
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

let db: InstanceType<typeof UserDb>;
beforeEach(async () => {
  server.reachable = true;
  server.rules = [
    { id: '01J0000000000000000000SO01', enCode: 'SalesOrder', fullName: '销售订单', prefix: 'SO', dateFormat: 'YYYYMMDD', digit: 4, reset: 'day' },
    { id: '01J0000000000000000000RT01', enCode: 'Return', fullName: '退货单', prefix: 'RT', dateFormat: '', digit: 6, reset: 'never' },
  ];
  server.seq.clear();
  server.calls.length = 0;
  network.online = true;
  db = new UserDb(`bills-${Math.random()}`);
  await db.open();
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
