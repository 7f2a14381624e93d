import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { MessagesSquare } from 'lucide-react';
import { ShellDrawer } from '@/components/shell-drawer';

/**
 * The chat drawer. Its list arrives with the chat module; until then the drawer says plainly that
 * nothing is available yet (no invented content). The message drawer is the message module's.
 */
export function EntryDrawers() {
  const { t } = useLingui();
  return (
    <ShellDrawer name="chat" title={t`在线沟通`} testId="chat-drawer">
      <Stack align="center" textAlign="center" gap="3" py="12" color="fg.muted">
        <MessagesSquare size={36} aria-hidden />
        <Text fontWeight="medium" color="fg">
          {t`在线沟通尚未开通`}
        </Text>
        <Text fontSize="sm">{t`同事之间的一对一沟通将在这里进行。`}</Text>
      </Stack>
    </ShellDrawer>
  );
}
