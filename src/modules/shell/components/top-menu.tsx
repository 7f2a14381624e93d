import { useEffect, useState } from 'react';
import { Box, Button, HStack, Menu, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { ChevronDown, Ellipsis } from 'lucide-react';
import type { MenuItem } from '@/contracts/menu';
import { MenuIcon } from '@/components/menu-icon';
import { TOP_MENU_ITEM_WIDTH_PX } from '@/contracts/limits';
import { flattenMenu, menuTarget, splitTopMenu } from '@/lib/menu-routes';
import { menuTitle } from '@/lib/menu-titles';


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

const entryStyle = (active: boolean) =>
  ({
    variant: 'ghost',
    size: 'sm',
    h: '14',
    rounded: '0',
    px: '3',
    maxW: `${TOP_MENU_ITEM_WIDTH_PX}px`,
    color: active ? 'brand.fg' : 'fg',
    borderBottomWidth: '2px',
    borderColor: active ? 'brand.solid' : 'transparent',
    fontWeight: 'normal',
  }) as const;

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
        <Button {...entryStyle(contains(item, pathname, token))} data-testid="top-menu-entry">
          <MenuIcon name={item.icon} />
          <Box as="span" truncate>
            {menuTitle(i18n, item)}
          </Box>
          <ChevronDown size={12} aria-hidden />
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

/** The functional layout's horizontal menu (spec 2.4): what does not fit goes under 更多. */
export function TopMenu({ menu, token }: { menu: readonly MenuItem[]; token: string }) {
  const { t, i18n } = useLingui();
  const width = useViewportWidth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const open = useOpenEntry(token);
  const { shown, overflow } = splitTopMenu(menu, width);
  const overflowLeaves = flattenMenu(overflow as MenuItem[]);
  return (
    <HStack as="nav" gap="0" flex="1" minW="0" overflow="hidden" aria-label={t`菜单`} data-testid="top-menu">
      {shown.map((item) => {
        if (item.type === 1 && item.children?.length) return <Dropdown key={item.id} item={item} token={token} />;
        const target = menuTarget(item, token);
        if (target.kind === 'none') return null;
        return (
          <Button key={item.id} asChild {...entryStyle(contains(item, pathname, token))} data-testid="top-menu-entry">
            {target.kind === 'route' ? (
              <Link to={target.path}>
                <MenuIcon name={item.icon} />
                {menuTitle(i18n, item)}
              </Link>
            ) : (
              <a href={target.href} target="_blank" rel="noopener noreferrer">
                <MenuIcon name={item.icon} />
                {menuTitle(i18n, item)}
              </a>
            )}
          </Button>
        );
      })}
      {overflow.length > 0 && (
        <Menu.Root
          positioning={{ placement: 'bottom-start' }}
          onSelect={(d) => {
            if (d.value === '__all') return open(undefined);
            open(overflowLeaves.find((c) => c.id === d.value));
          }}
        >
          <Menu.Trigger asChild>
            <Button {...entryStyle(overflow.some((m) => contains(m, pathname, token)))} data-testid="top-menu-more">
              <Ellipsis size={14} />
              {t`更多`}
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="44" maxH="80vh" overflowY="auto">
                {overflow.map((dir) => (
                  <Menu.ItemGroup key={dir.id}>
                    <Menu.ItemGroupLabel>{menuTitle(i18n, dir)}</Menu.ItemGroupLabel>
                    {flattenMenu([dir as MenuItem]).map((c) => (
                      <Menu.Item key={c.id} value={c.id}>
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
      )}
    </HStack>
  );
}
