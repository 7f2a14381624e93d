import { useMemo, useState } from 'react';
import { Alert, Box, Button, Center, HStack, NativeSelect, SimpleGrid, Spinner, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { DEFAULT_WORK_TITLE } from '@/contracts/h5';
import type { WorkStats } from '@/contracts/h5-publish';
import { EmptyState } from '@/components/empty-state';
import { ListPagination } from '@/components/list-pagination';
import { ListToolbar } from '@/components/list-toolbar';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { downloadFormExport } from '../publish-api';
import { RECORDS_PAGE_SIZE, useFormDetail, useWorkStats } from './data-center-data';
import { useWorksView } from './works-data';

/** How many recent days the bars show. */
const BAR_DAYS = 14;

function StatsPanel({ stats }: { stats: WorkStats }) {
  const { t } = useLingui();
  const days = stats.days.slice(-BAR_DAYS);
  const max = Math.max(1, ...days.map((d) => d.views));
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" data-testid="data-stats">
      <SimpleGrid columns={2} gap="3">
        <Stat.Root>
          <Stat.Label>{t`浏览量`}</Stat.Label>
          <Stat.ValueText fontSize="2xl" data-testid="data-views">{stats.views}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root>
          <Stat.Label>{t`访客数`}</Stat.Label>
          <Stat.ValueText fontSize="2xl" data-testid="data-visitors">{stats.visitors}</Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      {days.length > 0 && (
        <Stack gap="1">
          <HStack align="flex-end" gap="1.5" h="16" role="img" aria-label={t`最近 ${days.length} 天的浏览量`}>
            {days.map((d) => (
              <Box key={d.day} w="5" flexShrink={0} bg="brand.solid" opacity={0.75} roundedTop="xs" h={`${Math.max(4, (d.views / max) * 100)}%`} title={t`${d.day}：浏览 ${d.views}，访客 ${d.visitors}`} />
            ))}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {days.length > 1 ? `${days[0]!.day} ~ ${days[days.length - 1]!.day}` : days[0]!.day}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

function Records({ workId, title }: { workId: string; title: string }) {
  const { t } = useLingui();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const detail = useFormDetail(workId, keyword, page);
  const [exporting, setExporting] = useState(false);
  const columns = useMemo(() => Object.entries(detail.data?.uuidMap2Name ?? {}), [detail.data]);
  const rows = detail.data?.formRecords ?? [];

  const exportAll = async () => {
    setExporting(true);
    try {
      await downloadFormExport(workId, `${title}-表单数据.xlsx`);
    } catch (e) {
      notify({ kind: 'error', title: t`导出失败：${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="3" minW="0">
      <ListToolbar
        keyword={keyword}
        onSearch={(q) => {
          setKeyword(q);
          setPage(1);
        }}
        placeholder={t`请输入提交内容查询`}
      >
        <Button size="sm" variant="outline" onClick={() => void exportAll()} loading={exporting} disabled={!detail.data?.total} data-testid="data-export">
          <Download size={16} />
          <Trans>导出Excel</Trans>
        </Button>
      </ListToolbar>
      {detail.error ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t`加载失败：${detail.error}`}</Alert.Title>
        </Alert.Root>
      ) : detail.loading && !detail.data ? (
        <Center py="10">
          <Spinner />
        </Center>
      ) : rows.length === 0 ? (
        <EmptyState text={keyword ? t`没有找到包含“${keyword}”的提交` : t`还没有表单提交`} />
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" stickyHeader data-testid="data-records">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader whiteSpace="nowrap">{t`提交时间`}</Table.ColumnHeader>
                {columns.map(([uuid, label]) => (
                  <Table.ColumnHeader key={uuid} whiteSpace="nowrap">
                    {label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.id} data-testid="data-record">
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(Date.parse(r.created_time))}</Table.Cell>
                  {columns.map(([uuid]) => (
                    <Table.Cell key={uuid} maxW="xs" truncate title={r.fields[uuid] ?? ''}>
                      {r.fields[uuid] ?? ''}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {(detail.data?.total ?? 0) > RECORDS_PAGE_SIZE && (
        <HStack justify="center">
          <ListPagination total={detail.data!.total} page={page} pageSize={RECORDS_PAGE_SIZE} onChange={setPage} />
        </HStack>
      )}
    </Stack>
  );
}

/**
 * 数据中心 (spec 2.6, issue 19): per work, the page views and visitors of its published page and
 * the form submissions (spec 3 formDetailOfWork) with search, paging and export to Excel. The works
 * come from this device's list (published first); the figures need the network.
 */
export function DataCenter() {
  const { t } = useLingui();
  const view = useWorksView('');
  const works = useMemo(() => [...(view.rows ?? [])].filter((r) => !r.deleted).sort((a, b) => Number(b.summary.is_publish) - Number(a.summary.is_publish)), [view.rows]);
  const [picked, setPicked] = useState<string | null>(null);
  const workId = picked ?? works.find((w) => w.summary.is_publish)?.id ?? works[0]?.id ?? null;
  const current = works.find((w) => w.id === workId);
  const title = current?.summary.title.trim() || DEFAULT_WORK_TITLE;
  const stats = useWorkStats(workId);

  if (view.rows === undefined) {
    return (
      <Center py="16" flex="1">
        <Spinner />
      </Center>
    );
  }
  if (works.length === 0) return <EmptyState text={t`还没有作品：发布作品后，这里会显示它的访问量和表单提交`} />;
  return (
    <Stack gap="4" flex="1" minW="0" data-testid="data-center">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {t`作品`}
        </Text>
        <NativeSelect.Root size="sm" maxW="sm">
          <NativeSelect.Field value={workId ?? ''} onChange={(e) => setPicked(e.currentTarget.value)} aria-label={t`选择作品`} data-testid="data-work">
            {works.map((w) => (
              <option key={w.id} value={w.id}>
                {(w.summary.title.trim() || DEFAULT_WORK_TITLE) + (w.summary.is_publish ? '' : t`（未发布）`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {!stats.online ? (
        <Alert.Root status="warning" size="sm" data-testid="data-offline">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t`数据中心需要联网：访问量和表单提交保存在服务器上。`}</Alert.Title>
        </Alert.Root>
      ) : (
        <>
          {current && !current.summary.is_publish && (
            <Text fontSize="sm" color="fg.muted">
              {t`这个作品还没有发布：发布后，访问者的浏览和表单提交会显示在这里。`}
            </Text>
          )}
          {stats.data ? <StatsPanel stats={stats.data} /> : stats.loading ? <Spinner size="sm" /> : null}
          {workId && <Records key={workId} workId={workId} title={title} />}
        </>
      )}
    </Stack>
  );
}
