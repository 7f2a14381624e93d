import { t } from '@lingui/core/macro';
import { ulid } from 'ulid';
import {
  CHAT_INITIAL_SIZE,
  CHAT_PAGE_SIZE,
  chatPaths,
  type ChatImageContent,
  type ChatMessage,
  type ChatSinceAnswer,
  type SendMessageBody,
} from '@/contracts/chat';
import { UPLOAD_FIELDS, uploadPath, type UploadResult } from '@/contracts/files';
import type { WsServerMessage } from '@/contracts/realtime';
import { LONG_CALL_TIMEOUT_MS } from '@/contracts/limits';
import { ApiError, NetworkError } from '@/lib/errors';
import { http, request } from '@/lib/http';
import { network } from '@/lib/network';
import { askRealtime, realtimeOpen, sendRealtime } from '@/lib/realtime';
import { currentUserDb, queueWrite } from '@/lib/sync/engine';
import type { SendResult } from '@/lib/sync/outbox';
import type { OutboxEntry, UserDb } from '@/lib/sync/user-db';
import { session } from '@/modules/auth/public';
import { chatUsersData } from './data';
import type { PreparedChatImage } from './image-prep';
import { chatState } from './state';
import { chatBlobsOf, chatMessagesOf, PENDING_ORDER_BASE, type ChatRow } from './table';

/**
 * The chat engine, loaded with the drawer or the first chat frame: the local history (Dexie), the
 * queued sends and read marks, the server's frames, the catch-up. A message is written to the local
 * table and queued in one transaction; the queue sends it over the websocket (SendMessage, answered
 * by sendMessage) or, while the socket is not open, over HTTP; the device id makes it one message
 * on the server whichever way and however often it goes.
 */

const me = () => session.userInfo?.userId ?? '';
const requireDb = () => {
  const db = currentUserDb();
  if (!db) throw new Error('no signed-in user');
  return db;
};

/** A server message as a local row (keeping the local image bytes of one sent from here). */
function rowOf(m: ChatMessage, self: string, prev?: ChatRow): ChatRow {
  const peer = m.sendUserId === self ? m.toUserId : m.sendUserId;
  return { ...m, peer, order: m.seq, state: 'sent', ...(prev?.blobKey ? { blobKey: prev.blobKey } : {}) };
}

/** Stores server messages; returns those this device did not hold before. */
export async function storeMessages(messages: readonly ChatMessage[], db: UserDb = requireDb()): Promise<ChatMessage[]> {
  if (!messages.length) return [];
  const self = me();
  const table = chatMessagesOf(db);
  return db.transaction('rw', table, async () => {
    const keys = messages.map((m) => [m.sendUserId, m.id] as [string, string]);
    const prev = await table.bulkGet(keys);
    const fresh = messages.filter((_, i) => !prev[i] || prev[i]!.state !== 'sent');
    await table.bulkPut(messages.map((m, i) => rowOf(m, self, prev[i])));
    return fresh;
  });
}

// ---- Frames -----------------------------------------------------------------------------------

/** receiveMessage: a message to me. Counted unread unless its conversation is open on screen. */
export async function onReceive(m: ChatMessage) {
  const fresh = await storeMessages([m]);
  if (!fresh.length) return;
  if (chatState.peer === m.sendUserId && document.visibilityState === 'visible') void markRead(m.sendUserId);
  else chatState.unread[m.sendUserId] = (chatState.unread[m.sendUserId] ?? 0) + 1;
}

/** sendMessage: one of mine stored by the server (the acknowledgement, or a message from my other device). */
export async function onSent(m: ChatMessage) {
  await storeMessages([m]);
}

export function onReadMessage(formUserId: string) {
  delete chatState.unread[formUserId];
}

// ---- Sending ----------------------------------------------------------------------------------

/** The queue's entity of a conversation: its messages replay in order. */
const entityOf = (peer: string) => `chat:${peer}`;

