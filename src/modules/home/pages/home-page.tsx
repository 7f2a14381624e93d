import type { ReactNode } from 'react';
import { Box, Card, Grid, GridItem, Heading, HStack, IconButton, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ClipboardCheck, CloudUpload, Megaphone, Network, RefreshCw, Users, WifiOff, type LucideIcon } from 'lucide-react';
import { useSnapshot } from 'valtio';
import dayjs from 'dayjs';
import { MenuIcon } from '@/components/menu-icon';
import { thousands } from '@/lib/format';
import { network } from '@/lib/network';
import { useDataset } from '@/lib/sync/dataset';
import { syncStatus } from '@/lib/sync/engine';
import { session } from '@/modules/auth/public';
import { homeSummaryData } from '../data';
import { messageState } from '@/modules/message/public';
import { MenuEntryLink } from '@/components/menu-entry-link';
import { menuTitle } from '@/lib/menu-titles';
import { flattenMenu } from '@/lib/menu-routes';

type Span = { base: number; md: number; xl: number };

/** A dashboard figure. `value` null: not known (offline, call failed) and shown as '—', never guessed. */
function FigureCard(props: {
  label: ReactNode;
  value: number | null;
  loading?: boolean;
  icon: LucideIcon;
  palette: string;
  hint?: string | null;
  span: Span;
  testId: string;
}) {
  const { label, value, loading, icon: Icon, palette, hint, span, testId } = props;
  return (
    <GridItem colSpan={span}>
      <Card.Root size="sm" h="full" colorPalette={palette} data-testid={testId}>
        <Card.Body gap="1">
          <HStack justify="space-between" align="start" gap="2">
            <Text color="fg.muted" fontSize="sm" lineHeight="short">
              {label}
            </Text>
            <Box flexShrink={0} p="1.5" rounded="md" bg="colorPalette.subtle" color="colorPalette.fg">
              <Icon size={16} aria-hidden />
            </Box>
          </HStack>
          {loading ? (
            <Skeleton h="8" w="12" mt="1" />
          ) : (
            <Text fontSize="2xl" fontWeight="semibold" lineHeight="1.2" data-testid={`${testId}-value`} color={value === null ? 'fg.subtle' : undefined}>
              {value === null ? '—' : thousands(value)}
            </Text>
          )}
          {hint && (
            <Text fontSize="xs" color="fg.muted" truncate>
              {hint}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
    </GridItem>
  );
}

function InfoCard({ label, children, extra, color }: { label: ReactNode; children: ReactNode; extra?: string | null; color?: string }) {
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
  const { i18n, t } = useLingui();
  const snap = useSnapshot(session);
  const net = useSnapshot(network);
  const sync = useSnapshot(syncStatus);
  const u = snap.userInfo;
  const links = flattenMenu((snap.menuList ?? []) as never);
  const hour = new Date().getHours();
  const name = u?.userName ?? '';
  const summary = useDataset(homeSummaryData);
  // The live counter of the message module (reads, pushes) once it knows it; else the summary's figure.
  const unread = useSnapshot(messageState);
  const data = summary.data;
  // No copy on this device yet: while online and the server has not failed, the figures are on
  // their way (loading), not "needs the network".
  const loading = data === undefined || (data === null && (summary.refreshing || (net.online && !summary.error)));
  const figuresMissing = !loading && !data;
  // Figures from this device's copy while offline, or when the last refresh failed: say how old they are.
  const figuresAsOf = data && summary.fetchedAt && (!net.online || summary.error) ? dayjs(summary.fetchedAt).format('YYYY-MM-DD HH:mm') : null;
  const org = u?.organizeName || null;
  // No page exists yet for notices, approvals or the organisation, so the figure cards link nowhere.
  return (
    <Stack gap="6">
      <Box>
        <Heading size="lg" data-testid="home-greeting">
          {hour < 12 ? <Trans>上午好，{name}</Trans> : hour < 18 ? <Trans>下午好，{name}</Trans> : <Trans>晚上好，{name}</Trans>}
        </Heading>
        <Text color="fg.muted" mt="1">
          {[u?.organizeName, u?.departmentName, u?.positionName].filter(Boolean).join(' · ')}
        </Text>
      </Box>

      <Box as="section">
        <HStack mb={figuresMissing || figuresAsOf ? '1' : '3'} gap="1">
          <Heading size="sm">
            <Trans>今日概览</Trans>
          </Heading>
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={t`刷新统计数字`}
            title={t`刷新统计数字`}
            disabled={!net.online || summary.refreshing}
            onClick={() => void summary.refresh()}
            data-testid="home-refresh"
          >
            <Box as="span" display="inline-flex" animation={summary.refreshing ? 'spin 1s linear infinite' : undefined}>
              <RefreshCw size={12} />
            </Box>
          </IconButton>
        </HStack>
        {figuresAsOf && (
          <HStack gap="1.5" mb="3" color="fg.muted" fontSize="sm" data-testid="home-figures-as-of">
            <WifiOff size={14} aria-hidden />
            <Text>
              <Trans>离线：显示的是 {figuresAsOf} 的统计数字，联网后自动更新。</Trans>
            </Text>
          </HStack>
        )}
        {figuresMissing && (
          <HStack gap="1.5" mb="3" color="fg.muted" fontSize="sm" data-testid="home-figures-offline">
            <WifiOff size={14} aria-hidden />
            <Text>
              <Trans>统计数字需要联网查看，联网后自动更新。</Trans>
            </Text>
          </HStack>
        )}
        <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))', xl: 'repeat(5, minmax(0, 1fr))' }} gap={{ base: '3', md: '4' }}>
          <FigureCard
            testId="home-unread-notices"
            label={<Trans>未读公告</Trans>}
            value={unread.known ? unread.unreadNoticeCount : (data?.unreadNotices ?? null)}
            loading={loading}
            icon={Megaphone}
            palette="blue"
            span={{ base: 1, md: 2, xl: 1 }}
          />
          <FigureCard
            testId="home-todo-approvals"
            label={<Trans>待办审批</Trans>}
            value={data?.todoApprovals ?? null}
            loading={loading}
            icon={ClipboardCheck}
            palette="orange"
            span={{ base: 1, md: 2, xl: 1 }}
          />
          {/* Counted on this device, so it is known offline too. */}
          <FigureCard
            testId="home-pending-writes"
            label={<Trans>待同步的离线修改</Trans>}
            value={sync.pending + sync.conflicts + sync.dead}
            icon={CloudUpload}
            palette="purple"
            span={{ base: 2, md: 2, xl: 1 }}
          />
          <FigureCard
            testId="home-staff"
            label={<Trans>员工人数</Trans>}
            value={data?.staffInOrganize ?? null}
            loading={loading}
            icon={Users}
            palette="teal"
            hint={org}
            span={{ base: 1, md: 3, xl: 1 }}
          />
          <FigureCard
            testId="home-departments"
            label={<Trans>部门数量</Trans>}
            value={data?.departmentsInOrganize ?? null}
            loading={loading}
            icon={Network}
            palette="cyan"
            hint={org}
            span={{ base: 1, md: 3, xl: 1 }}
          />
        </Grid>
      </Box>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <InfoCard label={<Trans>上次登录</Trans>} extra={u?.prevLoginIPAddress}>
          {u?.prevLogin === 1 && u.prevLoginTime ? dayjs(u.prevLoginTime).format('YYYY-MM-DD HH:mm') : <Trans>首次登录</Trans>}
        </InfoCard>
        <InfoCard label={<Trans>角色</Trans>}>{u?.roleName || '—'}</InfoCard>
        <InfoCard label={<Trans>网络</Trans>} color={net.online ? 'green.fg' : 'orange.fg'}>
          {net.online ? <Trans>已连接服务器</Trans> : <Trans>离线：正在使用本机缓存</Trans>}
        </InfoCard>
      </SimpleGrid>

      {links.length > 0 && (
        <Box as="section">
          <Heading size="sm" mb="3">
            <Trans>常用功能</Trans>
          </Heading>
          <SimpleGrid columns={{ base: 3, sm: 4, lg: 6 }} gap="3">
            {links.map((m) => (
              <MenuEntryLink key={m.id} item={m} token={snap.token ?? ''}>
                <Stack
                  align="center"
                  gap="2"
                  px="2"
                  py="4"
                  bg="bg"
                  rounded="lg"
                  borderWidth="1px"
                  _hover={{ borderColor: 'brand.solid', color: 'brand.fg' }}
                  h="full"
                >
                  <MenuIcon name={m.icon} size={22} />
                  <Text fontSize="sm" textAlign="center" lineClamp={2}>
                    {menuTitle(i18n, m)}
                  </Text>
                </Stack>
              </MenuEntryLink>
            ))}
          </SimpleGrid>
        </Box>
      )}
    </Stack>
  );
}
