import { t } from '@lingui/core/macro';
import { ulid } from 'ulid';
import { DEFAULT_PAGE_SIZE, ERROR_TOAST_MS } from '@/contracts/limits';
import { h5Paths, type Work, type WorkContent, type WorkSummary, type WorkUpdateBody } from '@/contracts/h5';
import { ApiError } from '@/lib/errors';
import type { RequestOptions } from '@/lib/http';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { currentUserDb, kickSync, requestBackgroundSync } from '@/lib/sync/engine';
import { enqueue } from '@/lib/sync/outbox';
import { watchOutcome, type WriteOutcome } from '@/lib/sync/outcome';
import type { OutboxEntry, UserDb } from '@/lib/sync/user-db';
import { fetchWork, fetchWorkPage } from './api';
import { newWork } from './core/model';
import { H5_KINDS, h5WorksOf, workEntity, type WorkRow } from './table';

/**
 * The works on this device (offline drafts): every work the user opened or created is kept whole in
 * the user's database with the server version it builds on, so the works list and the editor open
 * with no network. Edits are written here at once and reach the server as ONE queued write of the
 * whole work per save, which replaces a waiting older save of the same work (kinds.ts replays them,
 * signed when sent). React-free: the editor uses it through drafts-autosave.ts / use-autosave.ts.
 */

/** How long a user's action waits for the server's answer before saying the change waits on the device. */
export const ANSWER_WAIT_MS = 2000;

function requireDb(): UserDb {
  const db = currentUserDb();
  if (!db) throw new Error('no signed-in user');
  return db;
}

const CONTENT_KEYS = ['title', 'description', 'pages', 'datasources', 'cover_image_url', 'width', 'height', 'page_mode', 'schemaVersion'] as const;

/** The body of a save: the whole editable work, by id. */
export function updateBodyOf(work: Work): WorkUpdateBody {
  const body: Record<string, unknown> = { id: work.id };
  for (const k of CONTENT_KEYS) body[k] = work[k];
  return body as WorkUpdateBody;
}

/** What the list shows of a whole work. */
export function summaryOf(work: Work): WorkSummary {
  const { pages, datasources: _d, ...rest } = work;
  return { ...rest, pageCount: pages.length, firstPage: pages[0] ?? null };
}

const timeOf = (iso: string | undefined, fallback: number) => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? ms : fallback;
};

/** A row holding the server's copy of a work (nothing local on top of it). */
export function serverRow(work: Work, prev?: WorkRow): WorkRow {
  const rev = prev?.rev ?? 0;
  return { id: work.id, summary: summaryOf(work), work, serverVersion: work.version, dirty: false, rev, queuedRev: rev, updatedAt: timeOf(work.updated_time, Date.now()), title: work.title.toLowerCase() };
}

/** A new work with the defaults of spec 3 (the core's `newWork`: one blank page, 320 × 568, long-page mode), made at `now` with a device-made id. */
export function blankWork(id: string, init: Partial<WorkContent> = {}, now = Date.now()): Work {
  const iso = new Date(now).toISOString();
  return newWork({ ...init, id, is_publish: false, is_template: false, version: 0, creatorUserId: '', created_time: iso, updated_time: iso });
}

/** The queued writes of one work, in replay order. */
export const entriesOf = (db: UserDb, id: string) => db.outbox.where('entity').equals(workEntity(id)).sortBy('seq');

/** A queued write that never left this device (not sent yet, not being sent): it may still be replaced or dropped. */
export const unsent = (e: OutboxEntry, row: WorkRow | undefined) => e.state === 'pending' && e.attempts === 0 && e.id !== row?.sending;

function afterQueued() {
  void requestBackgroundSync();
  kickSync();
}

// ---- Reading ---------------------------------------------------------------------------------------

/** The works on this device for the list: not deleted, newest change first, the title containing `keyword`. */
export async function listLocalWorks(db: UserDb, keyword = ''): Promise<WorkRow[]> {
  const k = keyword.trim().toLowerCase();
  const rows = await h5WorksOf(db).orderBy('updatedAt').reverse().toArray();
  return rows.filter((r) => !r.deleted && (!k || r.title.includes(k)));
}

