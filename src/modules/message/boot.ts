import { subscribe } from 'valtio';
import { network } from '@/lib/network';
import { onRealtime } from '@/lib/realtime';
import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import { registerCatchUpSource } from '@/modules/shell/catch-up';
// Registers the kinds of queued message writes (read, read all, delete) before the queue replays.
import { applyInitMessage, applyLocalCounts, catchUpMessages, noteOffline, receiveMessage, refreshFirstPage, resetMessageState } from './store';

let wired = false;
let startedFor: UserDb | null = null;

/**
 * Start-up of the message module, once the signed-in user's sync queue is open (after every
 * sign-in or unlock): listens to the websocket (initMessage: counts; messagePush: a new message)
 * and to the connection (what arrived while offline), then shows this device's counts and loads
 * page 1 of the list when online.
 */
export function startMessageModule() {
  if (!wired) {
    wired = true;
    onRealtime('initMessage', (m) => void applyInitMessage(m).catch((e: unknown) => console.warn('message counts', e)));
    onRealtime('messagePush', (m) => void receiveMessage(m.message).catch((e: unknown) => console.warn('message push', e)));
    registerCatchUpSource(() => catchUpMessages());
    let online = network.online;
    subscribe(network, () => {
      if (network.online === online) return;
      online = network.online;
      if (!online) void noteOffline().catch(() => undefined);
    });
  }
  const db = currentUserDb();
  if (!db) return;
  const first = startedFor !== db;
  startedFor = db;
  void (async () => {
    if (first) {
      resetMessageState();
      await applyLocalCounts(db);
      if (!network.online) await noteOffline(db);
    }
    if (network.online) await refreshFirstPage(db);
  })().catch((e: unknown) => console.warn('message start', e));
}
