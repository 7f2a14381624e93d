import type { ReactNode } from 'react';
import { Box, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import dayjs from 'dayjs';
import { MenuIcon } from '@/components/menu-icon';
import { network } from '@/lib/network';
import { session } from '@/modules/auth/store';
import { MenuEntryLink } from '../components/menu-entry-link';
import { flattenMenu } from '../menu-routes';

function StatCard({ label, children, extra, color }: { label: ReactNode; children: ReactNode; extra?: string | null; color?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        <Text fontWeight="medium" mt="1" color={color}>
          {children}
        </Text>
        {extra && (
          <Text fontSize="sm" color="fg.muted">
            {extra}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function HomePage() {
  const snap = useSnapshot(session);
  const net = useSnapshot(network);
  const u = snap.userInfo;
  const links = flattenMenu((snap.menuList ?? []) as never);
  const hour = new Date().getHours();
  const name = u?.userName ?? '';
  return (
    <Stack gap="5">
      <Box>
        <Heading size="lg" data-testid="home-greeting">
          {hour < 12 ? <Trans>上午好，{name}</Trans> : hour < 18 ? <Trans>下午好，{name}</Trans> : <Trans>晚上好，{name}</Trans>}
        </Heading>
        <Text color="fg.muted" mt="1">
          {[u?.organizeName, u?.departmentName, u?.positionName].filter(Boolean).join(' · ')}
        </Text>
      </Box>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <StatCard label={<Trans>上次登录</Trans>} extra={u?.prevLoginIPAddress}>
          {u?.prevLogin === 1 && u.prevLoginTime ? dayjs(u.prevLoginTime).format('YYYY-MM-DD HH:mm') : <Trans>首次登录</Trans>}
        </StatCard>
        <StatCard label={<Trans>角色</Trans>}>{u?.roleName || '—'}</StatCard>
        <StatCard label={<Trans>网络</Trans>} color={net.online ? 'green.600' : 'orange.600'}>
          {net.online ? <Trans>已连接服务器</Trans> : <Trans>离线：正在使用本机缓存</Trans>}
        </StatCard>
      </SimpleGrid>
      <Box>
        <Heading size="sm" mb="3">
          <Trans>常用功能</Trans>
        </Heading>
        <SimpleGrid columns={{ base: 2, sm: 3, lg: 6 }} gap="3">
          {links.map((m) => (
            <MenuEntryLink key={m.id} item={m} token={snap.token ?? ''}>
              <Stack align="center" gap="2" p="4" bg="bg" rounded="lg" borderWidth="1px" _hover={{ borderColor: 'brand.solid', color: 'brand.fg' }} h="full">
                <MenuIcon name={m.icon} size={22} />
                <Text fontSize="sm" textAlign="center">
                  {m.fullName}
                </Text>
              </Stack>
            </MenuEntryLink>
          ))}
        </SimpleGrid>
      </Box>
    </Stack>
  );
}
