import { BILL_RULE_MODULE } from '@/contracts/base-values';
import type { MenuItem } from '@/contracts/menu';
import type { UserDb } from '@/lib/sync/user-db';

/**
 * When a device keeps reserved bill numbers for a user (docs/offline-sync.md, bill numbers): only
 * for a user granted the screen that takes numbers, and only on a device this user has signed in
 * on before or asked to work offline. A first sign-in on a fresh device reserves nothing.
 */

/** Where this user's use of this device is kept (the user's own database, `kv`). */
export const BILL_DEVICE_USE_KEY = 'base.deviceUse';

export interface DeviceUse {
  /** Sign-ins of this user on this device: a new session token counts, a reload or an unlock does not. */
  signIns: number;
  /** A short hash of the last session's token (a new one means a new sign-in); '' none yet. */
  session: string;
  /** The user asked this device to keep numbers for offline use (the bill rule page's button). */
  offlineAsked: boolean;
}

/** FNV-1a of the token: enough to tell sessions apart without keeping the token twice. */
export function sessionTag(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** Whether a device with this use keeps reserved numbers: signed in more than once, or asked. */
export function reservesOnDevice(use: DeviceUse): boolean {
  return use.offlineAsked || use.signIns > 1;
}

/** Whether the user's menu grants the screen that takes numbers (the server refuses Reserve otherwise). */
export function mayReserveBillNumbers(menu: readonly MenuItem[] | null | undefined): boolean {
  const walk = (items: readonly MenuItem[]): boolean => items.some((m) => m.enCode === BILL_RULE_MODULE || walk(m.children ?? []));
  return !!menu && walk(menu);
}

export async function readDeviceUse(db: UserDb): Promise<DeviceUse> {
  const value = (await db.kv.get(BILL_DEVICE_USE_KEY))?.value as Partial<DeviceUse> | undefined;
  return {
    signIns: Number.isInteger(value?.signIns) && value!.signIns! > 0 ? value!.signIns! : 0,
    session: typeof value?.session === 'string' ? value.session : '',
    offlineAsked: value?.offlineAsked === true,
  };
}

function changeUse(db: UserDb, change: (use: DeviceUse) => DeviceUse | null): Promise<DeviceUse> {
  return db.transaction('rw', db.kv, async () => {
    const use = await readDeviceUse(db);
    const next = change(use);
    if (!next) return use;
    await db.kv.put({ key: BILL_DEVICE_USE_KEY, value: next, updatedAt: Date.now() });
    return next;
  });
}

/** At every session start: a token not seen before is one more sign-in of this user on this device. */
export function noteSession(db: UserDb, token: string): Promise<DeviceUse> {
  const tag = sessionTag(token);
  return changeUse(db, (use) => (use.session === tag ? null : { ...use, signIns: use.signIns + 1, session: tag }));
}

/** The user asked this device to work offline: it keeps numbers from now on, first sign-in or not. */
export function askToWorkOffline(db: UserDb): Promise<DeviceUse> {
  return changeUse(db, (use) => (use.offlineAsked ? null : { ...use, offlineAsked: true }));
}
