import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Center, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { RoleRow } from '@/contracts/org';
import { DialogSections, DialogShell } from '@/components/dialog-frame';
import { EmptyState } from '@/components/empty-state';
import { CacheNote, PendingBadge } from '@/components/list-status';
import { queued } from '@/components/queued-feedback';
import { network } from '@/lib/network';
import { buildGrantModel, GRANT_KINDS, grantBody, initialGrants, sameGrants, summarize, type GrantKind } from '../grants';
import { loadAuthority, NoCachedAuthorityError, saveAuthority, type AuthorityView } from '../store';
import { GrantTree } from './grant-tree';

type Load = { status: 'loading' } | { status: 'failed'; noCopy: boolean; message: string } | { status: 'ready'; view: AuthorityView };

/** The tabs of spec 6 (menu, button and list permissions) over one set of grants. */
export function GrantEditor({ role, view, onClose, onReload }: { role: RoleRow; view: AuthorityView; onClose(): void; onReload(): void }) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const model = useMemo(() => buildGrantModel(view.data), [view.data]);
  const initial = useMemo(() => initialGrants(model, view.data.granted), [model, view.data.granted]);
  const [state, setState] = useState(initial);
  const summary = useMemo(() => summarize(model, state), [model, state]);
  const [tab, setTab] = useState<GrantKind>('module');
  const [saving, setSaving] = useState(false);
  const readOnly = view.fromCache;
  const changed = !sameGrants(initial, state);

  const tabTitles: Record<GrantKind, string> = { module: t`菜单权限`, button: t`按钮权限`, column: t`列表权限` };
  const countOf = (kind: GrantKind) => {
    let n = 0;
    for (const id of state[kind]) if (kind === 'module' ? model.modules.has(id) : model.owner[kind].has(id)) n++;
    return n;
  };

  async function save() {
    setSaving(true);
    try {
      const ok = await queued({ online: t`授权已保存`, offline: t`授权已保存在本机，联网后自动同步`, slow: t`授权已保存在本机，正在同步` }, () =>
        saveAuthority(role.id, grantBody(model, state), role.fullName),
      );
      if (ok) onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <DialogSections
      title={<AuthorizeTitle role={role} />}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {readOnly ? <Trans>关闭</Trans> : <Trans>取消</Trans>}
          </Button>
          {!readOnly && (
            <Button colorPalette="brand" onClick={() => void save()} loading={saving} disabled={!changed} data-testid="authorize-save">
              <Trans>保存</Trans>
            </Button>
          )}
        </>
      }
    >
      <Stack gap="3">
        <CacheNote
          view={view}
          testId="authorize-offline"
          detail={<Trans>离线时只能查看授权，联网后才能修改。</Trans>}
          action={
            online ? (
              <Button size="xs" variant="outline" onClick={onReload} alignSelf="center">
                <Trans>重新加载</Trans>
              </Button>
            ) : null
          }
        />
        {view.pending && (
          <HStack gap="2">
            <PendingBadge />
            <Text fontSize="sm" color="fg.muted">
              <Trans>显示的是尚未送达服务器的授权修改。</Trans>
            </Text>
          </HStack>
        )}
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as GrantKind)} variant="line" lazyMount unmountOnExit>
          <Tabs.List>
            {GRANT_KINDS.map((kind) => (
              <Tabs.Trigger key={kind} value={kind} data-testid={`authorize-tab-${kind}`}>
                {tabTitles[kind]}
                <Badge size="xs" variant="subtle" ms="1">
                  {countOf(kind)}
                </Badge>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {GRANT_KINDS.map((kind) => (
            <Tabs.Content key={kind} value={kind}>
              <GrantTree model={model} kind={kind} state={state} summary={summary} readOnly={readOnly} onChange={setState} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <Text fontSize="sm" color="fg.muted">
          {tab === 'module' ? (
            <Trans>勾选菜单会同时勾选它的按钮和列表字段；勾选按钮或列表字段会同时勾选所属菜单及其上级。</Trans>
          ) : (
            <Trans>勾选按钮或列表字段会同时勾选所属菜单及其上级菜单。</Trans>
          )}{' '}
          <Trans>该角色的用户在下次刷新页面或重新登录后看到权限变化。</Trans>
        </Text>
      </Stack>
    </DialogSections>
  );
}

function AuthorizeContent({ role, onClose }: { role: RoleRow; onClose(): void }) {
  const { t } = useLingui();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    loadAuthority(role.id)
      .then((view) => live && setLoad({ status: 'ready', view }))
      .catch((e: unknown) => live && setLoad({ status: 'failed', noCopy: e instanceof NoCachedAuthorityError, message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [role.id, nonce]);

  if (load.status === 'ready')
    return <GrantEditor key={`${load.view.fetchedAt}:${load.view.pending}`} role={role} view={load.view} onClose={onClose} onReload={() => setNonce((n) => n + 1)} />;
  return (
    <DialogSections
      title={<AuthorizeTitle role={role} />}
      footer={
        <Button variant="outline" onClick={onClose}>
          <Trans>关闭</Trans>
        </Button>
      }
    >
      {load.status === 'loading' ? (
        <Center py="16">
          <Spinner color="brand.solid" />
        </Center>
      ) : (
        <EmptyState
          text={load.noCopy ? t`当前离线，本机还没有该角色的授权数据，请联网后再试。` : load.message || t`请求出错，请重试`}
          action={
            <Button size="sm" variant="outline" onClick={() => setNonce((n) => n + 1)}>
              <Trans>重试</Trans>
            </Button>
          }
        />
      )}
    </DialogSections>
  );
}

function AuthorizeTitle({ role }: { role: RoleRow }) {
  const { t } = useLingui();
  const name = role.fullName;
  return <>{t`角色授权：${name}`}</>;
}

/** 授权: what the role is granted (menus, buttons, list columns); saving replaces its grants through the sync queue. */
export function AuthorizeDialog({ role, onClose }: { role: RoleRow; onClose(): void }) {
  return (
    <DialogShell onClose={onClose} size="lg" scroll="outside" testId="authorize-dialog">
      <AuthorizeContent role={role} onClose={onClose} />
    </DialogShell>
  );
}
