import type { ReactNode } from 'react';
import { Alert, Badge, Box, HStack, Spinner, Switch, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';
import { EmptyState } from './empty-state';

/** Small pieces every list shows the same way: where its rows come from, waiting writes, state, loading. */

/** What CacheNote needs of a list (a RemoteListView has it all). */
export interface CachedListState {
  /** Shown from this device's copy (offline, or the server failed). */
  fromCache: boolean;
  /** When that copy was fetched; null when there is none. */
  fetchedAt: number | null;
  loading?: boolean;
  /** The server's failure, when it failed. */
  error?: string | null;
}

export interface CacheNoteProps {
  view: CachedListState;
  testId: string;
  /** A second line under the note (e.g. what cannot be done with the copy). */
  detail?: ReactNode;
  /** A button at the end (e.g. 重试 after a failure). */
  action?: ReactNode;
}

/**
 * "离线：显示的是 {time} 的数据": the list comes from this device's copy (offline, or the server
 * failed) and how old that copy is, or that there is no copy. Nothing online without a failure.
 */
export function CacheNote({ view, testId, detail, action }: CacheNoteProps) {
  const online = useSnapshot(network).online;
  const failed = online && !!view.error;
  // Online without a failure the server is (being) asked: a cached placeholder is not news.
  if (!view.fromCache || (online && !failed)) return null;
  const time = formatDateTime(view.fetchedAt);
  let text: ReactNode;
  if (view.fetchedAt) text = failed ? <Trans>服务器暂时无法访问，显示的是 {time} 的数据</Trans> : <Trans>离线：显示的是 {time} 的数据</Trans>;
  else text = failed ? <Trans>服务器暂时无法访问，本机也没有此列表的数据。</Trans> : <Trans>离线：本机没有此列表的数据，请联网后查看。</Trans>;
  return (
    <Alert.Root status="warning" size="sm" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight={detail ? undefined : 'normal'}>{text}</Alert.Title>
        {detail ? <Alert.Description>{detail}</Alert.Description> : null}
      </Alert.Content>
      {action}
    </Alert.Root>
  );
}

/** 待同步: the mark of a row whose change still waits for the server. */
export function PendingBadge({ testId }: { testId?: string }) {
  const { t } = useLingui();
  return (
    <Badge size="sm" colorPalette="orange" variant="subtle" title={t`修改已保存在本机，等待同步到服务器`} data-testid={testId}>
      <Trans>待同步</Trans>
    </Badge>
  );
}

/** A write the server refused for good: 同步失败, with the server's reason in its title. */
export function FailedBadge({ reason, testId }: { reason: string; testId?: string }) {
  const { t } = useLingui();
  return (
    <Badge size="sm" colorPalette="red" variant="subtle" title={reason ? t`服务器拒绝了这次修改：${reason}` : t`服务器拒绝了这次修改`} data-testid={testId}>
      <Trans>同步失败</Trans>
    </Badge>
  );
}

/** 启用 / 禁用 as a badge. */
export function StateBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge colorPalette={enabled ? 'green' : 'gray'} variant="subtle">
      {enabled ? <Trans>启用</Trans> : <Trans>禁用</Trans>}
    </Badge>
  );
}

export interface StateSwitchProps {
  enabled: boolean;
  /** Whoever may not edit sees a badge. */
  canEdit: boolean;
  onChange(enabled: boolean): void;
  /** The switch's accessible name (e.g. 启用「name」). */
  label: string;
  /** Shown but not changeable (e.g. a built-in row). */
  disabled?: boolean;
  /** 启用 / 禁用 next to the switch. */
  showLabel?: boolean;
  testId?: string;
}

/** Enabled / disabled of a row: a switch for whoever may edit, else a badge. */
export function StateSwitch({ enabled, canEdit, onChange, label, disabled = false, showLabel = false, testId }: StateSwitchProps) {
  if (!canEdit) return <StateBadge enabled={enabled} />;
  return (
    <Switch.Root size="sm" colorPalette="brand" checked={enabled} disabled={disabled} onCheckedChange={(e) => onChange(e.checked)} data-testid={testId}>
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control />
      {showLabel ? (
        <Switch.Label fontSize="xs" color="fg.muted">
          {enabled ? <Trans>启用</Trans> : <Trans>禁用</Trans>}
        </Switch.Label>
      ) : null}
    </Switch.Root>
  );
}

/** Shown while a list has nothing to show yet. */
export function ListLoading({ testId }: { testId?: string }) {
  return (
    <HStack py="10" justify="center" color="fg.muted" data-testid={testId}>
      <Spinner size="sm" color="brand.solid" />
      <Text fontSize="sm">
        <Trans>加载中…</Trans>
      </Text>
    </HStack>
  );
}

export interface TableFillerProps {
  colSpan: number;
  loading: boolean;
  text?: ReactNode;
  action?: ReactNode;
  loadingTestId?: string;
  /**
   * The width of the box the table scrolls in (px), when known: the filler keeps to it, at the
   * box's left edge however far the table is scrolled, so a table wider than the screen still shows
   * its empty state (or spinner) in the middle of what is in view, not of the whole table.
   */
  visibleWidth?: number;
}

/** The body of a table that has no rows to show: ListLoading while loading, else the empty state. */
export function TableFiller({ colSpan, loading, text, action, loadingTestId, visibleWidth }: TableFillerProps) {
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan} p="0">
        <Box position="sticky" left="0" w={visibleWidth ? `${visibleWidth}px` : undefined} maxW="full" data-testid="table-filler">
          {loading ? <ListLoading testId={loadingTestId} /> : <EmptyState text={text} action={action} />}
        </Box>
      </Table.Cell>
    </Table.Row>
  );
}
