import type { MessageListQuery, MessagePage, MessageRow, UnreadCounts } from '@/contracts/message';
import { request, type RequestOptions } from '@/lib/http';

/**
 * The user's side of the Message API (spec 7.4). Reads go out directly; the writes (read, read
 * all, delete) go through the sync queue with the URLs below (see store.ts).
 */

export const MESSAGE_LIST_URL = '/Message';
export const READ_ALL_URL = '/Message/Actions/ReadAll';
export const RECORD_URL = '/Message/Record';
export const readInfoUrl = (id: string) => `/Message/ReadInfo/${encodeURIComponent(id)}`;

export const messageApi = {
  /** GET /Message: a page of the user's messages, newest first, with the unread counts. */
  list: (q: MessageListQuery, opts?: RequestOptions) => request<MessagePage>('GET', MESSAGE_LIST_URL, { sort: 'desc', ...q }, { silent: true, ...opts }),
  /** GET /Message/ReadInfo/{id}: the message, marked read. */
  readInfo: (id: string, opts?: RequestOptions) => request<MessageRow>('GET', readInfoUrl(id), undefined, opts),
  /** POST /Message/Actions/ReadAll: everything up to `upTo` read; the counts after it. */
  readAll: (body: { upTo?: number; type?: number }, opts?: RequestOptions) => request<UnreadCounts>('POST', READ_ALL_URL, body, opts),
  /** DELETE /Message/Record: the user's copies of these messages. */
  deleteRecords: (ids: string[], opts?: RequestOptions) => request<{ deleted: number }>('DELETE', RECORD_URL, { ids }, opts),
};
