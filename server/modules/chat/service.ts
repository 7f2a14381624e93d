import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  chatMessages as texts,
  type ChatContent,
  type ChatContentType,
  type ChatMessage,
  type ChatSinceAnswer,
  type ChatUser,
  type chatSinceQuerySchema,
  type messageListSchema,
  type SendMessageFrame,
} from '../../../src/contracts/chat';
import { Code } from '../../../src/contracts/codes';
import { downloadPath } from '../../../src/contracts/files';
import type { WsServerFrame, WsServerMessage } from '../../../src/contracts/realtime';
import { ApiError, badRequest } from '../../lib/errors';
import { notifyExpression, type RealtimeEvent, type RealtimeHub } from '../../plugins/realtime';
import type { FileServices } from '../file/public';
import type { ChatRepo, ChatRow, NewChatRecord } from './repo';

type MessageListQuery = z.output<typeof messageListSchema>;
type SinceQuery = z.output<typeof chatSinceQuerySchema>;

/** Realtime event of a stored message: `{ k, q: seq, s: sender, t: recipient }` (small: the row is read where it is delivered). */
export const CHAT_EVENT = 'chat';
/** Realtime event of a read mark: `{ k, u: reader, f: whose messages }`. */
export const CHAT_READ_EVENT = 'chatRead';

/** Messages stored by this instance kept in memory for their delivery. */
const RECENT_MAX = 2000;

/** Keyword searches whose match counts an instance remembers. */
const SEARCHES_MAX = 200;

/** The file type of chat images (src/contracts/files.ts). */
export const CHAT_FILE_TYPE = 'chat';

/** JSON with keys sorted at every level: two contents compare equal whatever order their keys came in. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

export const toChatMessage = (r: ChatRow): ChatMessage => ({
  id: r.id,
  sendUserId: r.sendUserId,
  toUserId: r.toUserId,
  contentType: r.contentType as ChatContentType,
  content: r.content as ChatContent,
  sendTime: r.sendTime.getTime(),
  seq: r.seq,
  read: r.isRead,
});

/**
 * Half of a surrogate pair alone (a broken emoji) becomes U+FFFD, as text columns store it: jsonb
 * refuses the escape JSON.stringify writes for it, and would fail the statement it is stored by.
 */
const wellFormed = (text: string) => text.replace(/\p{Cs}/gu, '\uFFFD');

/** What the frame asks to store: the text (trimmed by the schema) or the image's known fields. */
const contentOf = (frame: SendMessageFrame): ChatContent =>
  frame.messageType === 'text'
    ? wellFormed(frame.messageContent)
    : { path: frame.messageContent.path, width: frame.messageContent.width, height: frame.messageContent.height, base64: frame.messageContent.base64 };