function pendingRow(peer: string, body: SendMessageBody, blobKey?: string): ChatRow {
  return {
    id: body.id,
    sendUserId: me(),
    toUserId: peer,
    contentType: body.messageType,
    content: body.messageContent,
    sendTime: Date.now(),
    seq: 0,
    read: false,
    peer,
    order: PENDING_ORDER_BASE + Date.now(),
    state: 'sending',
    ...(blobKey ? { blobKey } : {}),
  };
}

async function queueSend(peer: string, body: SendMessageBody, blob?: Blob) {
  const db = requireDb();
  const blobKey = blob ? `local:${body.id}` : undefined;
  await queueWrite(
    { entity: entityOf(peer), kind: 'chat.send', request: { method: 'POST', url: chatPaths.send, body: { ...body, ...(blobKey ? { blobKey } : {}) } } },
    async () => {
      if (blob && blobKey) await chatBlobsOf(db).put({ key: blobKey, blob, savedAt: Date.now() });
      await chatMessagesOf(db).put(pendingRow(peer, body, blobKey));
    },
    (d) => [chatMessagesOf(d), chatBlobsOf(d)],
  );
}

/** Text (trimmed; nothing when empty, spec 5.4). */
export async function sendText(peer: string, text: string) {
  const content = text.trim();
  if (!content) return;
  await queueSend(peer, { id: ulid(), toUserId: peer, messageType: 'text', messageContent: content });
}

/** An image prepared on this device (image-prep.ts); uploaded by the queue, then sent. */
export async function sendImage(peer: string, image: PreparedChatImage) {
  const content: ChatImageContent = { path: '', width: image.width, height: image.height, base64: image.base64 };
  await queueSend(peer, { id: ulid(), toUserId: peer, messageType: 'image', messageContent: content }, image.file);
}

type QueuedBody = SendMessageBody & { blobKey?: string };

function failure(e: unknown): SendResult {
  if (e instanceof NetworkError) return { ok: false, code: 0, message: e.message };
  if (e instanceof ApiError) return { ok: false, code: e.code, message: e.message };
  return { ok: false, code: 0, message: e instanceof Error ? e.message : String(e) };
}

/** An image not uploaded yet: upload its kept bytes and write the path into the queued entry. */
async function ensureUploaded(entry: OutboxEntry, db: UserDb): Promise<QueuedBody | SendResult> {
  const body = entry.request.body as QueuedBody;
  if (body.messageType !== 'image' || body.messageContent.path) return body;
  const kept = body.blobKey ? await chatBlobsOf(db).get(body.blobKey) : undefined;
  if (!kept) return { ok: false, code: 400, message: t`图片已不在本机，请重新选择` };
  const form = new FormData();
  const ext = kept.blob.type === 'image/png' ? 'png' : kept.blob.type === 'image/gif' ? 'gif' : kept.blob.type === 'image/webp' ? 'webp' : 'jpg';
  form.append(UPLOAD_FIELDS[0]!, kept.blob, `chat.${ext}`);
  let uploaded: UploadResult;
  try {
    uploaded = await request<UploadResult>('POST', uploadPath('chat'), form, { silent: true, endSessionOnExpiry: false, timeout: LONG_CALL_TIMEOUT_MS });
  } catch (e) {
    return failure(e);
  }
  const next: QueuedBody = { ...body, messageContent: { ...body.messageContent, path: uploaded.url } };
  await db.outbox.update(entry.id, { request: { ...entry.request, body: next } });
  return next;
}

/** The websocket answer to a SendMessage of this id: the stored message, or the refusal. */
const sendAnswer =
  (id: string) =>
  (m: WsServerMessage): SendResult | undefined => {
    if (m.method === 'sendMessage' && m.message.id === id && m.message.sendUserId === me()) return { ok: true, data: m.message };
    if (m.method === 'error' && m.request === 'SendMessage' && m.id === id) return { ok: false, code: m.code, message: m.msg };
    return undefined;
  };

