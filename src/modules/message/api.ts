import { fillPath } from '@/contracts/api-path';
import type { MessageListQuery, MessagePage, MessageRow, UnreadCounts } from '@/contracts/message';
import { messagePaths } from '@/contracts/message-values';
import { request, type RequestOptions } from '@/lib/http';

/**
 * The user's side of the Message API (spec 7.4). Reads go out directly; the writes (read, read
 * all, delete) go through the sync queue with the URLs below (see store.ts).
 */

export const readInfoUrl = (id: string) => fillPath(messagePaths.readInfo, { id });

export const messageApi = {
  /** GET /Message: a page of the user's messages, newest first, with the unread counts. */
  list: (q: MessageListQuery, opts?: RequestOptions) => request<MessagePage>('GET', messagePaths.messages, { sort: 'desc', ...q }, { silent: true, ...opts }),
  /** GET /Message/ReadInfo/{id}: the message, marked read. */
  readInfo: (id: string, opts?: RequestOptions) => request<MessageRow>('GET', readInfoUrl(id), undefined, opts),
  /** POST /Message/Actions/ReadAll: everything up to `upTo` read; the counts after it. */
  readAll: (body: { upTo?: number; type?: number }, opts?: RequestOptions) => request<UnreadCounts>('POST', messagePaths.readAll, body, opts),
  /** DELETE /Message/Record: the user's copies of these messages. */
  deleteRecords: (ids: string[], opts?: RequestOptions) => request<{ deleted: number }>('DELETE', messagePaths.records, { ids }, opts),
};
