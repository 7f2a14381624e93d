import { Badge } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Wifi, WifiOff } from 'lucide-react';
import { network } from '@/lib/network';

export function ConnectivityBadge() {
  const net = useSnapshot(network);
  return net.online ? (
    <Badge colorPalette="green" variant="subtle" data-testid="connectivity" data-online="true">
      <Wifi size={12} aria-hidden />
      <Trans>在线</Trans>
    </Badge>
  ) : (
    <Badge colorPalette="orange" variant="solid" data-testid="connectivity" data-online="false">
      <WifiOff size={12} aria-hidden />
      <Trans>离线</Trans>
    </Badge>
  );
}
