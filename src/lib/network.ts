import { proxy } from 'valtio';

/**
 * Connectivity as the user experiences it: the browser's flag, corrected by what our own calls see
 * (a failed call while "online" means the server is unreachable, which is offline for the user).
 */
export const network = proxy({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
});

export function markReachable(reachable: boolean) {
  if (network.online !== reachable) network.online = reachable;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => markReachable(true));
  window.addEventListener('offline', () => markReachable(false));
}
