import { useDrawerOpen } from '@/components/shell-drawer-state';
import { subscribe } from 'valtio';
import { defineModule } from '@/lib/module';
import { network } from '@/lib/network';
import { realtimeStatus } from '@/lib/realtime';
import { ChatEntryButton } from './components/chat-entry-button';
import { chatSyncKinds } from './kinds';
import { chatState, setUnreadNums } from './state';
import { chatTables } from './table';

/** The chat engine: loaded with the drawer, a chat frame, a queued chat write or a catch-up. */
const engine = () => import('./engine');
let watching = false;
const warn = (what: string) => (e: unknown) => console.warn(`chat ${what}`, e);

/**
 * One-to-one staff chat (spec 2.7, 4 Chat, 7.10): the navbar entry with its unread blink, the
 * drawer (contacts and a conversation), the history in the user's database, sends and read marks
 * through the sync queue. Only the entry, the counts and the declarations load with the shell.
 */
export const chatModule = defineModule({
  name: 'chat',
  syncKinds: chatSyncKinds,
  tables: [chatTables],
  realtime: {
    initMessage: (m) => setUnreadNums(m.unreadNums),
    receiveMessage: (m) => void engine().then((e) => e.onReceive(m.message)).catch(warn('receive')),
    sendMessage: (m) => void engine().then((e) => e.onSent(m.message)).catch(warn('sent')),
    readMessage: (m) => {
      delete chatState.unread[m.formUserId];
    },
  },
  catchUp: async () => (await engine()).catchUpChat(),
  // The moment the connection goes (the network, or just the socket): what arrives after it is
  // announced by the catch-up.
  start: () => {
    if (watching) return;
    watching = true;
    const away = () => {
      if (!network.online || realtimeStatus.state === 'closed') chatState.offlineSince ??= Date.now();
    };
    subscribe(network, away);
    subscribe(realtimeStatus, away);
  },
  navbar: [{ order: 20, Entry: ChatEntryButton }],
  drawers: [{ load: () => import('./components/chat-drawer').then((m) => ({ default: m.ChatDrawer })), useWanted: () => useDrawerOpen('chat') }],
});
