import type { Workbox } from 'workbox-window';
import { proxy } from 'valtio';

/** Service-worker registration: a waiting new version shows a prompt instead of reloading silently. */
export const pwa = proxy({ updateAvailable: false });
let wb: Workbox | null = null;

export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import('workbox-window');
  wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    pwa.updateAvailable = true;
  });
  await wb.register();
}

export function applyUpdate() {
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}