/**
 * Opens a work for the editor: this device's copy at once (null when it has none and the server
 * cannot give it, or it was deleted). Online, a copy without unsent changes is refreshed from the
 * server in the background (the server wins); `onNewer` gets the server's copy when it differs, so
 * an editor not yet edited can reload it.
 */
export async function openDraft(workId: string, opts: { onNewer?: (work: Work) => void } = {}): Promise<Work | null> {
  const db = requireDb();
  const row = await h5WorksOf(db).get(workId);
  if (row?.deleted) return null;
  if (row?.work) {
    if (network.online && !row.dirty) void refreshFromServer(db, workId).then((w) => w && w.version !== row.serverVersion && opts.onNewer?.(w), () => undefined);
    return { ...row.work, version: row.serverVersion };
  }
  if (!network.online) return null;
  return refreshFromServer(db, workId).catch(() => null);
}

/**
 * Asks the server for a work and keeps its copy, unless this device has changes on top (then the
 * local draft stays; a stale save meets a conflict). A work gone from the server (deleted
 * elsewhere) leaves this device too when nothing of it waits here. Resolves to what is kept.
 */
export async function refreshFromServer(db: UserDb, workId: string): Promise<Work | null> {
  let work: Work;
  try {
    work = await fetchWork(workId);
  } catch (e) {
    if (e instanceof ApiError && e.code === 404) {
      await db.transaction('rw', [h5WorksOf(db), db.outbox], async () => {
        const row = await h5WorksOf(db).get(workId);
        if (row && !row.dirty && (await entriesOf(db, workId)).length === 0) await h5WorksOf(db).delete(workId);
      });
      return null;
    }
    throw e;
  }
  return db.transaction('rw', [h5WorksOf(db), db.outbox], async () => {
    const row = await h5WorksOf(db).get(workId);
    if (row && (row.dirty || row.deleted)) return row.work ? { ...row.work, version: row.serverVersion } : null;
    if (row?.work && work.version < row.serverVersion) return row.work;
    await h5WorksOf(db).put(serverRow(work, row));
    return work;
  });
}

/**
 * Keeps a page of the server's works list: new works are added (as summaries), works without
 * local changes get the server's summary. A row's whole work stays as it was opened (its version
 * is what a save builds on); the editor refreshes it when opened online. When the answer is the
 * whole list (page 1, no keyword, all rows), works no longer on the server leave this device.
 */
export async function mergeWorkPage(db: UserDb, list: readonly WorkSummary[], whole: boolean): Promise<void> {
  await db.transaction('rw', [h5WorksOf(db), db.outbox], async () => {
    const table = h5WorksOf(db);
    const now = Date.now();
    for (const s of list) {
      const row = await table.get(s.id);
      const base = { summary: s, updatedAt: timeOf(s.updated_time, now), title: s.title.toLowerCase() };
      if (!row) await table.put({ id: s.id, work: null, serverVersion: s.version, dirty: false, rev: 0, queuedRev: 0, ...base });
      else if (!row.dirty && !row.deleted) await table.put({ ...row, ...base, serverVersion: row.work ? row.serverVersion : s.version });
    }
    if (!whole) return;
    const listed = new Set(list.map((s) => s.id));
    for (const row of await table.toArray()) {
      if (listed.has(row.id) || row.dirty || row.deleted || row.serverVersion === 0) continue;
      if ((await entriesOf(db, row.id)).length === 0) await table.delete(row.id);
    }
  });
}

/** What this device knows of the server's works list for a keyword: how many there are, how many pages were read, when. */
export interface WorkListMeta {
  total: number;
  pages: number;
  fetchedAt: number;
}
export const workListKey = (keyword: string) => `h5.works:${keyword.trim().toLowerCase()}`;

/**
 * Reads page `page` of my works from the server (keyword on the title) into this device's rows,
 * and remembers the total (so the list knows whether more pages are there).
 */
export async function refreshWorkList(db: UserDb, keyword: string, page = 1, opts: RequestOptions = {}): Promise<WorkListMeta> {
  const answer = await fetchWorkPage({ currentPage: page, pageSize: DEFAULT_PAGE_SIZE, keyword: keyword.trim() }, opts);
  const list = Array.isArray(answer?.list) ? answer.list : [];
  const total = Number(answer?.pagination?.total ?? list.length);
  await mergeWorkPage(db, list, page === 1 && !keyword.trim() && list.length >= total);
  const meta: WorkListMeta = { total, pages: page, fetchedAt: Date.now() };
  await db.kv.put({ key: workListKey(keyword), value: meta, updatedAt: meta.fetchedAt });
  return meta;
}

