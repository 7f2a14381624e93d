import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Box, Flex, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { ChevronLeft, ChevronRight, House, X } from 'lucide-react';
import { TAB_CONTEXT_MENU_WIDTH_PX, TAB_SCROLL_PADDING_PX } from '@/contracts/limits';
import type { MenuItem } from '@/contracts/menu';
import { session } from '@/modules/auth/public';
import { resolvePageTitle } from '../page-titles';
import { matchMenuRoute, type MenuRoute } from '@/lib/menu-routes';
import { MenuIcon } from '@/components/menu-icon';
import { settings } from '../settings';
import { addTab, closeAll, closeOthers, closeTab, HOME_PATH, loadTabs, redirectPath, tabPath, tabsState, type AfterClose, type Tab } from '../tabs';

const CONTEXT_MENU_WIDTH = `${TAB_CONTEXT_MENU_WIDTH_PX}px`;

type RoutesByPath = Parameters<typeof resolvePageTitle>[2];

/** Titles of shell pages in the current language; null for a path that is not a shell page. */
export function useShellPageTitle() {
  const { i18n } = useLingui();
  const router = useRouter();
  const snap = useSnapshot(session);
  return useMemo(() => {
    const byPath = router.routesByPath as unknown as RoutesByPath & Record<string, { parentRoute?: { options?: { id?: string } } } | undefined>;
    // Only pages inside the shell (children of the layout route) can be tabs.
    const shellOnly = Object.fromEntries(Object.entries(byPath).filter(([, r]) => r?.parentRoute?.options?.id === 'layout')) as RoutesByPath;
    return (path: string) =>
      path.startsWith('/redirect') ? null : resolvePageTitle(i18n, path, shellOnly, snap.routes as never, (snap.menuList ?? []) as MenuItem[]);
    // i18n.locale: titles follow a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the i18n object changes in place: its locale re-runs the memo on a language switch
  }, [router, i18n, i18n.locale, snap.routes, snap.menuList]);
}

/** Icons of the fixed shell pages; menu pages use their menu icon. */
const fixedIcons: Record<string, string> = { '/home': 'home', '/profile': 'user', '/menuMore': 'layout-dashboard' };

function useTabIcon() {
  const routes = useSnapshot(session).routes;
  return (path: string) => {
    const pathname = path.split('?')[0] ?? path;
    return fixedIcons[pathname] ?? matchMenuRoute(routes as MenuRoute[], pathname)?.icon ?? null;
  };
}

