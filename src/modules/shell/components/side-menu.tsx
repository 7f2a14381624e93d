import { useState } from 'react';
import { Box, Collapsible, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, useRouterState } from '@tanstack/react-router';
import { ChevronDown, ExternalLink } from 'lucide-react';
import type { MenuItem } from '@/contracts/menu';
import { MenuIcon } from '@/components/menu-icon';
import { menuTarget } from '../menu-routes';

interface Props {
  menu: readonly MenuItem[];
  token: string;
  onNavigate?: () => void;
}

const itemStyle = {
  px: '4',
  py: '2.5',
  gap: '3',
  fontSize: 'sm',
  color: 'whiteAlpha.800',
  _hover: { color: 'white', bg: 'whiteAlpha.100' },
  rounded: 'md',
  mx: '2',
  cursor: 'pointer',
} as const;

function Entry({ item, token, onNavigate, depth }: { item: MenuItem; token: string; onNavigate?: () => void; depth: number }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const target = menuTarget(item, token);
  const pad = `${16 + depth * 16}px`;
  if (target.kind === 'external') {
    return (
      <HStack asChild {...itemStyle} ps={pad}>
        <a href={target.href} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
          <MenuIcon name={item.icon} />
          <Text flex="1" truncate>
            {item.fullName}
          </Text>
          <ExternalLink size={12} aria-hidden />
        </a>
      </HStack>
    );
  }
  if (target.kind !== 'route') return null;
  const active = pathname === target.path;
  return (
    <HStack asChild {...itemStyle} ps={pad} bg={active ? 'brand.solid' : undefined} color={active ? 'white' : itemStyle.color}>
      <Link to={target.path} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
        <MenuIcon name={item.icon} />
        <Text flex="1" truncate>
          {item.fullName}
        </Text>
      </Link>
    </HStack>
  );
}

/** Sidebar menu: directories collapse and keep one submenu open at a time (spec 2.4). */
export function SideMenu({ menu, token, onNavigate }: Props) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const containing = menu.find((m) => m.children?.some((c) => menuTarget(c, token).kind === 'route' && (menuTarget(c, token) as { path: string }).path === pathname));
  const [open, setOpen] = useState<string | null>(containing?.id ?? menu.find((m) => m.type === 1)?.id ?? null);
  return (
    <Stack as="nav" gap="0.5" py="2" aria-label="menu">
      {menu.map((item) =>
        item.type === 1 && item.children?.length ? (
          <Collapsible.Root key={item.id} open={open === item.id} onOpenChange={(e) => setOpen(e.open ? item.id : null)}>
            <Collapsible.Trigger asChild>
              <HStack as="button" {...itemStyle} w="calc(100% - 16px)" textAlign="left">
                <MenuIcon name={item.icon} />
                <Text flex="1" truncate>
                  {item.fullName}
                </Text>
                <Box transform={open === item.id ? 'rotate(180deg)' : undefined} transition="transform 0.2s">
                  <ChevronDown size={14} aria-hidden />
                </Box>
              </HStack>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Stack gap="0.5" mt="0.5">
                {item.children.map((c) => (
                  <Entry key={c.id} item={c} token={token} onNavigate={onNavigate} depth={1} />
                ))}
              </Stack>
            </Collapsible.Content>
          </Collapsible.Root>
        ) : (
          <Entry key={item.id} item={item} token={token} onNavigate={onNavigate} depth={0} />
        ),
      )}
    </Stack>
  );
}
