import { t } from '@lingui/core/macro';
import type { SendMessageBody } from '@/contracts/chat';
import type { SyncKind } from '@/lib/sync/kinds';

/**
 * The queued writes of chat, declared with the module (the queue must know them at start, before
 * the chat code loads); what they do lives in engine.ts, loaded on their first use.
 */
const engine = () => import('./engine');

const preview = (body: SendMessageBody) => (body.messageType === 'text' ? body.messageContent.slice(0, 20) : t`[图片]`);

export const chatSyncKinds: Record<string, SyncKind> = {
  'chat.send': {
    label: (e) => t`聊天消息：${preview(e.request.body as SendMessageBody)}`,
    send: async (e) => (await engine()).sendQueued(e),
    applied: async (e, data, db) => (await engine()).applied(e, data, db),
    rejected: async (e, db) => (await engine()).rejected(e, db),
  },
  'chat.read': {
    label: () => t`聊天消息已读`,
    send: async (e) => (await engine()).sendReadQueued(e),
  },
};