/** The last path segment: a stored file's name. */
const fileNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export function chatService(repo: ChatRepo, realtime: Pick<RealtimeHub, 'publish' | 'onlineUserIds'>, files: Pick<FileServices, 'creatorOf'>) {
  /**
   * Messages this instance stored lately, by seq: their deliveries here need no query (the
   * NOTIFY carries ids only). Bounded; other instances read the rows.
   */
  const recent = new Map<number, ChatRow>();
  const remember = (row: ChatRow) => {
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(row.seq, row);
  };
  /**
   * The rows of the messages being delivered: those stored here from memory, the others read
   * together, so the events that arrive in one turn of the event loop (a burst of messages) cost
   * one query, not one each.
   */
  type Waiter = { resolve: (row: ChatRow | null) => void; reject: (err: unknown) => void };
  let wanted: Map<number, Waiter[]> | null = null;
  const rowOf = (seq: number) =>
    new Promise<ChatRow | null>((resolve, reject) => {
      if (!wanted) {
        const batch = (wanted = new Map<number, Waiter[]>());
        setImmediate(() => {
          wanted = null;
          const all = [...batch.values()].flat();
          const missing = [...batch.keys()].filter((seq) => !recent.has(seq));
          (missing.length ? repo.bySeqs(missing) : Promise.resolve([])).then(
            (rows) => {
              const bySeq = new Map(rows.map((r) => [r.seq, r]));
              for (const [s, waiting] of batch) for (const w of waiting) w.resolve(recent.get(s) ?? bySeq.get(s) ?? null);
            },
            (err: unknown) => all.forEach((w) => w.reject(err)),
          );
        });
      }
      const list = wanted.get(seq) ?? [];
      list.push({ resolve, reject });
      wanted.set(seq, list);
    });

  /**
   * Messages to store, gathered over one turn of the event loop and stored by one statement (a
   * burst of 50 frames: one round trip instead of 50; PGlite runs one statement at a time).
   */
  type Pending = { row: NewChatRecord; resolve: (stored: ChatRow | null) => void; reject: (err: unknown) => void };
  let queue: Pending[] | null = null;
  const event = notifyExpression(sql`json_build_object('k', ${CHAT_EVENT}::text, 'q', seq, 's', send_user_id, 't', to_user_id)::text`);
  const store = (row: NewChatRecord) =>
    new Promise<ChatRow | null>((resolve, reject) => {
      if (!queue) {
        const batch: Pending[] = (queue = []);
        setImmediate(() => {
          queue = null;
          repo.store(
            batch.map((p) => p.row),
            event,
          ).then(
            (stored) => batch.forEach((p, i) => p.resolve(stored[i] ?? null)),
            // One message the database refuses must not fail the others of its turn: each alone.
            (err: unknown) => {
              if (batch.length === 1) return batch[0]!.reject(err);
              for (const p of batch) repo.store([p.row], event).then(([stored]) => p.resolve(stored ?? null), p.reject);
            },
          );
        });
      }
      queue.push({ row, resolve, reject });
    });

  /**
   * How many text messages of a conversation match a keyword, remembered while the conversation
   * stays as it is (its counter's total and newest seq, read on every call, on any instance): the
   * next pages of a search cost their page, not another pass over the whole conversation.
   */
  const searches = new Map<string, { stamp: string; matches: number }>();
  async function matchCount(userId: string, peerId: string, keyword: string) {
    const counter = await repo.counter(userId, peerId);
    const stamp = `${counter.total}:${counter.lastSeq}`;
    const key = [...[userId, peerId].sort(), keyword].join('\u0001');
    const known = searches.get(key);
    if (known?.stamp === stamp) return known.matches;
    const matches = await repo.matches(userId, peerId, keyword);
    searches.delete(key);
    if (searches.size >= SEARCHES_MAX) searches.delete(searches.keys().next().value!);
    searches.set(key, { stamp, matches });
    return matches;
  }

  /** A repeat of a device id: the stored message when it is the same message, otherwise idTaken. */
  function repeat(stored: ChatRow, frame: SendMessageFrame): ChatMessage {
    const same = stored.toUserId === frame.toUserId && stored.contentType === frame.messageType && canonical(stored.content) === canonical(contentOf(frame));
    if (!same) throw new ApiError(Code.UNPROCESSABLE, 422, texts.idTaken);
    return toChatMessage(stored);
  }

  return {
    /**
     * SendMessage: stores the message once per (sender, device id) and, when new, counts it and
     * tells every instance once it commits (receiveMessage to the recipient's connections,
     * sendMessage to the sender's), all in one statement with the other messages of this turn. A repeat answers the stored message and
     * sends nothing new (also when the recipient has been disabled since); the same id with
     * another message is refused (idTaken).
     */
    async send(userId: string, frame: SendMessageFrame): Promise<{ message: ChatMessage; fresh: boolean }> {
      if (frame.toUserId === userId) throw badRequest(texts.noRecipient);
      if (frame.messageType === 'image' && (await files.creatorOf(CHAT_FILE_TYPE, fileNameOf(frame.messageContent.path))) !== userId) {
        throw badRequest(texts.imageMissing);
      }
      const row = await store({ id: frame.id, sendUserId: userId, toUserId: frame.toUserId, contentType: frame.messageType, content: contentOf(frame) });
      if (row) {
        remember(row);
        return { message: toChatMessage(row), fresh: true };
      }
      // Nothing stored: the id was used before (a repeat, or another message: idTaken), or the
      // recipient is not an enabled user.
      const earlier = await repo.bySender(userId, frame.id);
      if (!earlier) throw badRequest(texts.noRecipient);
      return { message: repeat(earlier, frame), fresh: false };
    },

    /**
     * MessageList: one page of the caller's conversation with `toUserId`. `formUserId` must be the
     * caller (403 notYours otherwise: nobody reads a conversation they are not in). With `before`
     * the page is the messages just older than it, with `after` those just newer, otherwise page
     * `currentPage` counted from the newest (sord desc) or the oldest (asc); the list is in `sord`
     * order. `total`: the conversation's messages (those matching the keyword when one is given);
     * `hasMore`: more remain beyond this page in the direction it goes.
     */
    async list(userId: string, q: MessageListQuery): Promise<WsServerFrame<'messageList'>> {
      if (q.formUserId !== userId) throw new ApiError(Code.FORBIDDEN, 403, texts.notYours);
      const keyword = q.keyword || undefined;
      const cursor = q.before !== undefined || q.after !== undefined;
      let rows: ChatRow[];
      let backward: boolean;
      let total: number;
      if (!keyword) {
        [{ rows, backward }, total] = await Promise.all([repo.page(userId, q.toUserId, q), repo.counter(userId, q.toUserId).then((c) => c.total)]);
      } else {
        // The page first: a first page that is not full holds every match (a rare word reads the
        // conversation once, not twice); otherwise the count.
        ({ rows, backward } = await repo.page(userId, q.toUserId, { ...q, keyword }));
        total = !cursor && q.currentPage === 1 && rows.length < q.pageSize ? rows.length : await matchCount(userId, q.toUserId, keyword);
      }
      const page = rows.slice(0, q.pageSize);
      const hasMore = cursor ? rows.length > q.pageSize : (q.currentPage - 1) * q.pageSize + page.length < total;
      if (backward !== (q.sord === 'desc')) page.reverse();
      return {
        method: 'messageList',
        toUserId: q.toUserId,
        currentPage: q.currentPage,
        pageSize: q.pageSize,
        ...(q.before === undefined ? {} : { before: q.before }),
        ...(q.after === undefined ? {} : { after: q.after }),
        ...(keyword === undefined ? {} : { keyword }),
        list: page.map(toChatMessage),
        total,
        hasMore,
      };
    },

    /** UpdateReadMessage: what `formUserId` sent the caller is read; the caller's connections are told (readMessage). */
    async read(userId: string, formUserId: string): Promise<number> {
      const marked = await repo.markRead(userId, formUserId);
      await realtime.publish({ k: CHAT_READ_EVENT, u: userId, f: formUserId });
      return marked;
    },

    /** initMessage's unreadNums: unread messages per sender. */
    async unreadNums(userId: string): Promise<Record<string, number>> {
      return Object.fromEntries((await repo.unreadBySender(userId)).map((r) => [r.peerId, r.unread]));
    },

    /**
     * The chat drawer's contacts: enabled staff but the caller, with presence, unread counts and
     * the last message (an image's without its preview: the list shows [图片]). Unread first, then
     * online, then the directory's order.
     */
    async contacts(userId: string): Promise<ChatUser[]> {
      const [rows, online] = await Promise.all([repo.contacts(userId), realtime.onlineUserIds()]);
      const isOnline = new Set(online);
      const list = rows.map((r): ChatUser => {
        const content = r.lastContent as ChatContent | null;
        return {
          id: r.id,
          realName: r.realName,
          account: r.account,
          headIcon: r.headIcon,
          organize: r.organize ?? '',
          quickQuery: r.quickQuery,
          online: isOnline.has(r.id),
          unread: r.unread ?? 0,
          ...(r.lastContentType && r.lastSendTime && r.lastSendUserId
            ? {
                lastMessage: {
                  contentType: r.lastContentType as ChatContentType,
                  content: content && typeof content === 'object' && 'base64' in content ? { ...content, base64: '' } : (content ?? ''),
                  sendTime: r.lastSendTime.getTime(),
                  sendUserId: r.lastSendUserId,
                },
              }
            : {}),
        };
      });
      return list
        .map((u, i) => ({ u, i }))
        .sort((a, b) => b.u.unread - a.u.unread || Number(b.u.online) - Number(a.u.online) || a.i - b.i)
        .map((x) => x.u);
    },

    /** The catch-up: the caller's messages (received and sent) stored after `after`, oldest first. */
    async since(userId: string, q: SinceQuery): Promise<ChatSinceAnswer> {
      const rows = await repo.since(userId, q.after, q.limit + 1);
      return { list: rows.slice(0, q.limit).map(toChatMessage), hasMore: rows.length > q.limit };
    },

    /** Download check of chat images (besides the uploader): a message the user sent or received holds it. */
    maySee(userId: string, name: string): Promise<boolean> {
      return repo.holdsMedia(userId, downloadPath(CHAT_FILE_TYPE, name));
    },

    /** The frames of a chat event for the users connected to this instance. */
    async deliveries(event: RealtimeEvent, connectedUserIds: string[]): Promise<Array<[string, WsServerMessage]>> {
      if (event.k === CHAT_READ_EVENT) {
        const reader = String(event.u);
        return connectedUserIds.includes(reader) ? [[reader, { method: 'readMessage', formUserId: String(event.f) }]] : [];
      }
      const sender = String(event.s);
      const recipient = String(event.t);
      const toSender = connectedUserIds.includes(sender);
      const toRecipient = connectedUserIds.includes(recipient);
      if (!toSender && !toRecipient) return [];
      const row = await rowOf(Number(event.q));
      if (!row) return [];
      const message = toChatMessage(row);
      const out: Array<[string, WsServerMessage]> = [];
      if (toRecipient) out.push([recipient, { method: 'receiveMessage', message }]);
      if (toSender) out.push([sender, { method: 'sendMessage', message }]);
      return out;
    },
  };
}
export type ChatService = ReturnType<typeof chatService>;
