import type { ChatMessage } from '@/contracts/chat';
import type { ModuleTables } from '@/lib/module';
import type { UserDb } from '@/lib/sync/user-db';

/** A message as this device keeps it: the server's copy, or one of mine still on its way. */
export interface ChatRow extends ChatMessage {
  /** The other side of the conversation. */
  peer: string;
  /** Order within the conversation: the server's seq; mine not yet stored come after every stored one. */
  order: number;
  state: 'sending' | 'sent' | 'failed';
  /** Why the server refused it (state failed). */
  error?: string;
  /** An image chosen on this device: its prepared bytes in chatBlobs (sent or not, shown from here). */
  blobKey?: string;
}

/** A stored image: the bytes of one I chose (kept until sent, and after, as its local copy) or a fetched one. */
export interface ChatBlob {
  key: string;
  blob: Blob;
  savedAt: number;
}

/** Pending rows sort after stored ones (seq stays far below 2^52). */
export const PENDING_ORDER_BASE = 2 ** 52;

/**
 * Conversations in the user's database (the design card: Dexie holds chat history), keyed by sender
 * and device id (ids are unique per sender only), paged by [peer+order].
 */
export const chatTables: ModuleTables = {
  version: 4,
  stores: { chatMessages: '[sendUserId+id], [peer+order], seq, state', chatBlobs: 'key' },
};

export const chatMessagesOf = (db: UserDb) => db.table<ChatRow, [string, string]>('chatMessages');
export const chatBlobsOf = (db: UserDb) => db.table<ChatBlob, string>('chatBlobs');
