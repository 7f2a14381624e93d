import { Alert, Badge, HStack, Spinner, Switch, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';

/** "离线：显示的是 {time} 的数据": a list shown from this device's copy (offline, or the server failed). */
export function CacheNote({ fromCache, fetchedAt, loading = false }: { fromCache: boolean; fetchedAt: number | null; loading?: boolean }) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  // Online, a query asked for the first time shows what the cache has until the answer is in.
  // Online without any copy (e.g. a row made here, not on the server yet) there is nothing to date.
  if (!fromCache || (online && (loading || !fetchedAt))) return null;
  const time = fetchedAt ? formatDateTime(fetchedAt) : null;
  return (
    <Alert.Root status="warning" size="sm" data-testid="cache-note">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{time ? t`离线：显示的是 ${time} 的数据` : t`离线：本机还没有这部分数据，联网后显示`}</Alert.Title>
    </Alert.Root>
  );
}

/** The mark of a row whose change waits for the server. */
export function PendingBadge() {
  return (
    <Badge colorPalette="orange" variant="subtle" size="sm" data-testid="row-pending">
      <Trans>待同步</Trans>
    </Badge>
  );
}

/** Enabled / disabled: a switch for whoever may edit, else a badge. */
export function StateCell({ enabled, canEdit, onChange, label }: { enabled: boolean; canEdit: boolean; onChange(enabled: boolean): void; label: string }) {
  if (!canEdit) {
    return (
      <Badge colorPalette={enabled ? 'green' : 'gray'} variant="subtle">
        {enabled ? <Trans>启用</Trans> : <Trans>禁用</Trans>}
      </Badge>
    );
  }
  return (
    <Switch.Root size="sm" colorPalette="brand" checked={enabled} onCheckedChange={(e) => onChange(e.checked)} data-testid="state-switch">
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control />
    </Switch.Root>
  );
}

/** Shown while a list has nothing to show yet. */
export function ListLoading() {
  return (
    <HStack py="10" justify="center" color="fg.muted" data-testid="list-loading">
      <Spinner size="sm" color="brand.solid" />
      <Text fontSize="sm">
        <Trans>加载中…</Trans>
      </Text>
    </HStack>
  );
}
