import { proxy, useSnapshot } from 'valtio';

/**
 * Which side drawer of the shell is open (settings, sync queue, messages, chat, …): one at a time.
 * Drawers are named by the module that owns them (`message`, `chat`, …). Kept apart from the
 * drawer frame (shell-drawer.tsx), so a top-bar button opens a drawer without loading it.
 */
export const shellUi = proxy<{ drawer: string | null }>({ drawer: null });

export function openDrawer(drawer: string) {
  shellUi.drawer = drawer;
}

/** Whether the drawer of this name is open (for a module's drawer `useWanted`). */
export function useDrawerOpen(drawer: string): boolean {
  return useSnapshot(shellUi).drawer === drawer;
}

export function closeDrawer() {
  shellUi.drawer = null;
}
