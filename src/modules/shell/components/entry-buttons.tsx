import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { MessagesSquare } from 'lucide-react';
import { openDrawer } from '@/components/shell-drawer-state';
import { IconTip } from '@/components/icon-tip';

/**
 * Navbar entry point of the chat drawer (spec 2.4, 2.7). The message drawer's entry, with its
 * unread badge, comes from the message module (composed in app-layout).
 */
export function DrawerEntryButtons() {
  const { t } = useLingui();
  return (
    <IconTip label={t`在线沟通`}>
      <IconButton variant="ghost" size="sm" aria-label={t`在线沟通`} onClick={() => openDrawer('chat')} data-testid="chat-entry" hideBelow="sm">
        <MessagesSquare size={18} />
      </IconButton>
    </IconTip>
  );
}
