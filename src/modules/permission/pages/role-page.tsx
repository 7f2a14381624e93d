import { useEffect, useState } from 'react';
import { Badge, Box, Button, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { PageCard } from '@/components/page-card';
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useSnapshot } from 'valtio';
import type { RoleRow } from '@/contracts/org';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import { DeleteConfirm } from '@/components/delete-confirm';
import { EmptyState } from '@/components/empty-state';
import { ListPagination } from '@/components/list-pagination';
import { CacheNote, ListLoading, PendingBadge, StateSwitch } from '@/components/list-status';
import { ListToolbar } from '@/components/list-toolbar';
import { clampPage } from '@/components/pagination-model';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';
import { IfButton, usePagePermission } from '@/modules/auth/page-permission';
import { AuthorizeDialog } from '../components/authorize-dialog';
import { RoleFormDialog } from '../components/role-form-dialog';
import { DATA_SCOPE_LABELS } from '../labels';
import { BUILT_IN_ROLE, deleteRole, setRoleState, usePendingGrants, useRoleList, type RoleQuery } from '../store';

/** Columns of the role list, by the codes the page's column permission names (spec 6). */
const COLUMNS = ['fullName', 'enCode', 'dataScope', 'userCount', 'enabledMark', 'creatorTime'] as const;
type Column = (typeof COLUMNS)[number];

type FormTarget = { row: RoleRow | null; pending: boolean };