/**
 * The queue's send of a chat message: the image uploaded first when it is not yet; then over the
 * websocket when it is open, else (or with no answer in time) over HTTP.
 */
export async function sendQueued(entry: OutboxEntry): Promise<SendResult> {
  const db = requireDb();
  const body = await ensureUploaded(entry, db);
  if ('ok' in body) return body;
  const { blobKey: _local, ...fields } = body;
  if (realtimeOpen()) {
    const answer = await askRealtime('SendMessage', fields, sendAnswer(fields.id), 5000);
    if (answer) return answer;
  }
  try {
    return { ok: true, data: await request<ChatMessage>('POST', chatPaths.send, fields, { silent: true, endSessionOnExpiry: false, headers: { 'Idempotency-Key': entry.id } }) };
  } catch (e) {
    return failure(e);
  }
}

export async function applied(entry: OutboxEntry, data: unknown, db: UserDb) {
  const m = data as ChatMessage;
  if (m && typeof m === 'object' && 'seq' in m) await storeMessages([m], db);
}

/** Refused for good: shown as failed, with retry and delete. */
export async function rejected(entry: OutboxEntry, db: UserDb) {
  const body = entry.request.body as QueuedBody;
  await chatMessagesOf(db).update([me(), body.id], { state: 'failed', error: entry.lastError?.message ?? '' });
}

/** Retry of a failed message: queued again with the same device id (the server stores it once). */
export async function retry(row: ChatRow) {
  const db = requireDb();
  const dead = await db.outbox
    .where('entity')
    .equals(entityOf(row.peer))
    .filter((e) => (e.request.body as QueuedBody).id === row.id)
    .first();
  if (dead) await db.outbox.update(dead.id, { state: 'pending', attempts: 0, nextAttemptAt: 0 });
  await chatMessagesOf(db).update([row.sendUserId, row.id], { state: 'sending', error: undefined });
  const { kickSync } = await import('@/lib/sync/engine');
  kickSync();
}

/** Delete of a failed message: gone from this device and from the queue. */
export async function discard(row: ChatRow) {
  const db = requireDb();
  await db.transaction('rw', [db.outbox, chatMessagesOf(db), chatBlobsOf(db)], async () => {
    await db.outbox
      .where('entity')
      .equals(entityOf(row.peer))
      .filter((e) => (e.request.body as QueuedBody).id === row.id)
      .delete();
    await chatMessagesOf(db).delete([row.sendUserId, row.id]);
    if (row.blobKey) await chatBlobsOf(db).delete(row.blobKey);
  });
}

// ---- Read marks --------------------------------------------------------------------------------

/** Opening a conversation reads it: the count clears at once; the mark is queued (offline too). */
export async function markRead(peer: string) {
  const had = chatState.unread[peer];
  delete chatState.unread[peer];
  if (!had && !(await hasUnreadFrom(peer))) return;
  const db = requireDb();
  await queueWrite({ entity: `chat-read:${peer}`, kind: 'chat.read', request: { method: 'POST', url: chatPaths.read, body: { formUserId: peer } }, coalesce: true }, () =>
    unreadFrom(db, peer).modify({ read: true }),
    (d) => [chatMessagesOf(d)],
  );
}

/**
 * The colleague's unread messages: newest first, up to their newest one already read (reads are
 * marked up to a point, so nothing older is unread): opening a long conversation reads only its end.
 */
const unreadFrom = (db: UserDb, peer: string) =>
  chatMessagesOf(db)
    .where('[peer+order]')
    .between([peer, -Infinity], [peer, Infinity])
    .reverse()
    .until((r) => r.sendUserId === peer && r.read)
    .filter((r) => r.sendUserId === peer && !r.read);

async function hasUnreadFrom(peer: string) {
  const db = currentUserDb();
  return db ? (await unreadFrom(db, peer).count()) > 0 : false;
}

