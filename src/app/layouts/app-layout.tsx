import { Suspense, useEffect, type ReactNode } from 'react';
import { Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { PanelLeftClose, PanelLeftOpen, Settings as SettingsIcon } from 'lucide-react';
import type { MenuItem } from '@/contracts/menu';
import { SIDEBAR_WIDTH_PX } from '@/contracts/limits';
import { BrandLogo } from '@/components/brand-logo';
import { OfflineNote } from '@/components/offline-note';
import { openDrawer } from '@/components/shell-drawer-state';
import { realtimeStatus } from '@/lib/realtime';
import { session } from '@/modules/auth/public';
import { ConnectivityBadge } from '@/modules/shell/components/connectivity-badge';
import { FullscreenToggle } from '@/modules/shell/components/fullscreen-toggle';
import { LanguageSwitch } from '@/modules/shell/components/language-switch';
import { MenuSearch } from '@/modules/shell/components/menu-search';
import { usePreviousLoginNotice } from '@/modules/shell/components/previous-login-notice';
import { SideMenu, slideTone } from '@/modules/shell/components/side-menu';
import { TagsView } from '@/modules/shell/components/tags-view';
import { TopMenu } from '@/modules/shell/components/top-menu';
import { UserMenu } from '@/modules/shell/components/user-menu';
import { useDeviceWatch } from '@/modules/shell/device';
import { app, closeSidebar, settings, startSettings, toggleSidebar } from '@/modules/shell/settings';
import { modules } from '../modules';
import { sessionService } from '../session-service';

/** The modules' top-bar entries, in their order; their drawers (loaded after the shell has painted, mounted closed). */
const navbarEntries = modules.flatMap((m) => m.navbar ?? []).sort((a, b) => a.order - b.order);
const drawers = modules.flatMap((m) => m.drawers ?? []);

/** Width of the icon-only sidebar (plain layout, collapsed classic). */
const ICON_SIDEBAR_PX = 64;

function Sidebar({ collapsed, mobile, onNavigate }: { collapsed: boolean; mobile: boolean; onNavigate?: () => void }) {
  const { t } = useLingui();
  const snap = useSnapshot(session);
  const s = useSnapshot(settings);
  const a = useSnapshot(app);
  const tone = slideTone[s.slideClass];
  const width = collapsed ? ICON_SIDEBAR_PX : SIDEBAR_WIDTH_PX;
  return (
    <Box
      as="aside"
      w={`${width}px`}
      flexShrink={0}
      bg={tone.bg}
      color={tone.fg}
      borderRightWidth={s.slideClass === 'lightWhite' ? '1px' : undefined}
      h="100dvh"
      overflowY="auto"
      overflowX="hidden"
      position={mobile ? 'fixed' : 'sticky'}
      top="0"
      left="0"
      zIndex={mobile ? 'modal' : 'docked'}
      transition={a.sidebar.withoutAnimation ? 'none' : 'width 0.28s'}
      data-testid="sidebar"
      data-collapsed={collapsed}
      data-slide={s.slideClass}
    >
      {s.sidebarLogo && (
        <Flex h="14" align="center" justify={collapsed ? 'center' : 'flex-start'} px={collapsed ? '0' : '4'} borderBottomWidth="1px" borderColor={tone.border}>
          <Link to="/" aria-label={t`首页`}>
            <BrandLogo size={7} color={s.slideClass === 'dark' ? 'white' : undefined} showName={!collapsed} />
          </Link>
        </Flex>
      )}
      <SideMenu menu={(snap.menuList ?? []) as MenuItem[]} token={snap.token ?? ''} collapsed={collapsed} tone={s.slideClass} onNavigate={onNavigate} />
    </Box>
  );
}

function Tools({ mobile }: { mobile: boolean }) {
  const { t } = useLingui();
  const s = useSnapshot(settings);
  return (
    <HStack gap="1" flexShrink={0}>
      {s.showSearch && <MenuSearch compact={mobile} />}
      {s.showLanguage && <LanguageSwitch />}
      {!mobile && <FullscreenToggle />}
      {navbarEntries.map(({ Entry }, i) => (
        <Entry key={i} mobile={mobile} />
      ))}
      <ConnectivityBadge />
      <IconButton variant="ghost" size="sm" aria-label={t`系统设置`} onClick={() => openDrawer('settings')} data-testid="settings-open">
        <SettingsIcon size={18} />
      </IconButton>
      <UserMenu />
    </HStack>
  );
}

/** The signed-in shell (spec 2.4): classic, functional or plain layout, top bar, tabs, content. */
export function AppLayout() {
  const { t } = useLingui();
  const snap = useSnapshot(session);
  const s = useSnapshot(settings);
  const a = useSnapshot(app);
  const realtime = useSnapshot(realtimeStatus).state;
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  usePreviousLoginNotice();
  useDeviceWatch();
  useEffect(() => startSettings(), []);
  const started = useSnapshot(sessionService).state;

  const mobile = a.device === 'mobile';
  // On mobile the sidebar closes on each route change (spec 4 Device).
  useEffect(() => {
    if (app.device === 'mobile' && app.sidebar.opened) closeSidebar(false, false);
  }, [pathname]);

  const layout = mobile ? 'classic' : s.layoutType;
  const hasToggle = mobile || layout === 'classic';
  let sidebar: ReactNode = null;
  if (mobile) sidebar = a.sidebar.opened ? <Sidebar collapsed={false} mobile onNavigate={() => closeSidebar(false, false)} /> : null;
  else if (layout === 'classic') sidebar = <Sidebar collapsed={!a.sidebar.opened} mobile={false} />;
  else if (layout === 'plain') sidebar = <Sidebar collapsed mobile={false} />;

  const header = (
    <Box position={s.fixedHeader ? 'sticky' : 'relative'} top="0" zIndex="sticky" data-testid="app-header" data-fixed={s.fixedHeader}>
      <HStack as="header" h="14" px={{ base: '2', md: '3' }} gap="2" bg="bg" borderBottomWidth="1px" position="relative">
        {hasToggle && (
          <IconButton variant="ghost" size="sm" aria-label={t`展开/收起菜单`} aria-expanded={a.sidebar.opened} onClick={toggleSidebar} data-testid="sidebar-toggle">
            {a.sidebar.opened ? <PanelLeftClose size={18} /> : <PanelLeftOpen size={18} />}
          </IconButton>
        )}
        {layout === 'functional' ? (
          <>
            {s.sidebarLogo && (
              <Link to="/" aria-label={t`首页`}>
                <BrandLogo size={7} />
              </Link>
            )}
            <TopMenu menu={(snap.menuList ?? []) as MenuItem[]} token={snap.token ?? ''} />
          </>
        ) : (
          <Text fontWeight="medium" truncate flex="1" fontSize="sm" color="fg.muted" hideBelow="sm">
            {snap.userInfo?.organizeName}
          </Text>
        )}
        {layout !== 'functional' && <Box flex="1" hideFrom="sm" />}
        <Tools mobile={mobile} />
      </HStack>
      {s.tagsView && <TagsView />}
    </Box>
  );

  return (
    <Flex minH="100dvh" bg="bg.subtle" data-testid="app-layout" data-layout={layout} data-device={a.device} data-realtime={realtime} data-session={started}>
      {sidebar}
      {mobile && a.sidebar.opened && (
        <Box position="fixed" inset="0" bg="blackAlpha.500" zIndex="overlay" onClick={() => closeSidebar(false, false)} data-testid="sidebar-backdrop" aria-hidden />
      )}
      <Flex direction="column" flex="1" minW="0">
        {header}
        <Box as="main" flex="1" p={{ base: '3', md: '5' }} minW="0">
          <OfflineNote where="shell" cached={snap.fromCache} />
          <Outlet />
        </Box>
      </Flex>
      <Suspense fallback={null}>
        {drawers.map((Drawer, i) => (
          <Drawer key={i} />
        ))}
      </Suspense>
    </Flex>
  );
}
