import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazySyncKind, registerSyncKinds, rowVersions, type SyncKind } from './kinds';
import { enqueue, keepTheirs, Replayer, type SendResult } from './outbox';
import { UserDb, type OutboxEntry } from './user-db';

let db: UserDb;
beforeEach(async () => {
  db = new UserDb(`kinds-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const queue = (kind: string, entity = 'e1') => enqueue(db, { entity, kind, request: { method: 'POST', url: `/x/${entity}`, body: { title: '床垫' } } });

describe('lazySyncKind', () => {
  it('labels the write without loading the kind; the queue sends it the kind’s own way and applies the answer, loading the code once', async () => {
    const calls: string[] = [];
    const real: SyncKind = {
      label: () => 'not used',
      send: async () => {
        calls.push('send');
        return { ok: true, data: { version: 7 } };
      },
      applied: async (e, data) => {
        calls.push(`applied ${e.entity} ${JSON.stringify(data)}`);
      },
    };
    const load = vi.fn(async () => real);
    const kind = lazySyncKind({ label: (e) => `保存「${(e.request.body as { title: string }).title}」`, methods: ['send', 'applied'], versionAfter: (_e, d) => (d as { version: number }).version }, load);
    registerSyncKinds({ 'lazy.a': kind });
    const entry = await queue('lazy.a');
    expect(kind.label(entry)).toBe('保存「床垫」');
    expect(load).not.toHaveBeenCalled();

    const httpSend = vi.fn(async (): Promise<SendResult> => ({ ok: true, data: null }));
    const result = await new Replayer(db, httpSend).drain();
    expect(result.sent).toBe(1);
    expect(httpSend).not.toHaveBeenCalled();
    expect(calls).toEqual(['send', 'applied e1 {"version":7}']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('gives only the methods it names: a kind without send is replayed by the queue’s sender, and an absent method stays absent', async () => {
    const load = vi.fn(async (): Promise<SyncKind> => ({ label: () => '', takeTheirs: async () => {} }));
    const kind = lazySyncKind({ label: () => '删除', methods: ['takeTheirs'] }, load);
    expect(Object.keys(kind).sort()).toEqual(['label', 'takeTheirs']);
    registerSyncKinds({ 'lazy.b': kind });
    await queue('lazy.b');
    const httpSend = vi.fn(async (_e: OutboxEntry): Promise<SendResult> => ({ ok: true, data: null }));
    expect((await new Replayer(db, httpSend).drain()).sent).toBe(1);
    expect(httpSend).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads again after a failed load, and a named method the loaded kind lacks is an error', async () => {
    const takeTheirs = vi.fn(async () => {});
    const load = vi
      .fn<() => Promise<SyncKind>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ label: () => '', takeTheirs });
    registerSyncKinds({ 'lazy.c': lazySyncKind({ label: () => '', methods: ['takeTheirs', 'rejected'], versionOf: () => 3 }, load) });
    const entry = await queue('lazy.c');
    await db.outbox.update(entry.id, { state: 'conflict', server: { version: 3 } });
    await expect(keepTheirs(db, entry.id)).rejects.toThrow('chunk failed');
    expect(await db.outbox.count()).toBe(1);
    await keepTheirs(db, entry.id);
    expect(takeTheirs).toHaveBeenCalledWith(expect.objectContaining({ id: entry.id }), { version: 3 }, db);
    expect(await db.outbox.count()).toBe(0);
    const kind = lazySyncKind({ label: () => '', methods: ['rejected'] }, load);
    await expect(kind.rejected!(entry, db)).rejects.toThrow('no rejected');
  });
});

describe('rowVersions', () => {
  it('reads the version a list row’s answer carries (a number only), and that of the server’s copy after a conflict', () => {
    const entry = {} as OutboxEntry;
    expect(rowVersions.versionAfter(entry, { id: 'r1', version: 4 })).toBe(4);
    expect(rowVersions.versionAfter(entry, { version: '4' })).toBeUndefined();
    expect(rowVersions.versionAfter(entry, null)).toBeUndefined();
    expect(rowVersions.versionOf({ version: 9 })).toBe(9);
    expect(rowVersions.versionOf(null)).toBeUndefined();
  });
});