/** Menu page `permission/role`: roles, their state, and what each is granted (spec 6). */
export function RolePage() {
  const { t, i18n } = useLingui();
  const perm = usePagePermission();
  const online = useSnapshot(network).online;
  const [q, setQ] = useState<RoleQuery>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: '' });
  const view = useRoleList(q);
  const pendingGrants = usePendingGrants();
  const [form, setForm] = useState<FormTarget | null>(null);
  const [authorizing, setAuthorizing] = useState<RoleRow | null>(null);

  // A page left empty (its last rows deleted, a smaller total) goes back to the last page there is.
  useEffect(() => {
    if (view.rows && view.rows.length === 0 && q.currentPage > 1 && view.total > 0) {
      setQ((prev) => ({ ...prev, currentPage: clampPage(prev.currentPage, view.total, prev.pageSize) }));
    }
  }, [view.rows, view.total, q.currentPage]);

  const shown = COLUMNS.filter((c) => perm.column(c));
  const can = { edit: perm.button('btn_edit'), remove: perm.button('btn_remove'), authorize: perm.button('btn_authorize') };
  const hasActions = can.edit || can.remove || can.authorize;
  const headers: Record<Column, string> = {
    fullName: t`角色名称`,
    enCode: t`角色编码`,
    dataScope: t`数据范围`,
    userCount: t`用户数`,
    enabledMark: t`状态`,
    creatorTime: t`创建时间`,
  };

  const cell = (row: RoleRow, c: Column) => {
    const builtIn = row.enCode === BUILT_IN_ROLE;
    const name = row.fullName;
    switch (c) {
      case 'fullName':
        return (
          <HStack gap="2" wrap="wrap">
            <Text as="span">{row.fullName}</Text>
            {view.pending.has(row.id) && <PendingBadge testId="role-pending" />}
            {pendingGrants.has(row.id) && (
              <Badge colorPalette="orange" variant="outline" size="sm">
                <Trans>授权待同步</Trans>
              </Badge>
            )}
          </HStack>
        );
      case 'enCode':
        return row.enCode;
      case 'dataScope':
        return DATA_SCOPE_LABELS[row.dataScope] ? i18n._(DATA_SCOPE_LABELS[row.dataScope]) : row.dataScope;
      case 'userCount':
        return row.userCount;
      case 'enabledMark':
        return (
          <StateSwitch
            enabled={row.enabledMark === 1}
            canEdit={can.edit}
            disabled={builtIn}
            showLabel
            label={row.enabledMark === 1 ? t`停用角色「${name}」` : t`启用角色「${name}」`}
            onChange={(on) => void setRoleState(row, on ? 1 : 0)}
            testId="role-state"
          />
        );
      case 'creatorTime':
        return <Text as="span" whiteSpace="nowrap">{formatDateTime(row.creatorTime)}</Text>;
    }
  };

  const actions = (row: RoleRow) => {
    const builtIn = row.enCode === BUILT_IN_ROLE;
    // A role made here and not yet on the server has no grants to load yet.
    const unsent = view.pending.has(row.id) && row.version === 0;
    const inUse = row.userCount > 0;
    return (
      <HStack gap="1" justify="flex-end">
        <IfButton code="btn_edit">
          <Button size="xs" variant="ghost" onClick={() => setForm({ row, pending: view.pending.has(row.id) })} data-testid="role-edit">
            <Pencil />
            <Trans>编辑</Trans>
          </Button>
        </IfButton>
        <IfButton code="btn_authorize">
          <Button
            size="xs"
            variant="ghost"
            disabled={unsent}
            title={unsent ? t`角色同步到服务器后才能授权` : undefined}
            onClick={() => setAuthorizing(row)}
            data-testid="role-authorize"
          >
            <KeyRound />
            <Trans>授权</Trans>
          </Button>
        </IfButton>
        <IfButton code="btn_remove">
          {builtIn || inUse ? (
            <Button size="xs" variant="ghost" colorPalette="red" disabled title={builtIn ? t`不能删除系统内置角色` : t`该角色下有用户，不能删除`}>
              <Trash2 />
              <Trans>删除</Trans>
            </Button>
          ) : (
            <DeleteConfirm onConfirm={() => deleteRole(row)}>
              <Button size="xs" variant="ghost" colorPalette="red" data-testid="role-delete">
                <Trash2 />
                <Trans>删除</Trans>
              </Button>
            </DeleteConfirm>
          )}
        </IfButton>
      </HStack>
    );
  };

  const rows = view.rows;
  const failed = online && !!view.error;
  const error = view.error ?? '';
  const emptyText =
    !online && view.fetchedAt === null
      ? t`当前离线，本机还没有角色数据，请联网后再试。`
      : failed && view.fetchedAt === null
        ? t`加载失败：${error}`
        : q.keyword
          ? t`没有找到匹配的角色`
          : t`暂无角色`;

  return (
    <PageCard title={<Trans>角色管理</Trans>} dialog={<>{form && <RoleFormDialog row={form.row} pending={form.pending} onClose={() => setForm(null)} />}
      {authorizing && <AuthorizeDialog role={authorizing} onClose={() => setAuthorizing(null)} />}</>}>
        <Stack gap="4">
          <ListToolbar keyword={q.keyword} onSearch={(keyword) => setQ((prev) => ({ ...prev, keyword, currentPage: 1 }))} placeholder={t`请输入角色名称或编码`}>
            {view.loading && rows && <Spinner size="sm" color="brand.solid" aria-label={t`加载中`} />}
            <IfButton code="btn_add">
              <Button size="sm" colorPalette="brand" onClick={() => setForm({ row: null, pending: false })} data-testid="role-add">
                <Plus />
                <Trans>新建角色</Trans>
              </Button>
            </IfButton>
          </ListToolbar>

          <CacheNote
            view={view}
            testId="role-list-cached"
            action={
              failed ? (
                <Button size="xs" variant="outline" alignSelf="center" onClick={view.refetch}>
                  <Trans>重试</Trans>
                </Button>
              ) : null
            }
          />
          {!online && (
            <Text fontSize="sm" color="fg.muted">
              <Trans>当前离线：新建、修改和删除先记在本机，联网后自动同步。</Trans>
            </Text>
          )}

          {rows === undefined ? (
            <ListLoading />
          ) : rows.length === 0 ? (
            <EmptyState
              text={emptyText}
              action={
                failed ? (
                  <Button size="sm" variant="outline" onClick={view.refetch}>
                    <Trans>重试</Trans>
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <Box overflowX="auto">
              <Table.Root size="sm" interactive data-testid="role-table">
                <Table.Header>
                  <Table.Row>
                    {shown.map((c) => (
                      <Table.ColumnHeader key={c} whiteSpace="nowrap" textAlign={c === 'userCount' ? 'end' : undefined}>
                        {headers[c]}
                      </Table.ColumnHeader>
                    ))}
                    {hasActions && (
                      <Table.ColumnHeader textAlign="end">
                        <Trans>操作</Trans>
                      </Table.ColumnHeader>
                    )}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => (
                    <Table.Row key={row.id} data-testid="role-row" data-pending={view.pending.has(row.id) || undefined}>
                      {shown.map((c) => (
                        <Table.Cell key={c} textAlign={c === 'userCount' ? 'end' : undefined}>
                          {cell(row, c)}
                        </Table.Cell>
                      ))}
                      {hasActions && <Table.Cell>{actions(row)}</Table.Cell>}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}

          <ListPagination
            total={view.total}
            page={q.currentPage}
            pageSize={q.pageSize}
            onChange={(currentPage, pageSize) => setQ((prev) => ({ ...prev, currentPage, pageSize }))}
          />
        </Stack>
    </PageCard>
  );
}
