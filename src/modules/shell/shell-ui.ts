import { proxy } from 'valtio';

/** Which shell drawer is open (settings, messages, chat, sync queue); one at a time. */
export const shellUi = proxy<{ drawer: 'settings' | 'message' | 'chat' | 'sync' | null }>({ drawer: null });

export function openDrawer(drawer: NonNullable<(typeof shellUi)['drawer']>) {
  shellUi.drawer = drawer;
}

export function closeDrawer() {
  shellUi.drawer = null;
}
