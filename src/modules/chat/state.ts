import { proxy } from 'valtio';

/**
 * What the top bar needs of chat before its code loads (it loads when the drawer opens or a message
 * arrives): unread counts per sender (spec 4 Chat: the navbar blinks while any exists), from
 * initMessage's unreadNums and kept up to date by the chat engine.
 */
export const chatState = proxy({
  unread: {} as Record<string, number>,
  /** The conversation open in the drawer (a user id), or null: the contact list. */
  peer: null as string | null,
  /** When this device last lost the connection (its clock), until the catch-up after the return. */
  offlineSince: null as number | null,
});

export const unreadTotal = (unread: Record<string, number>) => Object.values(unread).reduce((a, b) => a + b, 0);

export function setUnreadNums(nums: Record<string, number>) {
  chatState.unread = Object.fromEntries(Object.entries(nums).filter(([, n]) => n > 0));
}
