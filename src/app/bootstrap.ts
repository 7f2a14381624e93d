import { showNotice } from '@/components/toaster';
import { configureHttp } from '@/lib/http';
import { setNoticeSink } from '@/lib/notify';
import { resetToken, session } from '@/modules/auth/store';

/** Wires the layers together once at start. */
export function bootstrap() {
  setNoticeSink(showNotice);
  configureHttp({
    token: () => session.token,
    // Spec 8: codes 600-602 reset the token and reload, unless already on the login page.
    onSessionEnd: () => {
      resetToken();
      if (!window.location.hash.startsWith('#/login')) window.location.reload();
    },
  });
}
