/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SYNC_TAG } from '../src/contracts/limits';

declare let self: ServiceWorkerGlobalScope;

// The shell, locale chunks, icons, help pages and the data view: everything the build emitted.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Navigations to the app (hash routing: only the root and index.html) get the cached shell.
// API responses are never cached here: only the app's own IndexedDB holds data.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    allowlist: [/^\/$/, /^\/index\.html$/],
  }),
);

// The first install takes control of open pages at once, so the very first visit is enough to
// work offline. A new version waits until the user accepts the "update available" prompt.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * Background Sync (Chromium): when the connection returns, the worker wakes the open pages; the
 * page's leader tab replays the outbox (the worker never sends writes itself).
 */
self.addEventListener('sync', (event: Event) => {
  const e = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (e.tag !== SYNC_TAG) return;
  e.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const c of clients) c.postMessage({ type: SYNC_TAG });
    }),
  );
});

/** A click on a catch-up notification focuses the app (or opens it) at the page the notification names. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (clients) => {
      const client = clients[0];
      if (client) {
        await client.focus();
        return (client as WindowClient).navigate(url).catch(() => undefined);
      }
      return self.clients.openWindow(url);
    }),
  );
});
