import { showNotice, toasterReady } from '@/components/toaster';
import { configureHttp } from '@/lib/http-config';
import { setNoticeSink, type Notice } from '@/lib/notify';
import { resetToken, session } from '@/modules/auth/store';

/** Wires the layers together once at start. */
export function bootstrap() {
  // Notices raised before the toaster is mounted (it mounts after the first paint) wait for it.
  let pending: Notice[] | null = null;
  setNoticeSink((n) => {
    if (pending) return void pending.push(n);
    pending = [n];
    void toasterReady.then(() => {
      setNoticeSink(showNotice);
      pending?.forEach(showNotice);
      pending = null;
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
