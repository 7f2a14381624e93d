import { Alert } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { network } from '@/lib/network';

/**
 * Says plainly that the device is offline (the app keeps working and says so): on the sign-in
 * page that signing in needs the network; in the shell what is shown and what happens to changes.
 */
export function OfflineNote({ where, cached = false }: { where: 'login' | 'shell'; cached?: boolean }) {
  const net = useSnapshot(network);
  if (net.online) return null;
  return (
    <Alert.Root status="warning" mb="4" data-testid="offline-note" size="sm">
      <Alert.Indicator />
      <Alert.Title>
        {where === 'login' ? (
          <Trans>当前处于离线状态，请联网后再登录。</Trans>
        ) : cached ? (
          <Trans>当前处于离线状态，显示的是本机缓存的数据，联网后会自动更新。</Trans>
        ) : (
          <Trans>当前处于离线状态：您的修改保存在本机，联网后自动同步。</Trans>
        )}
      </Alert.Title>
    </Alert.Root>
  );
}
