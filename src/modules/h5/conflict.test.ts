import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Work } from '@/contracts/h5';
import type { UserDb } from '@/lib/sync/user-db';

vi.mock('@/lib/sync/engine', () => import('./test-support').then((m) => m.engineMock()));
vi.mock('@/lib/http', () => import('./test-support').then((m) => m.httpMock()));
const { changeElsewhere, fake, resetFake, openTestDb, replay } = await import('./test-support');
const { createWork, listLocalWorks, saveDraft } = await import('./drafts');
const { conflictedWorkIds, findConflict, keepMyWork, keepTheirWork, saveMineAsCopy } = await import('./conflict');
const { h5WorksOf } = await import('./table');

let db: UserDb;
beforeEach(async () => {
  resetFake();
  db = await openTestDb('h5-conflict');
  fake.db = db;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const edit = (w: Work, title: string): Work => ({ ...w, title, pages: [{ ...w.pages[0]!, title }] });

/** A work saved by me on top of version 1 while someone else made version 2: my save meets a conflict. */
async function staleSave(): Promise<Work> {
  const w = await createWork({ title: '原稿' }, { quiet: true });
  await replay(db);
  changeElsewhere(w.id, '同事的版本');
  await saveDraft(edit(w, '我的版本'));
  await replay(db);
  return w;
}

describe('a stale save', () => {
  it('waits in conflict with the server copy, and the works list knows', async () => {
    const w = await staleSave();
    const c = await findConflict(db, w.id);
    expect(c?.theirs).toMatchObject({ title: '同事的版本', version: 2 });
    expect(c?.entry.state).toBe('conflict');
    expect([...(await conflictedWorkIds(db))]).toEqual([w.id]);
    // My draft stays on the device meanwhile; later edits go into the waiting save.
    await saveDraft(edit(w, '我的版本2'));
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect((rows[0]!.request.body as Work).title).toBe('我的版本2');
  });

  it('keep mine: my draft is sent on top of their version and wins', async () => {
    const w = await staleSave();
    expect(await keepMyWork(w.id)).toBe(true);
    await replay(db);
    const last = fake.calls.at(-1)!;
    expect(last.headers['If-Match']).toBe('2');
    expect(fake.works.get(w.id)).toMatchObject({ title: '我的版本', version: 3 });
    expect(await h5WorksOf(db).get(w.id)).toMatchObject({ dirty: false, serverVersion: 3 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('keep theirs: their copy replaces my draft here, and nothing is sent', async () => {
    const w = await staleSave();
    const sent = fake.calls.length;
    const theirs = await keepTheirWork(w.id);
    expect(theirs).toMatchObject({ title: '同事的版本', version: 2 });
    expect(await h5WorksOf(db).get(w.id)).toMatchObject({ dirty: false, serverVersion: 2, work: { title: '同事的版本' } });
    await replay(db);
    expect(fake.calls.length).toBe(sent);
    expect(await db.outbox.count()).toBe(0);
  });

  it('save mine as a copy: a new work with my draft titled "(副本)", and theirs for the original', async () => {
    const w = await staleSave();
    const result = await saveMineAsCopy(w.id);
    expect(result?.copy.id).not.toBe(w.id);
    expect(result?.copy).toMatchObject({ title: '我的版本 (副本)', pages: [{ title: '我的版本' }] });
    expect(result?.theirs).toMatchObject({ title: '同事的版本' });
    await replay(db);
    expect(fake.works.get(result!.copy.id)).toMatchObject({ title: '我的版本 (副本)' });
    expect(fake.works.get(w.id)).toMatchObject({ title: '同事的版本', version: 2 });
    expect((await listLocalWorks(db)).map((r) => r.summary.title).sort()).toEqual(['同事的版本', '我的版本 (副本)']);
    expect(await db.outbox.count()).toBe(0);
  });
});
