import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, HStack, Menu, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { ChevronDown, Ellipsis } from 'lucide-react';
import { MenuType, type MenuItem } from '@/contracts/menu';
import { MenuIcon } from '@/components/menu-icon';
import { flattenMenu, menuTarget } from '@/lib/menu-routes';
import { menuTitle } from '@/lib/menu-titles';
import { splitAt, topMenuCount } from '../top-menu-fit';

function useViewportWidth() {
  const [w, setW] = useState(() => window.innerWidth);
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}

function contains(item: MenuItem, pathname: string, token: string): boolean {
  const t = menuTarget(item, token);
  return (t.kind === 'route' && t.path === pathname) || (item.children ?? []).some((c) => contains(c, pathname, token));
}

const isDirectory = (item: MenuItem) => item.type === MenuType.DIRECTORY && (item.children?.length ?? 0) > 0;

/** One entry's look; whole labels (never cut), a bottom bar on the entry that holds the page. */
const entryStyle = (active: boolean) =>
  ({
    variant: 'ghost',
    size: 'sm',
    h: '14',
    rounded: '0',
    px: '3',
    flexShrink: 0,
    whiteSpace: 'nowrap',
    color: active ? 'brand.fg' : 'fg',
    borderWidth: '0',
    borderBottomWidth: '2px',
    borderBottomColor: active ? 'brand.solid' : 'transparent',
    fontWeight: active ? 'medium' : 'normal',
    // The bar clips what is outside it: the focus ring is drawn inside.
    focusVisibleRing: 'inside',
  }) as const;

/** An entry's content: icon, whole label, and a chevron for a directory. */
function EntryContent({ item }: { item: MenuItem }) {
  const { i18n } = useLingui();
  return (
    <>
      <MenuIcon name={item.icon} />
      {menuTitle(i18n, item)}
      {isDirectory(item) && <ChevronDown size={12} aria-hidden />}
    </>
  );
}

/** Opens a menu entry chosen in a dropdown: in-app navigation or a new browser tab. */
function useOpenEntry(token: string) {
  const navigate = useNavigate();
  return (item: MenuItem | undefined) => {
    if (!item) return;
    const t = menuTarget(item, token);
    if (t.kind === 'route') void navigate({ to: t.path });
    if (t.kind === 'external') window.open(t.href, '_blank', 'noopener,noreferrer');
  };
}

