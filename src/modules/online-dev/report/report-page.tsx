import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Center, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EChartsType } from 'echarts/core';
import { fillPath } from '@/contracts/api-path';
import type { DataInterfaceInfo } from '@/contracts/online-dev-report';
import { onlineDevPaths } from '@/contracts/online-dev-paths';
import { CacheNote } from '@/components/list-status';
import { PageCard } from '@/components/page-card';
import { useNarrowScreen } from '@/components/use-media';
import { useSnapshot } from 'valtio';
import { loadEcharts } from '@/lib/echarts';
import { network } from '@/lib/network';
import { useMenuRoute } from '@/lib/menu-route-context';
import { defineDataset, useDataset, type Dataset } from '@/lib/sync/dataset';
import { interfaceDataset } from '../data/services';
import { reportOption, tableColumns } from './report-model';

const infos = new Map<string, Dataset<DataInterfaceInfo>>();
function infoDataset(id: string) {
  let ds = infos.get(id);
  if (!ds) {
    ds = defineDataset<DataInterfaceInfo>({
      key: `onlineDev.interfaceInfo.${id}`,
      shape: 1,
      url: fillPath(onlineDevPaths.dataInterface, { id }),
      parse: (raw) => raw as DataInterfaceInfo,
      freshForMs: 10 * 60_000,
      revalidate: false,
    });
    infos.set(id, ds);
  }
  return ds;
}

/** The chart (echarts, loaded with the first report), following its box's width. */
function ReportChart({ option }: { option: object }) {
  const host = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let made: EChartsType | null = null;
    loadEcharts().then(
      (init) => {
        if (!live || !host.current) return;
        made = init(host.current);
        setChart(made);
      },
      () => live && setFailed(true),
    );
    const resize = () => made?.resize();
    window.addEventListener('resize', resize);
    return () => {
      live = false;
      window.removeEventListener('resize', resize);
      made?.dispose();
    };
  }, []);
  useEffect(() => {
    chart?.setOption(option as Parameters<EChartsType['setOption']>[0], true);
  }, [chart, option]);
  if (failed) return <Text color="fg.muted"><Trans>图表加载失败</Trans></Text>;
  return <Box ref={host} h={{ base: '300px', md: '360px' }} w="full" data-testid="od-report-chart" />;
}

/**
 * Menu type 5 (spec 2.2 dynamic data report): the data interface named by the entry's
 * propertyJson.moduleId, as its display says: a chart and the table under it. Both the interface's
 * settings and its answer are cached here, so the report opens offline with its last figures.
 */
export function ReportPage() {
  const { t } = useLingui();
  const route = useMenuRoute();
  const id = route?.moduleId ?? '-';
  const info = useDataset(infoDataset(id));
  const data = useDataset(interfaceDataset(id));
  const narrow = useNarrowScreen();
  const option = useMemo(() => (info.data && data.data ? reportOption(info.data.display, data.data, narrow) : null), [info.data, data.data, narrow]);
  const columns = useMemo(() => (info.data && data.data ? tableColumns(info.data.display, data.data) : []), [info.data, data.data]);
  const title = route?.title ?? info.data?.fullName ?? '';
  const online = useSnapshot(network).online;
  const fromCache = !online || !!data.error;
  if (info.data === undefined || data.data === undefined) {
    return (
      <Center py="10">
        <Spinner color="brand.solid" />
      </Center>
    );
  }
  return (
    <PageCard title={title} testId="od-report-page">
      <Stack gap="4">
        <CacheNote view={{ fromCache, fetchedAt: data.fetchedAt, error: data.error, loading: data.refreshing }} testId="cache-note" />
        {!info.data || !data.data ? (
          <Text color="fg.muted">{data.error ? t`报表加载失败：${data.error}` : t`离线：本机还没有此报表的数据，联网后打开一次即可离线查看。`}</Text>
        ) : (
          <>
            {option ? <ReportChart option={option} /> : null}
            <Box overflowX="auto">
              <Table.Root size="sm" data-testid="od-report-table">
                <Table.Header>
                  <Table.Row>
                    {columns.map((c) => (
                      <Table.ColumnHeader key={c.key} textAlign={c.numeric ? 'end' : undefined} whiteSpace="nowrap">
                        {c.label}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.data.list.map((r, i) => (
                    <Table.Row key={i} data-testid="od-report-row">
                      {columns.map((c) => (
                        <Table.Cell key={c.key} textAlign={c.numeric ? 'end' : undefined} whiteSpace="nowrap">
                          {r[c.key] === null || r[c.key] === undefined ? '—' : String(r[c.key])}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </>
        )}
      </Stack>
    </PageCard>
  );
}
