import { Suspense, useEffect, type ComponentType } from 'react';
import { Box, Card, Center, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Navigate, useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { MenuItem } from '@/contracts/menu';
import { MenuIcon } from '@/components/menu-icon';
import { setPageTitle } from '@/lib/page-title';
import { PageModelProvider, session } from '@/modules/auth/public';
import { MenuEntryLink } from '@/components/menu-entry-link';
import { matchMenuRoute, type MenuRoute } from '@/lib/menu-routes';
import { MenuRouteProvider } from '@/lib/menu-route-context';
import { menuTitle } from '@/lib/menu-titles';
import { findMenuItem } from '../page-titles';
import { useLingui } from '@lingui/react/macro';


function DirectoryView({ route }: { route: MenuRoute }) {
  const { i18n } = useLingui();
  const snap = useSnapshot(session);
  const item = findMenuItem((snap.menuList ?? []) as MenuItem[], route.menuId);
  return (
    <Stack gap="4">
      <Heading size="md">{item ? menuTitle(i18n, item) : route.title}</Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        {(item?.children ?? []).map((c) => (
          <MenuEntryLink key={c.id} item={c} token={snap.token ?? ''}>
            <Card.Root size="sm" _hover={{ borderColor: 'brand.solid' }} h="full">
              <Card.Body flexDirection="row" gap="3" alignItems="center">
                <MenuIcon name={c.icon} size={20} />
                <Text>{menuTitle(i18n, c)}</Text>
              </Card.Body>
            </Card.Root>
          </MenuEntryLink>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function IframeView({ route }: { route: MenuRoute }) {
  return (
    <Box asChild w="full" h="calc(100dvh - 120px)" bg="bg" rounded="md" borderWidth="1px">
      <iframe title={route.title} src={route.urlAddress} data-testid="menu-iframe" />
    </Box>
  );
}

/** The page a menu route shows (by its urlAddress or view type), or undefined when no module serves it. */
export type ResolvePage = (route: MenuRoute) => ComponentType | undefined;

/** Renders the menu-built route for the current path (spec 2.2), or goes to /404. */
export function MenuRoutePage({ resolvePage }: { resolvePage: ResolvePage }) {
  const snap = useSnapshot(session);
  // The path comes from this route's own match: the global location already shows the next page
  // while this one unmounts, which must not send the user to /404.
  const { _splat } = useParams({ strict: false }) as { _splat?: string };
  const route = matchMenuRoute(snap.routes as MenuRoute[], `/${_splat ?? ''}`);
  const { i18n } = useLingui();
  const item = route ? findMenuItem((snap.menuList ?? []) as MenuItem[], route.menuId) : undefined;
  const title = item ? menuTitle(i18n, item) : route?.title;
  useEffect(() => {
    if (title) setPageTitle(title);
  }, [title]);
  if (!route) return <Navigate to="/404" replace />;
  if (route.view === 'directory') return <DirectoryView route={route} />;
  if (route.view === 'iframe') return <IframeView route={route} />;
  const Page = resolvePage(route);
  if (!Page) return <Navigate to="/404" replace />;
  return (
    <Suspense
      fallback={
        <Center py="10">
          <Spinner color="brand.solid" />
        </Center>
      }
    >
      {/* Spec 6: the permission list is keyed by the menu entry (its modelId); types 3-5 name the model they show in propertyJson.moduleId. */}
      <PageModelProvider modelId={route.menuId}>
        <MenuRouteProvider route={route}>
          <Page />
        </MenuRouteProvider>
      </PageModelProvider>
    </Suspense>
  );
}
