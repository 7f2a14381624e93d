import { Badge, Box, Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { CircleAlert, CloudUpload, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { network } from '@/lib/network';
import { syncStatus } from '@/lib/sync/engine';
import { relativeTime } from '@/lib/format';
import { openDrawer } from '@/components/shell-drawer-state';

/**
 * Navbar indicator: online / offline, writes waiting to be sent, problems needing the user, and
 * the last sync time (in the title). Opens the sync panel.
 */
export function ConnectivityBadge() {
  const { t } = useLingui();
  const net = useSnapshot(network);
  const sync = useSnapshot(syncStatus);
  const problems = sync.conflicts + sync.dead + (sync.needsAuth ? 1 : 0);
  const last = sync.lastSyncedAt ? t`上次同步：${relativeTime(sync.lastSyncedAt)}` : t`尚未同步`;
  const title = [net.online ? t`已连接服务器` : t`离线：修改保存在本机，联网后自动同步`, sync.pending ? t`待同步 ${sync.pending} 条` : '', last].filter(Boolean).join(' · ');
  return (
    <Button variant="ghost" size="xs" px="1" onClick={() => openDrawer("sync")} title={title} aria-label={title} data-testid="sync-indicator" data-leader={sync.leader} data-needs-auth={sync.needsAuth}>
      {net.online ? (
        <Badge colorPalette="green" variant="subtle" data-testid="connectivity" data-online="true">
          <Wifi size={12} aria-hidden />
          <Box as="span" hideBelow="sm">
            <Trans>在线</Trans>
          </Box>
        </Badge>
      ) : (
        <Badge colorPalette="orange" variant="solid" data-testid="connectivity" data-online="false">
          <WifiOff size={12} aria-hidden />
          <Trans>离线</Trans>
        </Badge>
      )}
      {sync.pending > 0 && (
        <Badge colorPalette="blue" variant="subtle" data-testid="sync-pending" data-count={sync.pending}>
          {sync.syncing && net.online ? <RefreshCw size={12} aria-hidden /> : <CloudUpload size={12} aria-hidden />}
          {sync.pending}
        </Badge>
      )}
      {problems > 0 && (
        <Badge colorPalette="red" variant="solid" data-testid="sync-problems" data-count={problems}>
          <CircleAlert size={12} aria-hidden />
          {problems}
        </Badge>
      )}
    </Button>
  );
}
