import { Badge, Box, Float, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { MessagesSquare } from 'lucide-react';
import { openDrawer } from '@/components/shell-drawer-state';
import { IconTip } from '@/components/icon-tip';
import { chatState, unreadTotal } from '../state';

/**
 * The navbar entry of the chat drawer (spec 2.4, 2.7). It blinks while any colleague has unread
 * messages for me (spec 4 Chat), with the count beside it; still for those who ask for reduced motion.
 */
export function ChatEntryButton() {
  const { t } = useLingui();
  const total = unreadTotal(useSnapshot(chatState).unread);
  const label = total ? t`在线沟通（${total} 条未读）` : t`在线沟通`;
  return (
    <Box position="relative" display="inline-flex">
      <IconTip label={label}>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={label}
          onClick={() => openDrawer('chat')}
          data-testid="chat-entry"
          data-blink={total ? 'true' : 'false'}
          color={total ? 'colorPalette.fg' : undefined}
          css={total ? { animation: 'yunmianChatBlink 1s steps(2, start) infinite', '@media (prefers-reduced-motion: reduce)': { animation: 'none' } } : undefined}
        >
          <MessagesSquare size={18} />
        </IconButton>
      </IconTip>
      {total ? (
        <Float placement="top-end" offsetX="2" offsetY="1.5" pointerEvents="none">
          <Badge size="xs" variant="solid" colorPalette="red" rounded="full" px="1" minW="4" justifyContent="center" data-testid="chat-badge" aria-hidden>
            {total > 99 ? '99+' : total}
          </Badge>
        </Float>
      ) : null}
      <style>{'@keyframes yunmianChatBlink { to { visibility: hidden; } }'}</style>
    </Box>
  );
}
