import { createHashHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from '@/routes/tree';

/** Hash-mode router; scroll goes back to the top on each navigation (TanStack's resetScroll default). */
export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  defaultPreload: 'intent',
  defaultPendingMs: 200,
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
