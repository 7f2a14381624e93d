import { useEffect, useState } from 'react';
import { Badge, Box, ButtonGroup, IconButton, Pagination, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import dayjs from 'dayjs';
import type { LoginLogEntry, PageResult } from '@/contracts/auth';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import { translateContractMessage } from '@/lib/contract-messages';
import { profileApi } from '../api';

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The signed-in user's login history (GET /Permission/Users/CurrentLog), paged. */
export function LoginLogTable() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PageResult<LoginLogEntry> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    profileApi
      .loginLog(page, PAGE_SIZE)
      .then((d) => live && setData(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [page]);
  if (failed && !data)
    return (
      <Text color="fg.muted">
        <Trans>登录日志需要联网查看。</Trans>
      </Text>
    );
  if (!data) return <Spinner color="brand.solid" />;
  return (
    <Stack gap="3">
      <Box overflowX="auto">
        <Table.Root size="sm" striped data-testid="login-log">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>登录时间</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>IP 地址</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>位置</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>结果</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.list.map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell whiteSpace="nowrap">{dayjs(r.loginTime).format('YYYY-MM-DD HH:mm')}</Table.Cell>
                <Table.Cell>{r.ipAddress}</Table.Cell>
                <Table.Cell>{translateContractMessage(r.ipAddressName)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={r.success ? 'green' : 'red'}>{r.success ? <Trans>成功</Trans> : <Trans>失败</Trans>}</Badge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Pagination.Root count={data.pagination.total} pageSize={PAGE_SIZE} page={page} onPageChange={(e) => setPage(e.page)}>
        <ButtonGroup variant="ghost" size="sm">
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label={t`上一页`}>
              <ChevronLeft />
            </IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items render={(p) => <IconButton variant={{ base: 'ghost', _selected: 'outline' }}>{p.value}</IconButton>} />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label={t`下一页`}>
              <ChevronRight />
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </Stack>
  );
}
