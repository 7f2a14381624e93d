import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@/contracts/limits';

/** Whether a media query matches now (and again on every change); `fallback` where there is no window (server render, unit tests). */
export function useMediaQuery(query: string, fallback = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/** Below the spec's mobile breakpoint (992 px, spec 9): side panels become drawers. */
export const useNarrowScreen = () => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);

/** A phone (below 768 px, Chakra's `md`): a row's buttons fold into one menu. */
export const usePhoneScreen = () => useMediaQuery('(max-width: 767.98px)');