// ---- Writing ---------------------------------------------------------------------------------------

/** What the user hears after creating a work (honest: 创建成功 only once the server has it). */
function reportCreated(outcome: WriteOutcome) {
  if (outcome.state === 'sent') notify({ kind: 'success', title: t`作品已创建` });
  else if (outcome.state === 'refused') notify({ kind: 'error', title: outcome.message || t`服务器拒绝了这次修改`, duration: ERROR_TOAST_MS });
  else notify({ kind: 'info', title: network.online ? t`作品已保存在本机，正在同步` : t`作品已保存在本机，联网后自动同步` });
}

/**
 * Creates a work: a device-made id (a ULID) always, the row and the queued create in one
 * transaction. Online it waits briefly for the server's answer and tells the user what became of
 * it (`quiet`: neither waits nor tells).
 */
export async function createWork(init: Partial<WorkContent> = {}, opts: { quiet?: boolean } = {}): Promise<Work> {
  const db = requireDb();
  const now = Date.now();
  const work = blankWork(ulid(now), init, now);
  const entry = await db.transaction('rw', [db.outbox, db.meta, db.kv, h5WorksOf(db)], async () => {
    const queued = await enqueue(db, { entity: workEntity(work.id), kind: H5_KINDS.create, request: { method: 'POST', url: h5Paths.create, body: updateBodyOf(work) } }, undefined, [h5WorksOf(db)], now);
    await h5WorksOf(db).put({ id: work.id, summary: summaryOf(work), work, serverVersion: 0, dirty: true, rev: 0, queuedRev: 0, updatedAt: now, title: work.title.toLowerCase() });
    return queued;
  });
  afterQueued();
  if (!opts.quiet) reportCreated(await watchOutcome(db, entry, ANSWER_WAIT_MS));
  return work;
}

/** The draft row for `work`: the one here, or a new one when the editor holds a work this device never kept. */
async function draftRow(db: UserDb, work: Work): Promise<WorkRow | null> {
  const row = await h5WorksOf(db).get(work.id);
  if (row?.deleted) return null;
  return row ?? { ...serverRow(work), work };
}

function withDraft(row: WorkRow, work: Work, now: number): WorkRow {
  const draft = { ...work, version: row.serverVersion };
  return { ...row, work: draft, summary: summaryOf(draft), dirty: true, rev: row.rev + 1, updatedAt: now, title: work.title.toLowerCase() };
}

/**
 * Writes the editor's draft to this device only (the autosave's quick step: a closed tab loses at
 * most the last moment). Nothing is queued; `saveDraft` does that. A deleted work stays deleted.
 */
export function storeDraft(work: Work): Promise<void> {
  const db = requireDb();
  // Started synchronously (pagehide): the transaction opens before this returns.
  return db.transaction('rw', [h5WorksOf(db)], async () => {
    const row = await draftRow(db, work);
    if (row) await h5WorksOf(db).put(withDraft(row, work, Date.now()));
  });
}

/** A work the server just made for me (from a template): kept here as the server's copy, so the editor opens it at once. */
export async function keepServerWork(work: Work): Promise<void> {
  const db = requireDb();
  await h5WorksOf(db).put(serverRow(work));
}

/**
 * The server's publish / template flags of a work changed by their own calls (its version stays):
 * the device's copy follows, so the works list shows them offline too.
 */
export async function setWorkFlags(workId: string, flags: Partial<Pick<Work, 'is_publish' | 'is_template'>>): Promise<void> {
  const db = requireDb();
  await db.transaction('rw', [h5WorksOf(db)], async () => {
    const row = await h5WorksOf(db).get(workId);
    if (row) await h5WorksOf(db).put({ ...row, summary: { ...row.summary, ...flags }, work: row.work ? { ...row.work, ...flags } : null });
  });
}

/**
 * Saves the draft: written here at once, and ONE queued save of the whole work that replaces a
 * waiting older one (one not yet sent: a save on its way, or one tried before whose answer was
 * lost, is kept, and this one follows it). A create of this work not sent yet takes the draft
 * instead (one create, no save); while a save waits in conflict, the draft goes into that save (the
 * user's "keep mine" sends the newest draft). Without `work`, queues what
 * the device already holds when it has changes not yet queued. Resolves to the write that carries
 * the draft (null when there is nothing to send).
 */
