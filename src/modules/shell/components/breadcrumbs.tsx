import { Box, chakra, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { ChevronRight } from 'lucide-react';
import type { MenuItem } from '@/contracts/menu';
import { menuTarget } from '@/lib/menu-routes';
import { menuTitle } from '@/lib/menu-titles';
import { session } from '@/modules/auth/public';
import { menuTrail } from '../breadcrumb';
import { useShellPageTitle } from './tags-view';

interface Crumb {
  key: string;
  title: string;
  /** A directory's own page; the last crumb (this page) has none. */
  to?: string;
}

/**
 * The header's breadcrumbs: the menu path of the current page (组织权限 / 用户管理), or a fixed
 * page's title (首页, 个人信息 …). Long paths shrink their first crumbs.
 */
export function Breadcrumbs() {
  const { t, i18n } = useLingui();
  const snap = useSnapshot(session);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const titleOf = useShellPageTitle();
  const token = snap.token ?? '';
  const trail = menuTrail((snap.menuList ?? []) as MenuItem[], pathname, token);
  let crumbs: Crumb[] = [];
  if (trail) {
    crumbs = trail.map((item, i) => {
      const target = menuTarget(item, token);
      const last = i === trail.length - 1;
      return { key: item.id, title: menuTitle(i18n, item), to: !last && target.kind === 'route' ? target.path : undefined };
    });
  } else {
    const title = titleOf(pathname);
    if (title) crumbs = [{ key: pathname, title }];
  }
  if (!crumbs.length) return <Box flex="1" minW="0" />;
  return (
    <Box as="nav" aria-label={t`当前位置`} flex="1" minW="0" data-testid="breadcrumbs">
      <HStack as="ol" gap="1" fontSize="sm" minW="0">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <HStack as="li" key={c.key} gap="1" minW="0" flexShrink={last ? 0 : 1} data-testid="breadcrumb">
              {i > 0 && (
                <Box as="span" color="fg.muted" flexShrink={0} aria-hidden>
                  <ChevronRight size={14} />
                </Box>
              )}
              {c.to ? (
                <chakra.a asChild color="fg.muted" truncate rounded="sm" _hover={{ color: 'brand.fg' }} _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}>
                  <Link to={c.to}>{c.title}</Link>
                </chakra.a>
              ) : (
                <Text as="span" truncate color={last ? 'fg' : 'fg.muted'} fontWeight={last ? 'medium' : 'normal'} aria-current={last ? 'page' : undefined}>
                  {c.title}
                </Text>
              )}
            </HStack>
          );
        })}
      </HStack>
    </Box>
  );
}
