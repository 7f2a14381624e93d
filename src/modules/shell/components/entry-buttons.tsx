import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Bell, MessagesSquare } from 'lucide-react';
import { openDrawer } from '../shell-ui';

/** Navbar entry points of the message drawer and the chat drawer (spec 2.4, 2.7). */
export function DrawerEntryButtons() {
  const { t } = useLingui();
  return (
    <>
      <IconButton variant="ghost" size="sm" aria-label={t`消息`} onClick={() => openDrawer('message')} data-testid="message-entry">
        <Bell size={18} />
      </IconButton>
      <IconButton variant="ghost" size="sm" aria-label={t`在线沟通`} onClick={() => openDrawer('chat')} data-testid="chat-entry" hideBelow="sm">
        <MessagesSquare size={18} />
      </IconButton>
    </>
  );
}