function Dropdown({ item, token }: { item: MenuItem; token: string }) {
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const open = useOpenEntry(token);
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }} onSelect={(d) => open(item.children.find((c) => c.id === d.value))}>
      <Menu.Trigger asChild>
        <Button {...entryStyle(contains(item, pathname, token))} data-testid="top-menu-entry" data-active={contains(item, pathname, token)}>
          <EntryContent item={item} />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {item.children.map((c) => (
              <Menu.Item key={c.id} value={c.id}>
                <MenuIcon name={c.icon} size={14} />
                {menuTitle(i18n, c)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function Entry({ item, token }: { item: MenuItem; token: string }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (isDirectory(item)) return <Dropdown item={item} token={token} />;
  const target = menuTarget(item, token);
  if (target.kind === 'none') return null;
  return (
    <Button asChild {...entryStyle(contains(item, pathname, token))} data-testid="top-menu-entry" data-active={contains(item, pathname, token)}>
      {target.kind === 'route' ? (
        <Link to={target.path}>
          <EntryContent item={item} />
        </Link>
      ) : (
        <a href={target.href} target="_blank" rel="noopener noreferrer">
          <EntryContent item={item} />
        </a>
      )}
    </Button>
  );
}

function MoreMenu({ overflow, token, children }: { overflow: readonly MenuItem[]; token: string; children: ReactNode }) {
  const { t, i18n } = useLingui();
  const open = useOpenEntry(token);
  const leaves = flattenMenu(overflow as MenuItem[]);
  const pages = overflow.filter((m) => !isDirectory(m));
  const dirs = overflow.filter(isDirectory);
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={(d) => {
        if (d.value !== '__all') open(leaves.find((c) => c.id === d.value));
      }}
    >
      <Menu.Trigger asChild>{children}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44" maxH="80vh" overflowY="auto" data-testid="top-menu-more-content">
            {pages.map((c) => (
              <Menu.Item key={c.id} value={c.id}>
                <MenuIcon name={c.icon} size={14} />
                {menuTitle(i18n, c)}
              </Menu.Item>
            ))}
            {dirs.map((dir) => (
              <Menu.ItemGroup key={dir.id}>
                <Menu.ItemGroupLabel display="flex" alignItems="center" gap="2">
                  <MenuIcon name={dir.icon} size={14} />
                  {menuTitle(i18n, dir)}
                </Menu.ItemGroupLabel>
                {flattenMenu([dir]).map((c) => (
                  <Menu.Item key={c.id} value={c.id} ps="6">
                    <MenuIcon name={c.icon} size={14} />
                    {menuTitle(i18n, c)}
                  </Menu.Item>
                ))}
              </Menu.ItemGroup>
            ))}
            <Menu.Separator />
            <Menu.Item value="__all" asChild>
              <Link to="/menuMore">{t`全部菜单`}</Link>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function MoreContent() {
  const { t } = useLingui();
  return (
    <>
      <Ellipsis size={14} aria-hidden />
      {t`更多`}
    </>
  );
}

/**
 * The functional layout's horizontal menu (spec 2.4): as many whole entries as the spec's rule and
 * the room beside the tools allow (see topMenuCount), the rest under 更多. The entries' widths are
 * measured on a hidden copy of the bar, again when the labels change (language, fonts loading).
 */
export function TopMenu({ menu, token }: { menu: readonly MenuItem[]; token: string }) {
  const { t } = useLingui();
  const viewport = useViewportWidth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const nav = useRef<HTMLElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<{ widths: number[]; more: number; available: number } | null>(null);

  const entries = menu.filter((m) => isDirectory(m) || menuTarget(m, token).kind !== 'none');

  const measure = useCallback(() => {
    if (!nav.current || !ruler.current) return;
    const els = [...ruler.current.children] as HTMLElement[];
    const widths = els.slice(0, -1).map((el) => Math.ceil(el.getBoundingClientRect().width));
    const more = Math.ceil(els[els.length - 1]?.getBoundingClientRect().width ?? 0);
    const available = Math.floor(nav.current.getBoundingClientRect().width);
    setRoom((r) => (r && r.more === more && r.available === available && r.widths.join() === widths.join() ? r : { widths, more, available }));
  }, []);
  // After each render (new menu, new language) and whenever the bar or the labels change size.
  useLayoutEffect(() => measure());
  useLayoutEffect(() => {
    const ro = new ResizeObserver(measure);
    ro.observe(nav.current!);
    ro.observe(ruler.current!);
    return () => ro.disconnect();
  }, [measure]);

  // Until measured (the first layout pass, before paint) nothing is shown but 更多.
  const count = room && room.widths.length === entries.length ? topMenuCount(room.widths, room.available, room.more, viewport) : 0;
  const { shown, overflow } = splitAt(entries, count);

  return (
    <Box
      as="nav"
      ref={nav}
      flex="1"
      minW="0"
      h="14"
      position="relative"
      overflow="hidden"
      aria-label={t`菜单`}
      data-testid="top-menu"
      data-shown={shown.length}
      data-overflow={overflow.length}
    >
      <HStack gap="0" h="full">
        {shown.map((item) => (
          <Entry key={item.id} item={item} token={token} />
        ))}
        {overflow.length > 0 && (
          <MoreMenu overflow={overflow} token={token}>
            <Button {...entryStyle(overflow.some((m) => contains(m, pathname, token)))} data-testid="top-menu-more" data-active={overflow.some((m) => contains(m, pathname, token))}>
              <MoreContent />
            </Button>
          </MoreMenu>
        )}
      </HStack>
      {/* The ruler: every entry with its whole label, and 更多, laid out but not shown (nor read, nor focusable). */}
      <HStack ref={ruler} gap="0" position="absolute" top="0" left="0" w="max-content" visibility="hidden" pointerEvents="none" aria-hidden inert>
        {entries.map((item) => (
          <Button key={item.id} {...entryStyle(false)} fontWeight="medium" tabIndex={-1}>
            <EntryContent item={item} />
          </Button>
        ))}
        <Button {...entryStyle(false)} fontWeight="medium" tabIndex={-1}>
          <MoreContent />
        </Button>
      </HStack>
    </Box>
  );
}
