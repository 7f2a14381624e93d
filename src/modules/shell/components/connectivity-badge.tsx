import { Badge, Box, Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { CircleAlert, CloudUpload, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { network } from '@/lib/network';
import { syncStatus } from '@/lib/sync/engine';
import { relativeTime } from '@/lib/format';
import { openDrawer } from '@/components/shell-drawer-state';
import { IconTip } from '@/components/icon-tip';

/**
 * Navbar indicator: online / offline, writes waiting to be sent, problems needing the user, and
 * the last sync time (in the title). Opens the sync panel.
 */
export function ConnectivityBadge() {
  const { t } = useLingui();
  const net = useSnapshot(network);
  const sync = useSnapshot(syncStatus);
  const problems = sync.conflicts + sync.dead + (sync.needsAuth ? 1 : 0);
  const settled = !sync.pending && !problems ? t`所有修改都已同步` : '';
  const last = sync.lastSyncedAt ? t`上次同步：${relativeTime(sync.lastSyncedAt)}` : '';
  const title = [net.online ? t`已连接服务器` : t`离线：修改保存在本机，联网后自动同步`, sync.pending ? t`待同步 ${sync.pending} 条` : settled, last].filter(Boolean).join(' · ');
  // Named by its content (what it shows, then the whole state for screen readers: WCAG 2.5.3 label
  // in name); the tooltip shows the whole state. Orange 700: white on it reads at 5.2:1 (600: 3.6).
  return (
    <IconTip label={title}>
      <Button variant="ghost" size="xs" px="1" onClick={() => openDrawer('sync')} data-testid="sync-indicator" data-leader={sync.leader} data-needs-auth={sync.needsAuth}>
        {net.online ? (
          <Badge colorPalette="green" variant="subtle" data-testid="connectivity" data-online="true">
            <Wifi size={12} aria-hidden />
            <Box as="span" srOnly={{ base: true, sm: false }}>
              <Trans>在线</Trans>
            </Box>
          </Badge>
        ) : (
          <Badge colorPalette="orange" variant="solid" bg="orange.700" data-testid="connectivity" data-online="false">
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
        <Box as="span" srOnly>
          {title}
        </Box>
      </Button>
    </IconTip>
  );
}