export function saveDraft(work: Work | null, workId = work?.id): Promise<OutboxEntry | null> {
  const db = requireDb();
  if (!workId) return Promise.resolve(null);
  const table = h5WorksOf(db);
  // Started synchronously (pagehide): the transaction opens before this returns.
  const done = db.transaction('rw', [db.outbox, db.meta, db.kv, table], async () => {
    let row = work ? await draftRow(db, work) : await table.get(workId);
    if (!row || row.deleted || !row.work) return null;
    if (work) row = withDraft(row, work, Date.now());
    // Nothing new to send: every change here is queued already.
    else if (!row.dirty || row.rev === row.queuedRev) return null;
    const entries = await entriesOf(db, workId);
    const body = updateBodyOf(row.work!);
    const saves = entries.filter((e) => e.kind === H5_KINDS.save);
    const conflict = saves.find((e) => e.state === 'conflict');
    const replaced = saves.filter((e) => unsent(e, row));
    if (replaced.length) await db.outbox.bulkDelete(replaced.map((e) => e.id));
    // A create not sent yet carries the draft itself (an offline-made work edited 500 times sends one create).
    const create = entries.find((e) => e.kind === H5_KINDS.create && unsent(e, row));
    const carrier = conflict ?? create;
    let entry: OutboxEntry;
    if (carrier) {
      entry = { ...carrier, request: { ...carrier.request, body } };
      await db.outbox.put(entry);
    } else {
      entry = await enqueue(db, { entity: workEntity(workId), kind: H5_KINDS.save, request: { method: 'POST', url: h5Paths.update, body }, baseVersion: row.serverVersion }, undefined, [table]);
    }
    await table.put({ ...row, queuedRev: row.rev });
    return entry;
  });
  return done.then((entry) => {
    if (entry) afterQueued();
    return entry;
  });
}

/**
 * Deletes a work (the UI confirms first): it leaves the list at once. A work created here and never
 * sent leaves no trace; otherwise POST /event/work/invalid waits in the queue, and the saves still
 * waiting are dropped. Resolves to the queued delete, or null.
 */
export async function deleteWork(workId: string): Promise<OutboxEntry | null> {
  const db = requireDb();
  const table = h5WorksOf(db);
  const entry = await db.transaction('rw', [db.outbox, db.meta, db.kv, table], async () => {
    const row = await table.get(workId);
    const entries = await entriesOf(db, workId);
    const neverSent = row && row.serverVersion === 0 && entries.some((e) => e.kind === H5_KINDS.create && unsent(e, row));
    if (neverSent) {
      await db.outbox.bulkDelete(entries.filter((e) => e.state !== 'dead').map((e) => e.id));
      await table.delete(workId);
      return null;
    }
    const dropped = entries.filter((e) => e.kind === H5_KINDS.save && (unsent(e, row) || e.state === 'conflict'));
    await db.outbox.bulkDelete(dropped.map((e) => e.id));
    if (row) await table.put({ ...row, deleted: true });
    return enqueue(db, { entity: workEntity(workId), kind: H5_KINDS.delete, request: { method: 'POST', url: h5Paths.invalid, body: { id: workId } } }, undefined, [table]);
  });
  if (entry) afterQueued();
  return entry;
}

/**
 * After a crash or a tab closed before its save was queued: every draft with changes not yet
 * queued gets its save (run at start).
 */
export async function queueUnsentDrafts(db: UserDb): Promise<number> {
  const rows = await h5WorksOf(db).filter((r) => r.dirty && !r.deleted && r.rev !== r.queuedRev && !!r.work).toArray();
  let n = 0;
  for (const r of rows) if (await saveDraft(null, r.id)) n++;
  return n;
}

/** Waits briefly (online) for the server's answer to a queued write of a work. */
export function outcomeOf(entry: OutboxEntry | null, ms = ANSWER_WAIT_MS): Promise<WriteOutcome> {
  const db = currentUserDb();
  if (!entry || !db) return Promise.resolve({ state: 'sent' });
  return watchOutcome(db, entry, ms);
}
