import { Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { MenuItem } from '@/contracts/menu';
import { MenuIcon } from '@/components/menu-icon';
import { session } from '@/modules/auth/public';
import { MenuEntryLink } from '@/components/menu-entry-link';
import { flattenMenu } from '@/lib/menu-routes';
import { menuTitle } from '@/lib/menu-titles';

/** /menuMore (spec 2.1): the synthetic overflow menu — every entry of the user's menu, by section. */
export function MenuMorePage() {
  const { t, i18n } = useLingui();
  const snap = useSnapshot(session);
  const menu = (snap.menuList ?? []) as MenuItem[];
  const token = snap.token ?? '';
  const sections = menu.map((m) => ({ head: m, items: m.type === 1 ? flattenMenu(m.children ?? []) : [m] })).filter((s) => s.items.length);
  return (
    <Stack gap="6">
      <Heading size="md">{t`全部菜单`}</Heading>
      {sections.map(({ head, items }) => (
        <Stack key={head.id} gap="3" data-testid="menu-more-section">
          <Text fontWeight="medium" color="fg.muted" fontSize="sm">
            {menuTitle(i18n, head)}
          </Text>
          <SimpleGrid columns={{ base: 2, sm: 3, lg: 5 }} gap="3">
            {items.map((c) => (
              <MenuEntryLink key={c.id} item={c} token={token}>
                <Card.Root size="sm" _hover={{ borderColor: 'brand.solid' }} h="full">
                  <Card.Body flexDirection="row" gap="3" alignItems="center">
                    <MenuIcon name={c.icon} size={18} />
                    <Text fontSize="sm">{menuTitle(i18n, c)}</Text>
                  </Card.Body>
                </Card.Root>
              </MenuEntryLink>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
