import { t } from '@lingui/core/macro';
import type { NoticeRow } from '@/contracts/message';
import { messagePaths } from '@/contracts/message-values';
import { defineRemoteList, type RowOp } from '@/lib/sync/remote-list';
import { rowNames } from '@/lib/sync/row-names';
import type { OutboxEntry } from '@/lib/sync/user-db';
import type { ListSortParams } from '@/lib/list-sort';

/**
 * The notice administration list (GET /Message/Notice) as a remote list, and what the sync panel
 * calls its queued writes: loaded with the shell, because the queue replays those writes before
 * the notice page is ever opened. The writes themselves are in notice-store.ts.
 */

export const NOTICE_KEY = 'message.notice';

export type NoticeQuery = { currentPage: number; pageSize: number; keyword: string } & ListSortParams;
/** A list row that may carry the body of a local write (what the overlay shows while it waits). */
export type NoticeListRow = NoticeRow & { bodyText?: string };

// ---- Names for the sync panel -------------------------------------------------------------------

/** Titles by id, for labels of writes whose body has none (delete, release). */
const titles = rowNames<NoticeListRow>(NOTICE_KEY, (r) => r.title);

export function rememberNoticeTitles(rows: readonly NoticeListRow[] | undefined) {
  titles.remember(rows);
}

/** What the sync panel calls a queued notice write, e.g. 发布公告「放假通知」. */
export function noticeLabel(op: RowOp, entry: Pick<OutboxEntry, 'entity' | 'request'>): string {
  const body = (entry.request.body ?? {}) as { title?: unknown };
  const title = typeof body.title === 'string' && body.title ? body.title : titles.get(entry.entity.slice(NOTICE_KEY.length + 1));
  switch (op) {
    case 'create':
      return title ? t`新建公告「${title}」` : t`新建公告`;
    case 'update':
      return title ? t`修改公告「${title}」` : t`修改公告`;
    case 'delete':
      return title ? t`删除公告「${title}」` : t`删除公告`;
    case 'action':
      return title ? t`发布公告「${title}」` : t`发布公告`;
    default:
      return title ? t`公告「${title}」操作` : t`公告操作`;
  }
}

// ---- The list -----------------------------------------------------------------------------------

/** Offline search: the title holds the keyword (case-insensitive), as the server searches. */
export function noticeMatches(row: Pick<NoticeRow, 'title'>, keyword: string | undefined): boolean {
  const k = (keyword ?? '').trim().toLowerCase();
  return !k || (row.title ?? '').toLowerCase().includes(k);
}

/** GET /Message/Notice: paged, newest first, cached per query. */
export const noticeList = defineRemoteList<NoticeListRow, NoticeQuery>({
  key: NOTICE_KEY,
  url: () => messagePaths.notices,
  params: (q) => ({ currentPage: q.currentPage, pageSize: q.pageSize, keyword: q.keyword || undefined, sidx: q.sidx, sort: q.sort }),
  paged: true,
  matches: (r, q) => noticeMatches(r, q.keyword),
  label: noticeLabel,
});

/** 0 draft, 1 released. */
export const isReleased = (row: Pick<NoticeRow, 'enabledMark'>) => row.enabledMark === 1;
