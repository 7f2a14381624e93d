import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Bell, MessagesSquare } from 'lucide-react';
import { shellUi } from '../shell-ui';
import { ShellDrawer } from './shell-drawer';

/**
 * The message and chat drawers. Their lists arrive with the messaging and chat modules; until
 * then the drawer says plainly that nothing is available yet (no invented content).
 */
export function EntryDrawers() {
  const { t } = useLingui();
  const ui = useSnapshot(shellUi);
  const kind = ui.drawer === 'message' || ui.drawer === 'chat' ? ui.drawer : null;
  return (
    <ShellDrawer name={['message', 'chat']} title={kind === 'chat' ? t`在线沟通` : t`消息`} testId={`${kind ?? 'entry'}-drawer`}>
      <Stack align="center" textAlign="center" gap="3" py="12" color="fg.muted">
        {kind === 'chat' ? <MessagesSquare size={36} aria-hidden /> : <Bell size={36} aria-hidden />}
        <Text fontWeight="medium" color="fg">
          {kind === 'chat' ? t`在线沟通尚未开通` : t`暂无消息`}
        </Text>
        <Text fontSize="sm">{kind === 'chat' ? t`同事之间的一对一沟通将在这里进行。` : t`公告和系统消息将在这里显示。`}</Text>
      </Stack>
    </ShellDrawer>
  );
}
