import { lazy } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { useDrawerOpen } from '@/components/shell-drawer-state';
import { defineModule, type ModuleStartContext } from '@/lib/module';
import { network } from '@/lib/network';
import { listSyncKinds } from '@/lib/sync/remote-list';
import { FIRST_PAGE, warmListPage } from '@/lib/sync/warm';
import type { UserDb } from '@/lib/sync/user-db';
import { catchUpMessages, noteOffline, resetMessageState } from './catch-up';
import { MessageEntryButton } from './components/message-entry-button';
import { noticeList } from './notice-list';
import { applyInitMessage, applyLocalCounts, messageUi, receiveMessage, refreshFirstPage } from './store';
import { messageTables } from './table';
import { messageSyncKinds } from './writes';

let startedFor: UserDb | null = null;
let watching = false;

/**
 * After every sign-in, unlock or reload: this device's counts at once, page 1 of the list when
 * online; the connection's loss is noted, so the catch-up can say what arrived meanwhile.
 */
async function start({ db }: ModuleStartContext) {
  if (!watching) {
    watching = true;
    let online = network.online;
    subscribe(network, () => {
      if (network.online === online) return;
      online = network.online;
      if (!online) void noteOffline().catch(() => undefined);
    });
  }
  if (startedFor !== db) {
    startedFor = db;
    resetMessageState();
    await applyLocalCounts(db);
    if (!network.online) await noteOffline(db);
  }
  if (network.online) await refreshFirstPage(db);
}

/** Notices and system messages (spec 2.7, 3 Message, 4 Message, 7.4): the bell, its drawer, the notice administration. */
export const messageModule = defineModule({
  name: 'message',
  pages: {
    'system/notice': lazy(() => import('./pages/notice-page').then((m) => ({ default: m.NoticePage }))),
  },
  syncKinds: { ...messageSyncKinds, ...listSyncKinds(noticeList) },
  // The cache warm-up: the notice list's first page, for those granted the notice page.
  warm: () => [{ pages: ['system/notice'], targets: [warmListPage(noticeList, FIRST_PAGE)] }],
  tables: [messageTables],
  realtime: {
    initMessage: (m) => void applyInitMessage(m).catch((e: unknown) => console.warn('message counts', e)),
    messagePush: (m) => void receiveMessage(m.message).catch((e: unknown) => console.warn('message push', e)),
  },
  catchUp: () => catchUpMessages(),
  navbar: [{ order: 10, Entry: MessageEntryButton }],
  // The message drawer also holds the notice dialog the message centre opens.
  drawers: [
    {
      load: () => import('./components/message-drawer').then((m) => ({ default: m.MessageDrawer })),
      useWanted: () => {
        const drawerOpen = useDrawerOpen('message');
        const notice = useSnapshot(messageUi).notice;
        return drawerOpen || !!notice;
      },
    },
  ],
  start,
});
