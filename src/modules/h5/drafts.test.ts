import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Work } from '@/contracts/h5';
import type { Notice } from '@/lib/notify';
import type { UserDb } from '@/lib/sync/user-db';

vi.mock('@/lib/sync/engine', () => import('./test-support').then((m) => m.engineMock()));
vi.mock('@/lib/http', () => import('./test-support').then((m) => m.httpMock()));
const { fake, resetFake, openTestDb, replay } = await import('./test-support');
const { createWork, deleteWork, listLocalWorks, openDraft, queueUnsentDrafts, refreshWorkList, saveDraft, storeDraft } = await import('./drafts');
const { h5WorksOf } = await import('./table');
const { network } = await import('@/lib/network');
const { setNoticeSink } = await import('@/lib/notify');

let db: UserDb;
let notices: Notice[] = [];
beforeEach(async () => {
  resetFake();
  network.online = true;
  notices = [];
  setNoticeSink((n) => notices.push(n));
  db = await openTestDb('h5-drafts');
  fake.db = db;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const goOffline = () => {
  fake.online = false;
  network.online = false;
};
const goOnline = () => {
  fake.online = true;
  network.online = true;
};
const edit = (w: Work, title: string): Work => ({ ...w, title, pages: [{ ...w.pages[0]!, title }] });
const outbox = () => db.outbox.orderBy('seq').toArray();

/** A work created and accepted by the server (version 1). */
async function syncedWork(title = '活动页'): Promise<Work> {
  const w = await createWork({ title }, { quiet: true });
  await replay(db);
  expect(fake.works.get(w.id)?.version).toBe(1);
  return w;
}

describe('creating a work', () => {
  it('online: a device-made id, kept here, created on the server, and the user told only once the server has it', async () => {
    const done = createWork({ title: '春季活动' });
    // The replay happens while createWork waits for the answer (the leader tab's job).
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    await replay(db);
    const w = await done;
    expect(w.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(w.pages).toHaveLength(1);
    expect([w.width, w.height, w.page_mode]).toEqual([320, 568, 'h5_long_page']);
    expect(fake.calls.map((c) => [c.method, c.url.split('?')[0]])).toEqual([['POST', '/event/work']]);
    expect(fake.calls[0]!.body).toMatchObject({ id: w.id, title: '春季活动' });
    expect(notices.map((n) => n.title)).toEqual(['作品已创建']);
    const row = await h5WorksOf(db).get(w.id);
    expect(row).toMatchObject({ dirty: false, serverVersion: 1 });
  });

  it('offline: kept here and queued; the user hears it waits on the device', async () => {
    goOffline();
    const w = await createWork({ title: '离线作品' });
    expect(notices.map((n) => n.title)).toEqual(['作品已保存在本机，联网后自动同步']);
    expect((await listLocalWorks(db)).map((r) => r.id)).toEqual([w.id]);
    expect(await openDraft(w.id)).toMatchObject({ id: w.id, title: '离线作品' });
  });
});

describe('one queued save per work', () => {
  it('500 saves of one work leave ONE waiting write, which sends the last draft', async () => {
    const w = await syncedWork();
    goOffline();
    for (let i = 1; i <= 500; i++) await saveDraft(edit(w, `版本${i}`));
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'h5.workSave', baseVersion: 1, request: { body: { title: '版本500' } } });
    goOnline();
    await replay(db);
    const updates = fake.calls.filter((c) => c.url.startsWith('/event/work/update'));
    expect(updates).toHaveLength(1);
    expect(updates[0]!.headers['If-Match']).toBe('1');
    expect(fake.works.get(w.id)).toMatchObject({ title: '版本500', version: 2 });
    expect(await h5WorksOf(db).get(w.id)).toMatchObject({ dirty: false, serverVersion: 2 });
    expect(await outbox()).toEqual([]);
  });

  it('a work created offline and edited 500 times sends one create carrying the last draft, and no save', async () => {
    goOffline();
    const w = await createWork({ title: '新作品' }, { quiet: true });
    for (let i = 1; i <= 500; i++) await saveDraft(edit(w, `草稿${i}`));
    expect((await outbox()).map((e) => e.kind)).toEqual(['h5.workCreate']);
    goOnline();
    await replay(db);
    expect(fake.calls.map((c) => c.url.split('?')[0])).toEqual(['/event/work']);
    expect(fake.works.get(w.id)).toMatchObject({ title: '草稿500', version: 1 });
    expect(await h5WorksOf(db).get(w.id)).toMatchObject({ dirty: false, serverVersion: 1 });
  });

  it('edits made while the create is on its way follow it as one save, on the version it made', async () => {
    goOffline();
    const w = await createWork({ title: '新作品' }, { quiet: true });
    goOnline();
    let release!: () => void;
    fake.gate = new Promise<void>((r) => (release = r));
    const replaying = replay(db);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    for (let i = 1; i <= 50; i++) await saveDraft(edit(w, `草稿${i}`));
    release();
    fake.gate = null;
    await replaying;
    await replay(db);
    expect(fake.calls.map((c) => [c.url.split('?')[0], c.headers['If-Match']])).toEqual([
      ['/event/work', undefined],
      ['/event/work/update', '1'],
    ]);
    expect(fake.works.get(w.id)).toMatchObject({ title: '草稿50', version: 2 });
    expect(await h5WorksOf(db).get(w.id)).toMatchObject({ dirty: false, serverVersion: 2 });
  });

  it('a save whose answer was lost is sent again as it was (same key), and the newer draft follows it, without a false conflict', async () => {
    const w = await syncedWork();
    await saveDraft(edit(w, '第一次'));
    fake.loseAnswer = true;
    await replay(db);
    fake.loseAnswer = false;
    await saveDraft(edit(w, '第二次'));
    expect((await outbox()).map((e) => e.request.body && (e.request.body as Work).title)).toEqual(['第一次', '第二次']);
    await replay(db);
    expect(await outbox()).toEqual([]);
    expect(fake.works.get(w.id)).toMatchObject({ title: '第二次' });
  });

  it('a draft written here but never queued (a crash) is queued at the next start', async () => {
    const w = await syncedWork();
    await storeDraft(edit(w, '崩溃前'));
    expect(await outbox()).toEqual([]);
    expect(await queueUnsentDrafts(db)).toBe(1);
    expect(await queueUnsentDrafts(db)).toBe(0);
    await replay(db);
    expect(fake.works.get(w.id)).toMatchObject({ title: '崩溃前' });
  });
});

describe('opening and listing offline', () => {
  it('a work opened online is kept whole; offline the list and the editor open it from this device', async () => {
    const w = await syncedWork('远程作品');
    await db.table('h5Works').clear();
    await refreshWorkList(db, '');
    expect((await h5WorksOf(db).get(w.id))?.work).toBeNull();
    expect(await openDraft(w.id)).toMatchObject({ id: w.id, title: '远程作品', version: 1 });
    goOffline();
    expect((await listLocalWorks(db, '远程')).map((r) => r.id)).toEqual([w.id]);
    expect(await listLocalWorks(db, '没有')).toEqual([]);
    expect(await openDraft(w.id)).toMatchObject({ id: w.id, pages: w.pages });
  });

  it('online, a copy without local changes is refreshed from the server (the server wins); a draft is not', async () => {
    const w = await syncedWork('原标题');
    const { changeElsewhere } = await import('./test-support');
    changeElsewhere(w.id, '别处改过');
    const newer = vi.fn();
    expect(await openDraft(w.id, { onNewer: newer })).toMatchObject({ title: '原标题' });
    await vi.waitFor(() => expect(newer).toHaveBeenCalledWith(expect.objectContaining({ title: '别处改过', version: 2 })));
    expect((await h5WorksOf(db).get(w.id))?.work?.title).toBe('别处改过');
    goOffline();
    await saveDraft(edit(w, '我的草稿'));
    goOnline();
    changeElsewhere(w.id, '又改了');
    expect(await openDraft(w.id)).toMatchObject({ title: '我的草稿' });
  });
});

describe('deleting a work', () => {
  it('leaves the list at once and is sent as POST /event/work/invalid', async () => {
    const w = await syncedWork();
    await deleteWork(w.id);
    expect(await listLocalWorks(db)).toEqual([]);
    await replay(db);
    expect(fake.works.has(w.id)).toBe(false);
    expect(await h5WorksOf(db).get(w.id)).toBeUndefined();
  });

  it('a work created offline and deleted before it was sent leaves no trace and sends nothing', async () => {
    goOffline();
    const w = await createWork({}, { quiet: true });
    await saveDraft(edit(w, '临时'));
    await deleteWork(w.id);
    expect(await outbox()).toEqual([]);
    expect(await h5WorksOf(db).get(w.id)).toBeUndefined();
  });
});
