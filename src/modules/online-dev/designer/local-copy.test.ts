import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserDb } from '@/lib/sync/user-db';
import { docOf } from './core/test-support';
import { clearLocalCopy, createCopyKeeper, differsFrom, readLocalCopy, writeLocalCopy } from './local-copy';

const MODEL = '01HZY3Q7V9ZJ6W9M3N4K5P6Q7R';
let db: UserDb | null = null;
const open = () => (db = new UserDb(`designer-${Math.random().toString(36).slice(2)}`));

afterEach(async () => {
  vi.useRealTimers();
  await db?.delete();
  db = null;
});

describe('the working copy kept on this device', () => {
  it('is written, read back and cleared under onlineDev.design.<modelId>', async () => {
    const d = open();
    const doc = { ...docOf(), fullName: '门店巡检' };
    await writeLocalCopy(MODEL, doc, 3, d);
    expect((await d.kv.get(`onlineDev.design.${MODEL}`))?.value).toMatchObject({ version: 3 });
    const copy = await readLocalCopy(MODEL, d);
    expect(copy?.doc.fullName).toBe('门店巡检');
    expect(differsFrom(copy!, docOf())).toBe(true);
    expect(differsFrom(copy!, doc)).toBe(false);
    await clearLocalCopy(MODEL, d);
    expect(await readLocalCopy(MODEL, d)).toBeNull();
  });

  it('the keeper writes once after the changes settle, and clears when the document matches the server again', async () => {
    vi.useFakeTimers();
    const d = open();
    const keeper = createCopyKeeper(MODEL, () => 7, 400, () => d);
    const spy = vi.spyOn(d.kv, 'put');
    keeper.keep({ ...docOf(), fullName: 'a' }, true);
    keeper.keep({ ...docOf(), fullName: 'ab' }, true);
    await vi.advanceTimersByTimeAsync(450);
    expect(spy).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    expect((await readLocalCopy(MODEL, d))?.doc.fullName).toBe('ab');
    keeper.keep(docOf(), false);
    await keeper.flush();
    expect(await readLocalCopy(MODEL, d)).toBeNull();
  });
});
