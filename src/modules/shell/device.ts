import { useEffect } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@/contracts/limits';
import { app, closeSidebar, setDevice } from './settings';

export const isMobileWidth = (width: number) => width < MOBILE_BREAKPOINT_PX;

/**
 * Device detection of spec 4: mobile under 992 px, checked at start and on resize while the page
 * is visible. On mobile the sidebar starts closed, without animation.
 */
export function useDeviceWatch() {
  useEffect(() => {
    const check = (atStart: boolean) => {
      if (!atStart && document.hidden) return;
      const mobile = isMobileWidth(window.innerWidth);
      const was = app.device;
      setDevice(mobile ? 'mobile' : 'desktop');
      // The mobile drawer closing is not the user's choice: the stored sidebar state is kept.
      if (mobile && (atStart || was !== 'mobile')) closeSidebar(true, false);
    };
    check(true);
    const onResize = () => check(false);
    // A resize while hidden is caught up when the page is shown again.
    const onVisible = () => {
      if (!document.hidden) check(false);
    };
    window.addEventListener('resize', onResize);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
