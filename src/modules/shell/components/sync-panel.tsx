import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { DeleteConfirm } from '@/components/delete-confirm';
import { formatDateTime, relativeTime } from '@/lib/format';
import { network } from '@/lib/network';
import { currentUserDb, kickSync, syncStatus } from '@/lib/sync/engine';
import { syncKind } from '@/lib/sync/kinds';
import { discardEntry, keepMine, keepTheirs, retryEntry } from '@/lib/sync/outbox';
import type { OutboxEntry } from '@/lib/sync/user-db';
import { logout } from '@/modules/auth/public';
import { failureText } from '../sync-text';
import { ShellDrawer } from '@/components/shell-drawer';
import { closeDrawer } from '@/components/shell-drawer-state';

function Entry({ entry, children }: { entry: OutboxEntry; children?: ReactNode }) {
  const { t } = useLingui();
  const kind = syncKind(entry.kind);
  const label = kind?.label(entry) ?? entry.kind;
  return (
    <Stack gap="1" p="3" borderWidth="1px" rounded="md" bg="bg" data-testid="sync-entry" data-state={entry.state}>
      <HStack justify="space-between" gap="2">
        <Text fontWeight="medium" fontSize="sm">
          {label}
        </Text>
        <Text fontSize="xs" color="fg.muted" title={formatDateTime(entry.createdAt)}>
          {relativeTime(entry.createdAt)}
        </Text>
      </HStack>
      {!kind && (
        <Text fontSize="xs" color="fg.warning" data-testid="sync-unknown-kind">
          {t`这个版本的应用不认识此类修改（${entry.kind}），暂不发送，修改保存在本机；更新应用后会继续同步。`}
        </Text>
      )}
      {entry.lastError && (
        <Text fontSize="xs" color={entry.state === 'pending' ? 'fg.muted' : 'fg.error'} title={entry.lastError.message} data-testid="sync-entry-error">
          {failureText(entry, Date.now())}
        </Text>
      )}
      {children && (
        <HStack gap="2" mt="1" wrap="wrap">
          {children}
        </HStack>
      )}
    </Stack>
  );
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (!count) return null;
  return (
    <Stack gap="2">
      <HStack>
        <Heading size="xs">{title}</Heading>
        <Badge>{count}</Badge>
      </HStack>
      {children}
    </Stack>
  );
}

/** While writes wait out a retry delay, the panel says again every few seconds how long is left. */
function useRetryCountdown(active: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((n) => n + 1), 5000);
    return () => clearInterval(timer);
  }, [active]);
}

/** The sync panel: pending writes, conflicts (keep mine / keep theirs) and dead letters (retry / discard). */
export function SyncPanel() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const sync = useSnapshot(syncStatus);
  const online = useSnapshot(network).online;
  // sync.active: the query reads the database the queue opens, which currentUserDb() gives only once it is open.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  const rows = useLiveQuery(async () => (await currentUserDb()?.outbox.orderBy('seq').toArray()) ?? [], [sync.active]) ?? [];
  const db = currentUserDb();
  const pending = rows.filter((r) => r.state === 'pending' || r.state === 'sending');
  useRetryCountdown(pending.some((r) => r.lastError));
  const conflicts = rows.filter((r) => r.state === 'conflict');
  const dead = rows.filter((r) => r.state === 'dead');

  async function signInAgain() {
    closeDrawer();
    // The queue stays on this device; it resumes after the same account signs in.
    await logout();
    await navigate({ to: '/login', search: { redirect: '/home' } });
  }

  return (
    <ShellDrawer
      name="sync"
      title={t`同步状态`}
      testId="sync-panel"
      footer={
        <>
          <Box flex="1" />
          <Button size="sm" variant="outline" disabled={!online || !pending.length} loading={sync.syncing} onClick={() => kickSync()} data-testid="sync-now">
            {t`立即同步`}
          </Button>
        </>
      }
    >
      <Stack gap="5">
        <Stack gap="1" fontSize="sm">
          <Text>{online ? t`已连接服务器` : t`离线：修改保存在本机，联网后自动同步`}</Text>
          <Text color="fg.muted" data-testid="sync-last">
            {sync.lastSyncedAt ? t`上次同步：${relativeTime(sync.lastSyncedAt)}` : rows.length ? t`尚未同步` : t`所有修改都已同步`}
          </Text>
        </Stack>
        {sync.needsAuth && (
          <Stack gap="2" p="3" rounded="md" bg="orange.subtle" data-testid="sync-needs-auth">
            <Text fontSize="sm">{t`登录已过期，修改暂停同步。重新登录同一账号后会继续同步，不会丢失。`}</Text>
            <Button size="sm" colorPalette="orange" alignSelf="start" onClick={() => void signInAgain()}>
              {t`重新登录`}
            </Button>
          </Stack>
        )}
        {!rows.length && (
          <Text color="fg.muted" fontSize="sm" data-testid="sync-empty">
            {t`所有修改都已同步。`}
          </Text>
        )}
        <Section title={t`有冲突`} count={conflicts.length}>
          <Text fontSize="xs" color="fg.muted">
            {t`这些内容在您离线时已被修改。请选择保留哪一份。`}
          </Text>
          {conflicts.map((e) => (
            <Entry key={e.id} entry={e}>
              <Button size="xs" colorPalette="brand" onClick={() => db && void keepMine(db, e.id).then(kickSync)} data-testid="sync-keep-mine">
                {t`保留我的修改`}
              </Button>
              <Button size="xs" variant="outline" onClick={() => db && void keepTheirs(db, e.id)} data-testid="sync-keep-theirs">
                {t`使用服务器版本`}
              </Button>
            </Entry>
          ))}
        </Section>
        <Section title={t`同步失败`} count={dead.length}>
          {dead.map((e) => (
            <Entry key={e.id} entry={e}>
              <Button size="xs" variant="outline" onClick={() => db && void retryEntry(db, e.id).then(kickSync)} data-testid="sync-retry">
                {t`重试`}
              </Button>
              <DeleteConfirm onConfirm={() => (db ? discardEntry(db, e.id) : undefined)}>
                <Button size="xs" variant="ghost" colorPalette="red" data-testid="sync-discard">
                  {t`放弃此修改`}
                </Button>
              </DeleteConfirm>
            </Entry>
          ))}
        </Section>
        <Section title={t`待同步`} count={pending.length}>
          {pending.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </Section>
      </Stack>
    </ShellDrawer>
  );
}
