/**
 * Paged mode (h5_swipper): one page per screen; a swipe up goes to the next page, down to the
 * previous one; arrow / page keys and the mouse wheel do the same on a desktop.
 */

/** A swipe shorter than this (px) is a tap or a scroll attempt… */
export const SWIPE_MIN_PX = 50;
/** …unless it is a quick flick (px per ms over at least FLICK_MIN_PX). */
export const FLICK_VELOCITY = 0.3;
export const FLICK_MIN_PX = 15;
/** Wheel movement (px) that turns a page, and the pause after a turn during which the wheel is ignored (a trackpad sends dozens of events). */
export const WHEEL_MIN_PX = 30;
export const WHEEL_PAUSE_MS = 700;

export type Step = -1 | 0 | 1;

/** The page step of a finger that moved dx, dy (px; dy < 0 is upwards) in dt ms. Mostly sideways moves belong to carousels. */
export function swipeStep(dx: number, dy: number, dtMs: number): Step {
  const ay = Math.abs(dy);
  if (ay <= Math.abs(dx)) return 0;
  const flick = ay >= FLICK_MIN_PX && ay / Math.max(1, dtMs) >= FLICK_VELOCITY;
  if (ay < SWIPE_MIN_PX && !flick) return 0;
  return dy < 0 ? 1 : -1;
}

/** The page step of a key (none for keys typed into a field: the caller checks the target). */
export function keyStep(key: string): Step {
  if (key === 'ArrowDown' || key === 'PageDown') return 1;
  if (key === 'ArrowUp' || key === 'PageUp') return -1;
  return 0;
}

/** The page step of a wheel event, or 0 when within WHEEL_PAUSE_MS of the last turn. */
export function wheelStep(deltaY: number, now: number, lastTurnAt: number): Step {
  if (now - lastTurnAt < WHEEL_PAUSE_MS || Math.abs(deltaY) < WHEEL_MIN_PX) return 0;
  return deltaY > 0 ? 1 : -1;
}

/** The page an index + step lands on: within 0 … count − 1 (no wrapping). */
export const clampPage = (index: number, count: number) => Math.max(0, Math.min(count - 1, index));
