import { ERROR_TOAST_MS, MOBILE_BREAKPOINT_PX } from '@/contracts/limits';
import { translateContractMessage } from '@/lib/contract-messages';
import { notify } from '@/lib/notify';
import { configureRealtime } from '@/lib/realtime';
import { resetToken } from '@/modules/auth/store';

/**
 * Wires the websocket to the session (loaded with the signed-in shell, not with the sign-in page).
 * Spec 4 Session, 8: a websocket logout shows 登录过期,请重新登录, then resets the token and reloads.
 */
configureRealtime({
  mobileDevice: () => window.innerWidth < MOBILE_BREAKPOINT_PX,
  onLogout: (message) => {
    notify({ kind: 'error', title: translateContractMessage(message) ?? message, duration: ERROR_TOAST_MS });
    resetToken();
    setTimeout(() => window.location.reload(), ERROR_TOAST_MS);
  },
});
