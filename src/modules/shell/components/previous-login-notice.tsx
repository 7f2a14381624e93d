import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import dayjs from 'dayjs';
import { LOGIN_NOTICE_MS } from '@/contracts/limits';
import { notify } from '@/lib/notify';
import { translateContractMessage } from '@/lib/contract-messages';
import { consumeJustLoggedIn, session } from '@/modules/auth/public';

/** Spec 4: after a sign-in from /login, when prevLogin is 1, a 2000 ms notice at bottom-right. */
export function usePreviousLoginNotice() {
  const { t } = useLingui();
  useEffect(() => {
    if (!consumeJustLoggedIn()) return;
    const u = session.userInfo;
    if (!u || u.prevLogin !== 1) return;
    const time = u.prevLoginTime ? dayjs(u.prevLoginTime).format('YYYY-MM-DD HH:mm') : '';
    const place = translateContractMessage(u.prevLoginIPAddressName ?? '') ?? '';
    const ip = `${u.prevLoginIPAddress ?? ''}${place ? ` (${place})` : ''}`;
    notify({
      kind: 'info',
      title: t`上次登录`,
      description: t`时间：${time}，IP：${ip}`,
      duration: LOGIN_NOTICE_MS,
      placement: 'bottom-end',
    });
  }, [t]);
}
