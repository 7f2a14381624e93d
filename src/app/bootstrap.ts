import { configureHttp } from '@/lib/http-config';
import { setNoticeSink, type Notice } from '@/lib/notify';
import { resetToken, session } from '@/modules/auth/store';

/** Wires the layers together once at start. */
export function bootstrap() {
  // The toaster (and its state machine) loads with the first notice; notices wait for it.
  let pending: Notice[] | null = null;
  setNoticeSink((n) => {
    if (pending) return void pending.push(n);
    pending = [n];
    void import('@/components/toaster').then(({ showNotice, toasterReady }) => {
      setNoticeSink(showNotice);
      void toasterReady.then(() => {
        pending?.forEach(showNotice);
        pending = null;
      });
    });
  });
  configureHttp({
    token: () => session.token,
    // Spec 8: codes 600-602 reset the token and reload, unless already on the login page.
    onSessionEnd: () => {
      resetToken();
      if (!window.location.hash.startsWith('#/login')) window.location.reload();
    },
  });
}
