import { z } from 'zod';
import { idSchema } from './common';
import type * as realtime from './realtime';

/**
 * One-to-one staff chat (spec 2.7, 3 Chat message, 4 Chat, 5.3 chat image, 5.4 chat text, 7.10,
 * 9 Chat). The conversation runs over the realtime websocket (realtime.ts): the client methods
 * SendMessage, MessageList and UpdateReadMessage, the server methods receiveMessage, sendMessage
 * and messageList, and initMessage's unreadNums. HTTP serves what a returning client pulls (the
 * messages newer than what it holds), the contact list, and the chat images (upload, download).
 *
 * Loaded with the chat drawer, never with the shell: zod is fine here.
 */

// ---- Limits (spec 9 Chat) ------------------------------------------------------------------------

/** History page size: each scroll to the top loads this many older messages. */
export const CHAT_PAGE_SIZE = 50;
/** Messages shown when a conversation opens. */
export const CHAT_INITIAL_SIZE = 30;
/** Spec 5.3 chat image: under 5 MB. */
export const CHAT_IMAGE_MAX_BYTES = 5242880;
/** Longest text message (characters after trimming). */
export const CHAT_TEXT_MAX = 2000;
/** The base64 preview of an image message (a small JPEG data URL), at most this many characters. */
export const CHAT_PREVIEW_MAX = 16_000;
/** Most messages one catch-up call returns (the client asks again while `hasMore`). */
export const CHAT_SINCE_MAX = 500;
/** Spec 9: the emoji list has 120 entries, numbered 100-219. */
export const EMOJI_FIRST = 100;
export const EMOJI_COUNT = 120;

// ---- Texts ---------------------------------------------------------------------------------------

export const chatMessages = {
  /** Spec 8 / 5.3. */
  imageSize: '图片大小不能超过5M',
  imageType: '只能发送图片文件',
  imageContent: '文件内容不是有效的图片',
  textEmpty: '消息内容不能为空',
  textTooLong: `消息不能超过${CHAT_TEXT_MAX}个字符`,
  /** Sending to oneself, an unknown or a disabled user. */
  noRecipient: '接收人不存在',
  /** A conversation the caller is not part of. */
  notYours: '无权查看该会话',
  /** A device id already used by this sender for a different message. */
  idTaken: '消息编号重复',
  imageMissing: '图片不存在或无权使用',
} as const;

// ---- Content (spec 3 Chat message) ---------------------------------------------------------------

export const CHAT_CONTENT_TYPES = ['text', 'image', 'voice', 'video'] as const;
export type ChatContentType = (typeof CHAT_CONTENT_TYPES)[number];
/** What the input sends; voice and video are received and shown only. */
export const CHAT_SENDABLE_TYPES = ['text', 'image'] as const;

/** Chat image extensions and MIME types, checked by content on the server. */
export const CHAT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const CHAT_IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** Image content: the stored file's download path, its size in pixels, and a small preview. */
export interface ChatImageContent {
  /** `/api/file/Download/chat/{name}` (needs a session: fetched with the token). */
  path: string;
  width: number;
  height: number;
  /** A small JPEG `data:` URL shown until (or instead of) the full image. */
  base64: string;
}
/** Voice and video (received only): the file's path and its length in seconds. */
export interface ChatMediaContent {
  path: string;
  duration?: number;
  width?: number;
  height?: number;
}
export type ChatContent = string | ChatImageContent | ChatMediaContent;

/** Path of a stored chat image: the download route with kind `chat`. */
export const CHAT_IMAGE_PATH = /^\/api\/file\/Download\/chat\/[0-9A-HJKMNP-TV-Z]{26}\.(jpg|png|gif|webp)$/;

/** A chat message as both sides see it (spec 3 Chat message plus ids). */
export interface ChatMessage {
  /** The sending device's ULID: unique per sender; a repeat returns the stored message. */
  id: string;
  sendUserId: string;
  toUserId: string;
  contentType: ChatContentType;
  /** Text (emoji as bracketed alt texts), or the media object. */
  content: ChatContent;
  /** When the server stored it, ms epoch. */
  sendTime: number;
  /** The server's order of storage (increasing): cursor of the catch-up and of history pages. */
  seq: number;
  /** Read by the recipient. */
  read: boolean;
}

// ---- Frames (spec 7.10), validated by the server ------------------------------------------------

const tokenField = z.string().min(1).max(200);

export const chatImageContentSchema = z.object({
  path: z.string().regex(CHAT_IMAGE_PATH, { error: chatMessages.imageMissing }),
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
  base64: z
    .string()
    .max(CHAT_PREVIEW_MAX)
    .regex(/^(data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]*)?$/),
});

