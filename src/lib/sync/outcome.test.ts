import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { network } from '../network';
import { enqueue } from './outbox';
import { watchOutcome } from './outcome';
import { UserDb } from './user-db';

let db: UserDb;
beforeEach(async () => {
  network.online = true;
  db = new UserDb(`outcome-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const write = () => enqueue(db, { entity: 'e', kind: 'k', request: { method: 'PUT', url: '/x', body: 1 } });

describe('watchOutcome: what the user is told after a write', () => {
  it('gone from the outbox within the wait: accepted', async () => {
    const entry = await write();
    setTimeout(() => void db.outbox.delete(entry.id), 50);
    expect(await watchOutcome(db, entry, 2000)).toEqual({ state: 'sent' });
  });

  it('turned into a dead letter: refused, with the server’s message', async () => {
    const entry = await write();
    setTimeout(() => void db.outbox.update(entry.id, { state: 'dead', lastError: { code: 400, message: '该组织下有下级组织或用户，不能删除' } }), 50);
    expect(await watchOutcome(db, entry, 2000)).toEqual({ state: 'refused', conflict: false, message: '该组织下有下级组织或用户，不能删除' });
  });

  it('a conflict is a refusal the user resolves in the sync panel', async () => {
    const entry = await write();
    setTimeout(() => void db.outbox.update(entry.id, { state: 'conflict', lastError: { code: 409, message: '数据已被修改' } }), 50);
    expect(await watchOutcome(db, entry, 2000)).toMatchObject({ state: 'refused', conflict: true });
  });

  it('no answer within the wait, or offline: it waits on the device', async () => {
    const entry = await write();
    expect(await watchOutcome(db, entry, 150)).toEqual({ state: 'waiting' });
    network.online = false;
    const started = Date.now();
    expect(await watchOutcome(db, entry, 2000)).toEqual({ state: 'waiting' });
    expect(Date.now() - started).toBeLessThan(500);
  });
});
