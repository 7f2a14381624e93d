/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

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
