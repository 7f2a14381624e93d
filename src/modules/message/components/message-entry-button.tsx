import { Badge, Box, Float, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Bell } from 'lucide-react';
import { openDrawer } from '@/components/shell-drawer-state';
import { IconTip } from '@/components/icon-tip';
import { badgeText, messageState, unreadTotal } from '../store';

/** The navbar entry of the message drawer (spec 2.4, 2.7) with the unread total (99+ at most; none at 0). */
export function MessageEntryButton() {
  const { t } = useLingui();
  const snap = useSnapshot(messageState);
  const total = unreadTotal(snap);
  const text = badgeText(total);
  return (
    <Box position="relative" display="inline-flex">
      <IconTip label={text ? t`消息（${total} 条未读）` : t`消息`}>
        <IconButton variant="ghost" size="sm" aria-label={text ? t`消息（${total} 条未读）` : t`消息`} onClick={() => openDrawer('message')} data-testid="message-entry">
          <Bell size={18} />
        </IconButton>
      </IconTip>
      {text ? (
        <Float placement="top-end" offsetX="2" offsetY="1.5" pointerEvents="none">
          <Badge size="xs" variant="solid" colorPalette="red" rounded="full" px="1" minW="4" justifyContent="center" data-testid="message-badge" aria-hidden>
            {text}
          </Badge>
        </Float>
      ) : null}
    </Box>
  );
}
