import { useEffect, useId, useRef, useState } from 'react';
import { Box, Collapsible, HStack, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { ChevronDown, ExternalLink } from 'lucide-react';
import type { MenuItem } from '@/contracts/menu';
import { MenuIcon } from '@/components/menu-icon';
import { menuTarget } from '@/lib/menu-routes';
import { menuTitle } from '@/lib/menu-titles';
import { IconTip } from '@/components/icon-tip';
import type { SlideClass } from '../settings';

interface Props {
  menu: readonly MenuItem[];
  token: string;
  /** Icon-only (plain layout, or classic collapsed). */
  collapsed?: boolean;
  tone: SlideClass;
  onNavigate?: () => void;
}

/** Colours of the two slide classes of spec 3 (dark, lightWhite). */
export const slideTone = {
  dark: { bg: '#001529', fg: 'whiteAlpha.800', hoverFg: 'white', hoverBg: 'whiteAlpha.100', border: 'whiteAlpha.200' },
  lightWhite: { bg: 'bg', fg: 'fg.muted', hoverFg: 'brand.fg', hoverBg: 'brand.subtle', border: 'border' },
} as const;

function itemStyle(tone: SlideClass) {
  const c = slideTone[tone];
  return {
    px: '4',
    py: '2.5',
    gap: '3',
    fontSize: 'sm',
    color: c.fg,
    _hover: { color: c.hoverFg, bg: c.hoverBg },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' },
    rounded: 'md',
    mx: '2',
    cursor: 'pointer',
  } as const;
}

function isActive(item: MenuItem, pathname: string, token: string): boolean {
  const t = menuTarget(item, token);
  if (t.kind === 'route' && t.path === pathname) return true;
  return (item.children ?? []).some((c) => isActive(c, pathname, token));
}

function Entry({ item, token, onNavigate, depth, tone }: { item: MenuItem; token: string; onNavigate?: () => void; depth: number; tone: SlideClass }) {
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const target = menuTarget(item, token);
  const style = itemStyle(tone);
  const pad = `${16 + depth * 16}px`;
  const title = menuTitle(i18n, item);
  if (target.kind === 'external') {
    return (
      <HStack asChild {...style} ps={pad}>
        <a href={target.href} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
          <MenuIcon name={item.icon} />
          <Text flex="1" truncate>
            {title}
          </Text>
          <ExternalLink size={12} aria-hidden />
        </a>
      </HStack>
    );
  }
  if (target.kind !== 'route') return null;
  const active = pathname === target.path;
  return (
    <HStack asChild {...style} ps={pad} bg={active ? 'brand.solid' : undefined} color={active ? 'brand.contrast' : style.color}>
      <Link to={target.path} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
        <MenuIcon name={item.icon} />
        <Text flex="1" truncate>
          {title}
        </Text>
      </Link>
    </HStack>
  );
}

/** Icon-only entry: a tooltip for a page, a flyout menu for a directory. */
function IconEntry({ item, token, tone, onNavigate }: { item: MenuItem; token: string; tone: SlideClass; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const c = slideTone[tone];
  const title = menuTitle(i18n, item);
  const active = isActive(item, pathname, token);
  const triggerId = useId();
  const box = {
    w: '10',
    h: '10',
    mx: 'auto',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    rounded: 'md',
    color: active ? 'brand.contrast' : c.fg,
    bg: active ? 'brand.solid' : undefined,
    _hover: active ? undefined : { color: c.hoverFg, bg: c.hoverBg },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
    'aria-label': title,
  } as const;
  if (item.type === 1 && item.children?.length) {
    const open = (child: MenuItem) => {
      const t = menuTarget(child, token);
      if (t.kind === 'route') void navigate({ to: t.path });
      if (t.kind === 'external') window.open(t.href, '_blank', 'noopener');
      onNavigate?.();
    };
    return (
      <Menu.Root positioning={{ placement: 'right-start', gutter: 8 }} onSelect={(d) => open(item.children.find((x) => x.id === d.value)!)} ids={{ trigger: triggerId }}>
        <IconTip label={title} placement="right" triggerId={triggerId}>
          <Menu.Trigger asChild>
            <Box as="button" {...box} data-testid="icon-menu-dir" data-active={active}>
              <MenuIcon name={item.icon} size={18} />
            </Box>
          </Menu.Trigger>
        </IconTip>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="40">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{title}</Menu.ItemGroupLabel>
                {item.children.map((ch) => (
                  <Menu.Item key={ch.id} value={ch.id}>
                    <MenuIcon name={ch.icon} size={14} />
                    {menuTitle(i18n, ch)}
                  </Menu.Item>
                ))}
              </Menu.ItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    );
  }
  const target = menuTarget(item, token);
  if (target.kind === 'none') return null;
  return (
    <IconTip label={title} placement="right">
      {target.kind === 'route' ? (
        <Box asChild {...box}>
          <Link to={target.path} onClick={onNavigate} aria-current={pathname === target.path ? 'page' : undefined}>
            <MenuIcon name={item.icon} size={18} />
          </Link>
        </Box>
      ) : (
        <Box asChild {...box}>
          <a href={target.href} target="_blank" rel="noopener noreferrer">
            <MenuIcon name={item.icon} size={18} />
          </a>
        </Box>
      )}
    </IconTip>
  );
}

/** Sidebar menu: directories collapse and keep one submenu open at a time (spec 2.4); icon-only when collapsed. */
export function SideMenu({ menu, token, onNavigate, collapsed, tone }: Props) {
  const { i18n, t } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const containing = menu.find((m) => m.type === 1 && isActive(m, pathname, token))?.id ?? null;
  const [open, setOpen] = useState<string | null>(containing ?? menu.find((m) => m.type === 1)?.id ?? null);
  // The menu follows the page: whenever the page changes (a tab, the menu search, a link, back or
  // forward), the group holding it opens (one open at a time) and the entry scrolls into view.
  const [followed, setFollowed] = useState(pathname);
  if (followed !== pathname) {
    setFollowed(pathname);
    if (containing) setOpen(containing);
  }
  const nav = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (collapsed) return;
    // After the group's opening animation has laid the entry out.
    const id = setTimeout(() => nav.current?.querySelector('[aria-current=page]')?.scrollIntoView({ block: 'nearest' }), 250);
    return () => clearTimeout(id);
  }, [pathname, collapsed]);
  const style = itemStyle(tone);
  if (collapsed) {
    return (
      <Stack as="nav" gap="1" py="2" aria-label={t`菜单`} data-testid="side-menu" data-collapsed="true">
        {menu.map((item) => (
          <IconEntry key={item.id} item={item} token={token} tone={tone} onNavigate={onNavigate} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack as="nav" ref={nav} gap="0.5" py="2" aria-label={t`菜单`} data-testid="side-menu" data-collapsed="false">
      {menu.map((item) =>
        item.type === 1 && item.children?.length ? (
          <Collapsible.Root key={item.id} open={open === item.id} onOpenChange={(e) => setOpen(e.open ? item.id : null)}>
            <Collapsible.Trigger asChild>
              <HStack
                as="button"
                {...style}
                w="calc(100% - 16px)"
                textAlign="left"
                aria-expanded={open === item.id}
                data-testid="side-menu-group"
                data-active={containing === item.id}
                {...(containing === item.id ? { color: slideTone[tone].hoverFg, fontWeight: 'medium' } : {})}
              >
                <MenuIcon name={item.icon} />
                <Text flex="1" truncate>
                  {menuTitle(i18n, item)}
                </Text>
                <Box transform={open === item.id ? 'rotate(180deg)' : undefined} transition="transform 0.2s">
                  <ChevronDown size={14} aria-hidden />
                </Box>
              </HStack>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Stack gap="0.5" mt="0.5">
                {item.children.map((c) => (
                  <Entry key={c.id} item={c} token={token} onNavigate={onNavigate} depth={1} tone={tone} />
                ))}
              </Stack>
            </Collapsible.Content>
          </Collapsible.Root>
        ) : (
          <Entry key={item.id} item={item} token={token} onNavigate={onNavigate} depth={0} tone={tone} />
        ),
      )}
    </Stack>
  );
}
