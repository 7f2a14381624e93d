import { t } from '@lingui/core/macro';
import { ulid } from 'ulid';
import type { z } from 'zod';
import { fillPath } from '@/contracts/api-path';
import { messagePaths, type NoticeInfo, type NoticeRow, type noticeBodySchema } from '@/contracts/message';
import { ApiError, NetworkError } from '@/lib/errors';
import { request } from '@/lib/http';
import { network } from '@/lib/network';
import { currentUserDb } from '@/lib/sync/engine';
import { queueRowWrite } from '@/lib/sync/remote-list';
import type { UserDb } from '@/lib/sync/user-db';
import { session } from '@/modules/auth/public';
import type { QueuedWording } from '@/components/queued-feedback';
import { NOTICE_KEY, noticeList, rememberNoticeTitles, type NoticeListRow, type NoticeQuery } from './notice-list';

/**
 * Notice administration (menu System → 系统公告, spec 4 Message "released and deleted"): the writes
 * of the notice list (notice-list.ts), which go through the sync queue: a draft made or edited here
 * shows at once (待同步) and reaches the server when the queue replays, with its version as
 * If-Match. Releasing is a queued action on the draft.
 */

/** What the form submits (noticeBodySchema's output, without the id). */
export type NoticeInput = Omit<z.output<typeof noticeBodySchema>, 'id'>;

// ---- Writes -------------------------------------------------------------------------------------

/** A new draft (POST /Message) with an id made here; shown at once. */
export async function createNotice(input: NoticeInput): Promise<NoticeInfo> {
  const id = ulid();
  const now = Date.now();
  const body = { id, title: input.title, bodyText: input.bodyText, toUserIds: [...input.toUserIds] };
  const row: NoticeInfo = {
    ...body,
    enabledMark: 0,
    creatorUser: session.userInfo?.userName ?? '',
    creatorTime: now,
    lastModifyTime: now,
    releaseTime: null,
    recipientCount: 0,
    readCount: 0,
    version: 0,
  };
  rememberNoticeTitles([row]);
  await queueRowWrite(noticeList, { op: 'create', id, method: 'POST', url: messagePaths.messages, body, row, baseVersion: 0 });
  return row;
}

/** Saves a draft (PUT /Message/{id}, If-Match: the version it was loaded with). */
export async function updateNotice(current: NoticeRow, input: NoticeInput): Promise<NoticeInfo> {
  const body = { id: current.id, title: input.title, bodyText: input.bodyText, toUserIds: [...input.toUserIds] };
  const row: NoticeInfo = { ...current, ...body, lastModifyTime: Date.now() };
  rememberNoticeTitles([row]);
  await queueRowWrite(noticeList, {
    op: 'update',
    id: current.id,
    method: 'PUT',
    url: fillPath(messagePaths.notice, { id: current.id }),
    body,
    row,
    baseVersion: current.version,
  });
  return row;
}

/** Creates (no `current`) or saves a draft. */
export function saveNotice(input: NoticeInput, current?: NoticeRow | null): Promise<NoticeInfo> {
  return current ? updateNotice(current, input) : createNotice(input);
}

/** Releases a draft (PUT /Message/{id}/Actions/Release): it reaches its recipients and is no longer editable. */
export async function releaseNotice(row: NoticeRow) {
  rememberNoticeTitles([row]);
  await queueRowWrite<NoticeListRow, NoticeQuery>(noticeList, {
    op: 'action',
    id: row.id,
    method: 'PUT',
    url: fillPath(messagePaths.release, { id: row.id }),
    row: { ...row, enabledMark: 1, releaseTime: Date.now() },
    baseVersion: row.version,
  });
}

export async function deleteNotice(row: NoticeRow) {
  rememberNoticeTitles([row]);
  await queueRowWrite(noticeList, {
    op: 'delete',
    id: row.id,
    method: 'DELETE',
    url: fillPath(messagePaths.notice, { id: row.id }),
    baseVersion: row.version,
    // Its kept body goes with it.
    local: (db) => db.kv.delete(infoKey(row.id)),
  });
}

// ---- One notice with its body (edit, preview) ---------------------------------------------------

const infoKey = (id: string) => `${NOTICE_KEY}.info:${id}`;

export interface NoticeView {
  info: NoticeInfo;
  /** The server could not be asked: this device's copy (of the last time it was opened, or of a write still waiting). */
  fromCache: boolean;
}

/** Offline (or the server failed) and this notice was never opened on this device. */
export class NoCachedNoticeError extends Error {
  constructor() {
    super(t`离线：本机没有这条公告的内容，请联网后再试。`);
    this.name = 'NoCachedNoticeError';
  }
}

const hasBody = (row: NoticeListRow | null | undefined): row is NoticeInfo => !!row && typeof row.bodyText === 'string';

async function waiting(db: UserDb, id: string): Promise<boolean> {
  const n = await db.outbox
    .where('entity')
    .equals(`${NOTICE_KEY}:${id}`)
    .filter((e) => e.state !== 'dead')
    .count();
  return n > 0;
}

/**
 * A notice with its body (GET /Message/{id}). A write of it still waiting wins (it is newer than
 * the server's copy); else the server, whose answer is kept on this device; else the kept copy.
 * A refusal of the server (the notice is gone, no permission) is thrown as is.
 */
export async function loadNotice(id: string): Promise<NoticeView> {
  const db = currentUserDb();
  if (db && (await waiting(db, id))) {
    const local = await noticeList.find(id, db);
    if (hasBody(local)) return { info: local, fromCache: false };
  }
  if (network.online) {
    try {
      const info = await request<NoticeInfo>('GET', fillPath(messagePaths.notice, { id }), undefined, { silent: true });
      if (!info || typeof info !== 'object' || typeof info.bodyText !== 'string') throw new ApiError(500, 'NoticeInfo: unexpected answer');
      await db?.kv.put({ key: infoKey(id), value: info, updatedAt: Date.now() });
      rememberNoticeTitles([info]);
      return { info, fromCache: false };
    } catch (e) {
      const unreachable = e instanceof NetworkError || (e instanceof ApiError && e.code >= 500 && e.code < 600);
      if (!unreachable) throw e;
    }
  }
  const kept = (await db?.kv.get(infoKey(id)))?.value as NoticeInfo | undefined;
  if (kept) {
    // The list may know a newer state (released meanwhile) than the kept body.
    const shown = db ? await noticeList.find(id, db) : null;
    return { info: shown ? { ...kept, ...shown, bodyText: hasBody(shown) ? shown.bodyText : kept.bodyText } : kept, fromCache: true };
  }
  const local = db ? await noticeList.find(id, db) : null;
  if (hasBody(local)) return { info: local, fromCache: true };
  throw new NoCachedNoticeError();
}

// ---- What the user hears ------------------------------------------------------------------------

/** Releasing a notice, in the words of the notice screen (sent at once when online). */
export const releaseWording = (): QueuedWording => ({ online: t`发布成功`, offline: t`已在本机发布，联网后自动推送给接收人`, slow: t`发布已保存在本机，正在同步` });
