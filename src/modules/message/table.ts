import type { MessageRow } from '@/contracts/message';
import type { ModuleTables } from '@/lib/module';
import type { UserDb } from '@/lib/sync/user-db';

/** The user's notices and system messages (drawer, message centre), as the server lists them: newest first by lastModifyTime, type for the filters. */
export const messageTables: ModuleTables = { version: 3, stores: { messages: 'id, lastModifyTime, type' } };

export const messagesOf = (db: UserDb) => db.table<MessageRow, string>('messages');