/** Tab bar of visited pages (spec 2.4): kept across reloads, right-click menu, middle-click closes. */
export function TagsView() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const tabs = useSnapshot(tabsState).tabs;
  const userId = useSnapshot(session).userInfo?.userId;
  const showIcons = useSnapshot(settings).tagsIcon;
  const location = useRouterState({ select: (s) => s.location });
  const here = `${location.pathname}${location.searchStr ?? ''}`;
  // The active tab: this page, whatever its list query (page, keyword, filters).
  const active = tabPath(here);
  const titleOf = useShellPageTitle();
  const iconOf = useTabIcon();
  const scroller = useRef<HTMLDivElement>(null);
  const [menuFor, setMenuFor] = useState<Tab | null>(null);

  useEffect(() => {
    if (userId) loadTabs(userId, (p) => titleOf(p) !== null);
  }, [userId, titleOf]);

  // Each visited shell page becomes a tab (one per route + params), which follows its list query.
  useEffect(() => {
    if (!userId || tabsState.userId !== userId) return;
    if (titleOf(here) !== null) tabsState.tabs = addTab(tabsState.tabs, here);
  }, [here, titleOf, userId]);

  // The active tab scrolls into view, with the spec's 4 px padding.
  useEffect(() => {
    const box = scroller.current;
    const el = box?.querySelector<HTMLElement>('[data-active="true"]');
    if (!box || !el) return;
    if (el.offsetLeft < box.scrollLeft) box.scrollLeft = el.offsetLeft - TAB_SCROLL_PADDING_PX;
    else if (el.offsetLeft + el.offsetWidth > box.scrollLeft + box.clientWidth) box.scrollLeft = el.offsetLeft + el.offsetWidth - box.clientWidth + TAB_SCROLL_PADDING_PX;
  }, [active, tabs.length]);

  function follow(after: AfterClose) {
    if (!after) return;
    if ('to' in after) void navigate({ href: after.to });
    else void navigate({ href: redirectPath(after.refresh), replace: true });
  }
  function apply(r: { tabs: Tab[]; after: AfterClose }) {
    tabsState.tabs = r.tabs;
    follow(r.after);
  }
  const close = (tab: Tab) => apply(closeTab(tabsState.tabs, tab.path, active));
  const refresh = (tab: Tab) => {
    if (tab.path === active) void navigate({ href: redirectPath(here), replace: true });
    else void navigate({ href: tab.href });
  };

  function onContextAction(value: string) {
    const tab = menuFor;
    if (!tab) return;
    if (value === 'refresh') refresh(tab);
    if (value === 'close') close(tab);
    if (value === 'others') apply(closeOthers(tabsState.tabs, tab.path, active));
    if (value === 'all') apply(closeAll(tabsState.tabs, active));
  }

  function onKeyDown(e: KeyboardEvent, tab: Tab, index: number) {
    const els = scroller.current?.querySelectorAll<HTMLElement>('[data-tab]');
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      const next = (index + (e.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
      els?.[next]?.focus();
    }
    if ((e.key === 'Delete' || e.key === 'Backspace') && !tab.affix) {
      e.preventDefault();
      close(tab);
    }
  }

  const scrollTo = (where: 'start' | 'end') => {
    const box = scroller.current;
    if (box) box.scrollTo({ left: where === 'start' ? 0 : box.scrollWidth, behavior: 'smooth' });
  };

  const current = menuFor;
  const others = current ? tabs.some((x) => !x.affix && x.path !== current.path) : false;
  const closable = tabs.some((x) => !x.affix);

  return (
    <HStack gap="0" h="9" bg="bg" borderBottomWidth="1px" px="1" data-testid="tags-view" role="navigation" aria-label={t`已打开的页面`}>
      <IconButton size="xs" variant="ghost" aria-label={t`滚动到第一个标签`} onClick={() => scrollTo('start')} data-testid="tabs-scroll-start">
        <ChevronLeft size={14} />
      </IconButton>
      <Menu.Root
        onSelect={(d) => onContextAction(d.value)}
        onOpenChange={(d) => {
          if (!d.open) setMenuFor(null);
        }}
      >
        <Menu.ContextTrigger asChild>
          <Flex
            ref={scroller}
            flex="1"
            minW="0"
            overflowX="auto"
            gap="1"
            py="1"
            scrollbarWidth="none"
            css={{ '&::-webkit-scrollbar': { display: 'none' } }}
            role="tablist"
            aria-label={t`已打开的页面`}
          >
            {tabs.map((tab, i) => {
              const isActive = tab.path === active;
              const title = titleOf(tab.path) ?? tab.path;
              const iconOnly = tab.path === HOME_PATH && tab.affix;
              return (
                <HStack
                  key={tab.path}
                  as="div"
                  role="tab"
                  tabIndex={isActive ? 0 : -1}
                  aria-selected={isActive}
                  aria-label={title}
                  title={title}
                  data-tab={tab.path}
                  data-active={isActive}
                  data-affix={tab.affix}
                  gap="1"
                  flexShrink={0}
                  h="7"
                  px="2.5"
                  fontSize="xs"
                  rounded="sm"
                  borderWidth="1px"
                  cursor="pointer"
                  userSelect="none"
                  bg={isActive ? 'brand.solid' : 'bg'}
                  color={isActive ? 'brand.contrast' : 'fg.muted'}
                  borderColor={isActive ? 'brand.solid' : 'border'}
                  _hover={isActive ? undefined : { color: 'brand.fg' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
                  onClick={() => void navigate({ href: tab.href })}
                  onKeyDown={(e: KeyboardEvent) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      void navigate({ href: tab.href });
                    } else onKeyDown(e, tab, i);
                  }}
                  onContextMenu={() => setMenuFor(tab)}
                  onMouseDown={(e: MouseEvent) => {
                    if (e.button === 1) e.preventDefault(); // no autoscroll on middle-click
                  }}
                  onAuxClick={(e: MouseEvent) => {
                    if (e.button === 1 && !tab.affix) {
                      e.preventDefault();
                      close(tab);
                    }
                  }}
                >
                  {isActive && !iconOnly && <Box w="1.5" h="1.5" rounded="full" bg="brand.contrast" aria-hidden />}
                  {iconOnly ? <House size={13} aria-hidden /> : showIcons && iconOf(tab.path) ? <MenuIcon name={iconOf(tab.path)!} size={12} /> : null}
                  {!iconOnly && <Text whiteSpace="nowrap">{title}</Text>}
                  {!tab.affix && (
                    <Box
                      as="button"
                      tabIndex={-1}
                      aria-label={t`关闭`}
                      rounded="full"
                      display="inline-flex"
                      p="0.5"
                      _hover={{ bg: isActive ? 'whiteAlpha.400' : 'bg.muted' }}
                      onClick={(e: MouseEvent) => {
                        e.stopPropagation();
                        close(tab);
                      }}
                      data-testid="tab-close"
                    >
                      <X size={11} />
                    </Box>
                  )}
                </HStack>
              );
            })}
          </Flex>
        </Menu.ContextTrigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content w={CONTEXT_MENU_WIDTH} minW={CONTEXT_MENU_WIDTH} data-testid="tab-context-menu">
              <Menu.Item value="refresh">{t`刷新`}</Menu.Item>
              {current && !current.affix && <Menu.Item value="close">{t`关闭`}</Menu.Item>}
              <Menu.Item value="others" disabled={!others}>
                {t`关闭其他`}
              </Menu.Item>
              <Menu.Item value="all" disabled={!closable}>
                {t`关闭所有`}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <IconButton size="xs" variant="ghost" aria-label={t`滚动到最后一个标签`} onClick={() => scrollTo('end')} data-testid="tabs-scroll-end">
        <ChevronRight size={14} />
      </IconButton>
    </HStack>
  );
}