export async function sendReadQueued(entry: OutboxEntry): Promise<SendResult> {
  const { formUserId } = entry.request.body as { formUserId: string };
  if (sendRealtime('UpdateReadMessage', { formUserId })) return { ok: true, data: null };
  try {
    return { ok: true, data: await request('POST', chatPaths.read, { formUserId }, { silent: true, endSessionOnExpiry: false, headers: { 'Idempotency-Key': entry.id } }) };
  } catch (e) {
    return failure(e);
  }
}

// ---- History ----------------------------------------------------------------------------------

const exhausted = new Set<string>();

/** Whether the server has nothing older than what this device holds of the conversation. */
export const historyComplete = (peer: string) => exhausted.has(peer);

/**
 * Asks the server for a page of the conversation (MessageList) and stores it: the newest
 * CHAT_INITIAL_SIZE when `beforeSeq` is left out, else CHAT_PAGE_SIZE older than it. False when
 * it could not ask (offline, socket closed, no answer).
 */
export async function fetchPage(peer: string, beforeSeq?: number): Promise<boolean> {
  if (!network.online) return false;
  const pageSize = beforeSeq === undefined ? CHAT_INITIAL_SIZE : CHAT_PAGE_SIZE;
  const answer = await askRealtime(
    'MessageList',
    { toUserId: peer, formUserId: me(), currentPage: 1, pageSize, sord: 'desc', ...(beforeSeq === undefined ? {} : { before: beforeSeq }) },
    (m) => (m.method === 'messageList' && m.toUserId === peer && m.before === beforeSeq ? m : m.method === 'error' && m.request === 'MessageList' ? null : undefined),
    8000,
  );
  if (!answer) return false;
  await storeMessages(answer.list);
  if (!answer.hasMore) exhausted.add(peer);
  return true;
}

// ---- Catch-up ---------------------------------------------------------------------------------

/** The newest seq this device holds: where the catch-up continues. */
async function newestSeq(db: UserDb) {
  const last = await chatMessagesOf(db).orderBy('seq').last();
  return last?.seq ?? 0;
}

/**
 * After a time offline (and at start): the messages stored since the newest this device holds,
 * page by page; a line naming who wrote while the user was away, e.g. 聊天：张三 3 条、李四 1 条.
 */
export async function catchUpChat(): Promise<string | null> {
  const db = currentUserDb();
  if (!db || !network.online) return null;
  let after = await newestSeq(db);
  const firstRun = after === 0;
  const since = chatState.offlineSince;
  chatState.offlineSince = null;
  // A device without history yet counts only what arrived after it went offline (a little
  // slack for the two clocks); one with history, everything past what it holds.
  const whileAway = (m: ChatMessage) => !firstRun || (since !== null && m.sendTime >= since - 5000);
  const bySender = new Map<string, number>();
  for (let page = 0; page < 20; page++) {
    const answer = await http.get<ChatSinceAnswer>(chatPaths.since, { after }, { silent: true });
    const fresh = await storeMessages(answer.list, db);
    for (const m of fresh) {
      if (m.sendUserId === me() || m.read || !whileAway(m)) continue;
      bySender.set(m.sendUserId, (bySender.get(m.sendUserId) ?? 0) + 1);
    }
    if (answer.list.length) after = answer.list[answer.list.length - 1]!.seq;
    if (!answer.hasMore) break;
  }
  if (!bySender.size) return null;
  for (const [sender, n] of bySender) chatState.unread[sender] = Math.max(chatState.unread[sender] ?? 0, n);
  let users = (await chatUsersData.read(db)) ?? [];
  // A sender this device does not know yet (the contact list never opened here): ask for the list.
  if ([...bySender.keys()].some((id) => !users.some((u) => u.id === id))) {
    await chatUsersData.refresh({ force: true }).catch(() => null);
    users = (await chatUsersData.read(db)) ?? [];
  }
  const name = (id: string) => users.find((u) => u.id === id)?.realName ?? t`同事`;
  const parts = [...bySender].map(([id, n]) => t`${name(id)} ${n} 条`);
  return t`聊天：${parts.join('、')}`;
}
