import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Box, chakra, Flex, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
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
import { IconTip } from '@/components/icon-tip';
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

  /** The tab buttons in order (the tab and its close button are siblings in one list item). */
  const tabButtons = () => [...(scroller.current?.querySelectorAll<HTMLElement>('[data-tab-button]') ?? [])];

  function onKeyDown(e: KeyboardEvent, tab: Tab, index: number) {
    const els = tabButtons();
    let next: number | null = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') next = (index + (e.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
    if (e.key === 'Home') next = 0;
    if (e.key === 'End') next = tabs.length - 1;
    if (next !== null) {
      e.preventDefault();
      els[next]?.focus();
    }
    if ((e.key === 'Delete' || e.key === 'Backspace') && !tab.affix) {
      e.preventDefault();
      // Focus stays in the tab bar: on the tab before the closed one.
      const neighbour = tabs[index - 1] ?? tabs[index + 1];
      close(tab);
      if (neighbour) requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-tab="${CSS.escape(neighbour.path)}"] [data-tab-button]`)?.focus());
    }
  }

  const scrollTo = (where: 'start' | 'end') => {
    const box = scroller.current;
    if (box) box.scrollTo({ left: where === 'start' ? 0 : box.scrollWidth, behavior: 'smooth' });
  };

  const current = menuFor;
  const others = current ? tabs.some((x) => !x.affix && x.path !== current.path) : false;
  const closable = tabs.some((x) => !x.affix);

  // One tab is in the page's tab order (the active one): arrows move between tabs.
  const tabStop = tabs.some((x) => x.path === active) ? active : tabs[0]?.path;

  return (
    <HStack as="nav" gap="0" h="9" bg="bg" borderBottomWidth="1px" px="1" data-testid="tags-view" aria-label={t`已打开的页面`}>
      <IconTip label={t`滚动到第一个标签`}>
        <IconButton size="xs" variant="ghost" aria-label={t`滚动到第一个标签`} onClick={() => scrollTo('start')} data-testid="tabs-scroll-start">
          <ChevronLeft size={14} />
        </IconButton>
      </IconTip>
      <Menu.Root
        onSelect={(d) => onContextAction(d.value)}
        onOpenChange={(d) => {
          if (!d.open) setMenuFor(null);
        }}
      >
        <Menu.ContextTrigger asChild>
          {/* A list of tabs; each item holds the tab (a button: Enter opens, arrows move, Delete closes,
              the context-menu key opens the menu) and, beside it, its close button. */}
          <Flex
            as="ul"
            ref={scroller}
            flex="1"
            minW="0"
            overflowX="auto"
            gap="1"
            py="1"
            px="0.5"
            scrollbarWidth="none"
            css={{ '&::-webkit-scrollbar': { display: 'none' } }}
          >
            {tabs.map((tab, i) => (
              <TabItem
                key={tab.path}
                tab={tab}
                title={titleOf(tab.path) ?? tab.path}
                icon={showIcons ? iconOf(tab.path) : null}
                active={tab.path === active}
                tabStop={tab.path === tabStop}
                onOpen={() => void navigate({ href: tab.href })}
                onClose={() => close(tab)}
                onKeyDown={(e) => onKeyDown(e, tab, i)}
                onContextMenu={() => setMenuFor(tab)}
              />
            ))}
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
      <IconTip label={t`滚动到最后一个标签`}>
        <IconButton size="xs" variant="ghost" aria-label={t`滚动到最后一个标签`} onClick={() => scrollTo('end')} data-testid="tabs-scroll-end">
          <ChevronRight size={14} />
        </IconButton>
      </IconTip>
    </HStack>
  );
}

interface TabItemProps {
  tab: Tab;
  title: string;
  icon: string | null;
  active: boolean;
  tabStop: boolean;
  onOpen: () => void;
  onClose: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
  onContextMenu: () => void;
}

/** One tab: the page's button and its close button, siblings in a list item (no control inside another). */
function TabItem({ tab, title, icon, active, tabStop, onOpen, onClose, onKeyDown, onContextMenu }: TabItemProps) {
  const { t } = useLingui();
  const iconOnly = tab.path === HOME_PATH && tab.affix;
  const button = (
    <chakra.button
      type="button"
      data-tab-button=""
      tabIndex={tabStop ? 0 : -1}
      aria-current={active ? 'page' : undefined}
      aria-label={iconOnly ? title : undefined}
      display="inline-flex"
      alignItems="center"
      gap="1"
      h="full"
      ps="2.5"
      pe={tab.affix ? '2.5' : '1'}
      outline="none"
      cursor="pointer"
      onClick={onOpen}
      onKeyDown={onKeyDown}
    >
      {active && !iconOnly && <Box w="1.5" h="1.5" rounded="full" bg="brand.contrast" aria-hidden />}
      {iconOnly ? <House size={13} aria-hidden /> : icon ? <MenuIcon name={icon} size={12} /> : null}
      {!iconOnly && (
        <Text as="span" whiteSpace="nowrap">
          {title}
        </Text>
      )}
    </chakra.button>
  );
  return (
    <HStack
      as="li"
      data-tab={tab.path}
      data-active={active}
      data-affix={tab.affix}
      gap="0"
      flexShrink={0}
      h="7"
      fontSize="xs"
      rounded="sm"
      borderWidth="1px"
      userSelect="none"
      bg={active ? 'brand.solid' : 'bg'}
      color={active ? 'brand.contrast' : 'fg.muted'}
      borderColor={active ? 'brand.solid' : 'border'}
      _hover={active ? undefined : { color: 'brand.fg' }}
      css={{ '&:has([data-tab-button]:focus-visible)': { outline: '2px solid', outlineColor: 'var(--chakra-colors-brand-focus-ring)', outlineOffset: '1px' } }}
      onContextMenu={onContextMenu}
      onMouseDown={(e: MouseEvent) => {
        if (e.button === 1) e.preventDefault(); // no autoscroll on middle-click
      }}
      onAuxClick={(e: MouseEvent) => {
        if (e.button === 1 && !tab.affix) {
          e.preventDefault();
          onClose();
        }
      }}
    >
      {iconOnly ? <IconTip label={title}>{button}</IconTip> : button}
      {!tab.affix && (
        <IconTip label={t`关闭`}>
          <chakra.button
            type="button"
            tabIndex={-1}
            aria-label={t`关闭 ${title}`}
            rounded="full"
            display="inline-flex"
            p="0.5"
            me="1.5"
            cursor="pointer"
            _hover={{ bg: active ? 'whiteAlpha.400' : 'bg.muted' }}
            onClick={onClose}
            data-testid="tab-close"
          >
            <X size={11} aria-hidden />
          </chakra.button>
        </IconTip>
      )}
    </HStack>
  );
}
