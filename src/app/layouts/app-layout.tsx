import { useEffect, useState } from 'react';
import { Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Menu as MenuIcon } from 'lucide-react';
import type { MenuItem } from '@/contracts/menu';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_WIDTH_PX } from '@/contracts/limits';
import { BrandLogo } from '@/components/brand-logo';
import { OfflineNote } from '@/components/offline-note';
import { session } from '@/modules/auth/store';
import { ConnectivityBadge } from '@/modules/shell/components/connectivity-badge';
import { usePreviousLoginNotice } from '@/modules/shell/components/previous-login-notice';
import { SideMenu } from '@/modules/shell/components/side-menu';
import { UserMenu } from '@/modules/shell/components/user-menu';

function useIsMobile() {
  const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
  const [mobile, setMobile] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const on = () => setMobile(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, [query]);
  return mobile;
}

/** The signed-in shell: sidebar with the server's menu, top bar, content. */
export function AppLayout() {
  const { t } = useLingui();
  const snap = useSnapshot(session);
  const mobile = useIsMobile();
  const [open, setOpen] = useState(!mobile);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  usePreviousLoginNotice();

  useEffect(() => {
    if (mobile) setOpen(false);
  }, [pathname, mobile]);

  const sidebar = (
    <Box
      as="aside"
      w={`${SIDEBAR_WIDTH_PX}px`}
      flexShrink={0}
      bg="gray.900"
      color="white"
      h="100dvh"
      overflowY="auto"
      position={mobile ? 'fixed' : 'sticky'}
      top="0"
      left="0"
      zIndex={mobile ? 'overlay' : undefined}
      data-testid="sidebar"
    >
      <Box px="4" py="4" borderBottomWidth="1px" borderColor="whiteAlpha.200">
        <Link to="/" aria-label={t`首页`}>
          <BrandLogo size={7} color="white" />
        </Link>
      </Box>
      <SideMenu menu={(snap.menuList ?? []) as MenuItem[]} token={snap.token ?? ''} onNavigate={mobile ? () => setOpen(false) : undefined} />
    </Box>
  );

  return (
    <Flex minH="100dvh" bg="bg.subtle">
      {open && sidebar}
      {open && mobile && <Box position="fixed" inset="0" bg="blackAlpha.500" zIndex="docked" onClick={() => setOpen(false)} data-testid="sidebar-backdrop" />}
      <Flex direction="column" flex="1" minW="0">
        <HStack as="header" h="14" px="3" gap="2" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
          <IconButton variant="ghost" size="sm" aria-label={t`展开/收起菜单`} onClick={() => setOpen((o) => !o)} data-testid="sidebar-toggle">
            <MenuIcon size={18} />
          </IconButton>
          <Text fontWeight="medium" truncate flex="1">
            {snap.userInfo?.organizeName}
          </Text>
          <ConnectivityBadge />
          <UserMenu />
        </HStack>
        <Box as="main" flex="1" p={{ base: '3', md: '5' }} minW="0">
          <OfflineNote cached={snap.fromCache} />
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
