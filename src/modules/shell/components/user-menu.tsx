import { useId, useRef } from 'react';
import { Avatar, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Lock, LogOut, User } from 'lucide-react';
import { confirm } from '@/components/confirm';
import { IconTip } from '@/components/icon-tip';
import { lock, logout, session } from '@/modules/auth/public';
import { clearTabs } from '../tabs';
import { stopSync, syncStatus } from '@/lib/sync/engine';
import { avatarUrl } from '@/lib/avatar';

/** User dropdown: profile, lock screen, log out with the spec's confirmation. */
export function UserMenu() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const user = snap.userInfo;
  // The chosen action runs once the menu has closed and given focus back, so a dialog it opens
  // does not fight the menu over focus.
  const chosen = useRef<string | null>(null);
  const triggerId = useId();

  async function onSelect(value: string) {
    if (value === 'profile') await navigate({ to: '/profile' });
    if (value === 'lock') {
      lock();
      await navigate({ to: '/lockScreen' });
    }
    if (value === 'logout') {
      const unsynced = syncStatus.pending + syncStatus.conflicts + syncStatus.dead;
      // Unsynced writes stay on this device for this account; signing out never deletes them.
      const ok = unsynced
        ? await confirm(t`尚有未同步的修改`, t`还有 ${unsynced} 条修改未同步到服务器。它们会保存在本机，您下次在这台设备上登录后继续同步。建议先联网等待同步完成。`, {
            okText: t`仍然退出`,
            cancelText: t`等待同步`,
          })
        : await confirm(t`提示`, t`您确定要退出应用程序吗?`);
      if (!ok) return;
      // Logout also clears all open tabs (spec 4 Session).
      clearTabs(session.userInfo?.userId ?? null);
      await logout();
      stopSync();
      await navigate({ to: '/login', replace: true });
    }
  }

  return (
    <Menu.Root
      onSelect={(d) => (chosen.current = d.value)}
      onExitComplete={() => {
        const value = chosen.current;
        chosen.current = null;
        if (value) void onSelect(value);
      }}
      positioning={{ placement: 'bottom-end' }}
      ids={{ trigger: triggerId }}
    >
      {/* Named by the user's name it shows (on phones read out only): WCAG 2.5.3 label in name. The
          avatar is decoration beside the name. */}
      <IconTip label={t`用户菜单`} placement="bottom-end" triggerId={triggerId}>
        <Menu.Trigger asChild>
          <HStack
            as="button"
            gap="2"
            px="2"
            py="1"
            rounded="md"
            _hover={{ bg: 'bg.muted' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
            data-testid="user-menu"
          >
            <Avatar.Root size="xs" aria-hidden>
              <Avatar.Fallback name={user?.userName} />
              {user?.headIcon && <Avatar.Image src={avatarUrl(user.headIcon)} alt="" />}
            </Avatar.Root>
            <Text as="span" fontSize="sm" srOnly={{ base: true, sm: false }} data-testid="user-menu-name">
              {user?.userName || t`用户菜单`}
            </Text>
          </HStack>
        </Menu.Trigger>
      </IconTip>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {user?.organizeName && (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel fontWeight="normal" color="fg.muted" maxW="56" truncate data-testid="user-menu-organize">
                  {user.organizeName}
                </Menu.ItemGroupLabel>
              </Menu.ItemGroup>
            )}
            <Menu.Item value="profile">
              <User size={14} />
              <Trans>个人信息</Trans>
            </Menu.Item>
            <Menu.Item value="lock">
              <Lock size={14} />
              <Trans>锁定屏幕</Trans>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error">
              <LogOut size={14} />
              <Trans>退出登录</Trans>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
