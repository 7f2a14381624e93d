import { chatPaths, type ChatUser } from '@/contracts/chat';
import { defineDataset } from '@/lib/sync/dataset';

/**
 * The chat drawer's contacts (GET /api/chat/Users: staff but me, presence and unread counts at the
 * time of the answer), cached so the list opens offline. Refreshed when the drawer opens and after
 * a reconnect while it is open; not with the session's datasets (chat loads with its drawer).
 */
export const chatUsersData = defineDataset<ChatUser[]>({
  key: 'chat.users',
  shape: 1,
  url: chatPaths.users,
  parse: (raw) => {
    if (!Array.isArray(raw)) throw new Error('chat users: not a list');
    return raw as ChatUser[];
  },
  freshForMs: 0,
  revalidate: false,
});
