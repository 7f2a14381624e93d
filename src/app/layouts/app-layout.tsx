import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Box, Flex, HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { PanelLeftClose, PanelLeftOpen, Settings as SettingsIcon } from 'lucide-react';
import type { MenuItem } from '@/contracts/menu';
import { PRODUCT_NAME, SIDEBAR_WIDTH_PX } from '@/contracts/limits';
import { BrandLogo } from '@/components/brand-logo';
import { IconTip } from '@/components/icon-tip';
import { OfflineNote } from '@/components/offline-note';
import { openDrawer } from '@/components/shell-drawer-state';
import type { LazyPage, ModuleDrawer } from '@/lib/module';
import { realtimeStatus } from '@/lib/realtime';
import { warmStatus } from '@/lib/sync/warm';
import { session } from '@/modules/auth/public';
import { Breadcrumbs } from '@/modules/shell/components/breadcrumbs';
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

/** The modules' top-bar entries, in their order; their drawers (each loaded when first wanted). */
const navbarEntries = modules.flatMap((m) => m.navbar ?? []).sort((a, b) => a.order - b.order);
const drawers = modules.flatMap((m) => m.drawers ?? []).map((d) => ({ ...d, Component: lazy(d.load) }));
/** Fetches the drawers' code once the shell has settled, so a drawer first opened offline opens; true once fetched. */
function useDrawerPrefetch(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const fetchAll = () => void Promise.all(drawers.map((d) => d.load())).then(() => setReady(true), () => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(fetchAll, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(fetchAll, 1000);
    return () => clearTimeout(id);
  }, []);
  return ready;
}

/** A module's drawer: mounted from the first time it is wanted (opened), then kept for its closing animation. */
function DrawerSlot({ drawer }: { drawer: ModuleDrawer & { Component: LazyPage } }) {
  const wanted = drawer.useWanted();
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  return mounted || wanted ? <drawer.Component /> : null;
}

/** Width of the icon-only sidebar (plain layout, collapsed classic). */
const ICON_SIDEBAR_PX = 64;

function Sidebar({ collapsed, mobile, onNavigate }: { collapsed: boolean; mobile: boolean; onNavigate?: () => void }) {
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
          <HomeLink collapsed={collapsed} color={s.slideClass === 'dark' ? 'white' : undefined} />
        </Flex>
      )}
      <SideMenu menu={(snap.menuList ?? []) as MenuItem[]} token={snap.token ?? ''} collapsed={collapsed} tone={s.slideClass} onNavigate={onNavigate} />
    </Box>
  );
}

/**
 * The logo, a link to the home page. Its name starts with the product name it shows (WCAG 2.5.3,
 * label in name); icon-only (collapsed sidebar) it has a tooltip.
 */
function HomeLink({ collapsed = false, color }: { collapsed?: boolean; color?: string }) {
  const { t } = useLingui();
  const link = (
    <Box asChild display="inline-flex" flexShrink={0} rounded="md" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}>
      <Link to="/" aria-label={`${PRODUCT_NAME} ${t`首页`}`} data-testid="home-logo">
        <BrandLogo size={7} color={color} showName={!collapsed} />
      </Link>
    </Box>
  );
  return collapsed ? (
    <IconTip label={t`首页`} placement="right">
      {link}
    </IconTip>
  ) : (
    link
  );
}

function Tools({ mobile, narrow }: { mobile: boolean; narrow: boolean }) {
  const { t } = useLingui();
  const s = useSnapshot(settings);
  return (
    <HStack gap="1" flexShrink={0}>
      {s.showSearch && <MenuSearch compact={mobile} narrow={narrow} />}
      {s.showLanguage && <LanguageSwitch />}
      {!mobile && <FullscreenToggle />}
      {navbarEntries.map(({ Entry }, i) => (
        <Entry key={i} mobile={mobile} />
      ))}
      <ConnectivityBadge />
      <IconTip label={t`系统设置`}>
        <IconButton variant="ghost" size="sm" aria-label={t`系统设置`} onClick={() => openDrawer('settings')} data-testid="settings-open">
          <SettingsIcon size={18} />
        </IconButton>
      </IconTip>
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
  const drawersReady = useDrawerPrefetch();
  useEffect(() => startSettings(), []);
  const started = useSnapshot(sessionService).state;
  const warm = useSnapshot(warmStatus).state;

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
          <IconTip label={t`展开/收起菜单`} placement="bottom-start">
            <IconButton variant="ghost" size="sm" aria-label={t`展开/收起菜单`} aria-expanded={a.sidebar.opened} _expanded={{ bg: 'transparent' }} _hover={{ bg: 'colorPalette.subtle' }} onClick={toggleSidebar} data-testid="sidebar-toggle">
              {a.sidebar.opened ? <PanelLeftClose size={18} /> : <PanelLeftOpen size={18} />}
            </IconButton>
          </IconTip>
        )}
        {layout === 'functional' ? (
          <>
            {s.sidebarLogo && <HomeLink />}
            <TopMenu menu={(snap.menuList ?? []) as MenuItem[]} token={snap.token ?? ''} />
          </>
        ) : (
          // The menu path of the page; on phones the bar has no room for it (the tab bar names the page).
          <Flex flex="1" minW="0" hideBelow="md">
            <Breadcrumbs />
          </Flex>
        )}
        {layout !== 'functional' && <Box flex="1" hideFrom="md" />}
        <Tools mobile={mobile} narrow={layout === 'functional'} />
      </HStack>
      {s.tagsView && <TagsView />}
    </Box>
  );

  return (
    <Flex minH="100dvh" bg="bg.subtle" data-testid="app-layout" data-layout={layout} data-device={a.device} data-realtime={realtime} data-session={started} data-warm={warm} data-drawers={drawersReady ? 'ready' : 'loading'}>
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
        {drawers.map((drawer, i) => (
          <DrawerSlot key={i} drawer={drawer} />
        ))}
      </Suspense>
    </Flex>
  );
}