const textContent = z
  .string({ error: chatMessages.textEmpty })
  .trim()
  .min(1, { error: chatMessages.textEmpty })
  .max(CHAT_TEXT_MAX, { error: chatMessages.textTooLong });

/** SendMessage: toUserId, messageType, messageContent, token (spec), plus the device's message id. */
export const sendMessageSchema = z.discriminatedUnion('messageType', [
  z.object({ method: z.literal('SendMessage'), id: idSchema, toUserId: idSchema, token: tokenField, messageType: z.literal('text'), messageContent: textContent }),
  z.object({ method: z.literal('SendMessage'), id: idSchema, toUserId: idSchema, token: tokenField, messageType: z.literal('image'), messageContent: chatImageContentSchema }),
]);

/**
 * MessageList: one page of a conversation, newest first (sord desc) or oldest first. `formUserId`
 * (sic, spec 7.10) must be the caller. `before` / `after` are `seq` cursors: older than / newer
 * than that message (history paging without shifts while messages arrive); without them
 * `currentPage` counts pages from the newest.
 */
export const messageListSchema = z.object({
  method: z.literal('MessageList'),
  toUserId: idSchema,
  formUserId: idSchema,
  token: tokenField,
  currentPage: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
  sord: z.enum(['asc', 'desc']).default('desc'),
  keyword: z.string().trim().max(100).optional(),
  before: z.number().int().min(0).optional(),
  after: z.number().int().min(0).optional(),
});

/** UpdateReadMessage: the messages `formUserId` sent the caller are read. */
export const updateReadMessageSchema = z.object({ method: z.literal('UpdateReadMessage'), formUserId: idSchema, token: tokenField });

export type SendMessageFrame = z.infer<typeof sendMessageSchema>;
export type MessageListFrame = z.input<typeof messageListSchema>;
export type UpdateReadMessageFrame = z.infer<typeof updateReadMessageSchema>;

declare module './realtime' {
  interface RealtimeClientMethods {
    SendMessage: Omit<SendMessageFrame, 'method'>;
    MessageList: Omit<MessageListFrame, 'method'>;
    UpdateReadMessage: Omit<UpdateReadMessageFrame, 'method'>;
  }
  interface RealtimeServerMethods {
    /** A message to this user (any of their connections). */
    receiveMessage: { message: ChatMessage };
    /** A message this user sent (to every connection of theirs: the acknowledgement, and other devices). */
    sendMessage: { message: ChatMessage };
    /** The answer to MessageList: the query's fields, the page, and whether older (or newer) ones remain. */
    messageList: { toUserId: string; currentPage: number; pageSize: number; before?: number; after?: number; keyword?: string; list: ChatMessage[]; total: number; hasMore: boolean };
    /** The user read `formUserId`'s messages (on this or another device): clear that unread count. */
    readMessage: { formUserId: string };
  }
}
/** One receiveMessage frame. */
export type WsReceiveMessage = realtime.WsServerFrame<'receiveMessage'>;

// ---- HTTP ----------------------------------------------------------------------------------------

export const chatPaths = {
  /** GET: staff to chat with (everyone enabled but the caller), with presence and unread counts. */
  users: '/api/chat/Users',
  /** GET ?after=<seq>: the caller's messages (received and sent) stored after `after`, oldest first. */
  since: '/api/chat/Since',
  /**
   * POST: SendMessage over HTTP, for the sync queue when the websocket is not open (a message
   * written offline replays here or over the socket: the device id makes it one message either way).
   * Body: the frame's fields but method and token. Answer: the stored ChatMessage.
   */
  send: '/api/chat/Messages',
  /** POST { formUserId }: UpdateReadMessage over HTTP (the queue's read marks). */
  read: '/api/chat/Actions/Read',
} as const;

/** The body of POST chatPaths.send: SendMessage without method and token. */
export const sendMessageBodySchema = z.discriminatedUnion('messageType', [
  z.object({ id: idSchema, toUserId: idSchema, messageType: z.literal('text'), messageContent: textContent }),
  z.object({ id: idSchema, toUserId: idSchema, messageType: z.literal('image'), messageContent: chatImageContentSchema }),
]);
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;
export const readBodySchema = z.object({ formUserId: idSchema });

export const chatSinceQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(CHAT_SINCE_MAX).default(CHAT_SINCE_MAX),
});

/** A contact of the chat drawer. */
export interface ChatUser {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
  /** Department name, shown under the name. */
  organize: string;
  /** Pinyin initials of the name (search). */
  quickQuery: string;
  online: boolean;
  /** Messages from this user the caller has not read. */
  unread: number;
  /** The newest message between the two, for the list's second line. */
  lastMessage?: Pick<ChatMessage, 'contentType' | 'content' | 'sendTime' | 'sendUserId'>;
}

export interface ChatSinceAnswer {
  list: ChatMessage[];
  hasMore: boolean;
}
