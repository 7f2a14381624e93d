import { Box, Button, HStack, Switch, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DeleteConfirm } from '@/components/delete-confirm';
import type { UserRow } from '@/contracts/org';
import { formatDateTime } from '@/lib/format';
import type { RemoteListView } from '@/lib/sync/remote-list';
import { usePagePermission } from '@/modules/auth/page-permission';
import { deleteUser, notifyDeleted, notifyFailed, setUserState } from '../store';
import { PendingBadge, StateBadge, TableFiller, Th } from './list-parts';

function useGenderName() {
  const { t } = useLingui();
  return (g: string | null | undefined) => (g === '1' ? t`男` : g === '2' ? t`女` : g === '3' ? t`保密` : '');
}

/**
 * The paged users: the granted columns (spec 6), the state as a switch (with 编辑 permission), and
 * 编辑 / 重置密码 / 删除 as the page's buttons allow. A row with a waiting write says 待同步.
 */
export function UserTable({ view, emptyText, onEdit, onResetPassword }: { view: RemoteListView<UserRow>; emptyText: string; onEdit(row: UserRow): void; onResetPassword(row: UserRow): void }) {
  const { t } = useLingui();
  const perm = usePagePermission();
  const genderName = useGenderName();
  const col = {
    account: perm.column('account'),
    realName: perm.column('realName'),
    gender: perm.column('gender'),
    department: perm.column('department'),
    position: perm.column('position'),
    mobilePhone: perm.column('mobilePhone'),
    email: perm.column('email'),
    roles: perm.column('roles'),
    entryDate: perm.column('entryDate'),
    enabledMark: perm.column('enabledMark'),
  };
  const can = { edit: perm.button('btn_edit'), reset: perm.button('btn_resetPassword'), remove: perm.button('btn_remove') };
  const hasActions = can.edit || can.reset || can.remove;
  const colSpan = Object.values(col).filter(Boolean).length + (hasActions ? 1 : 0) || 1;
  const rows = view.rows ?? [];

  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive data-testid="org-user-table">
        <Table.Header>
          <Table.Row>
            <Th show={col.account}>
              <Trans>账户</Trans>
            </Th>
            <Th show={col.realName}>
              <Trans>姓名</Trans>
            </Th>
            <Th show={col.gender}>
              <Trans>性别</Trans>
            </Th>
            <Th show={col.department}>
              <Trans>部门</Trans>
            </Th>
            <Th show={col.position}>
              <Trans>岗位</Trans>
            </Th>
            <Th show={col.mobilePhone}>
              <Trans>手机</Trans>
            </Th>
            <Th show={col.email}>
              <Trans>邮箱</Trans>
            </Th>
            <Th show={col.roles}>
              <Trans>角色</Trans>
            </Th>
            <Th show={col.entryDate}>
              <Trans>入职日期</Trans>
            </Th>
            <Th show={col.enabledMark}>
              <Trans>状态</Trans>
            </Th>
            <Th show={hasActions}>
              <Trans>操作</Trans>
            </Th>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!rows.length ? (
            <TableFiller colSpan={colSpan} loading={view.loading || view.rows === undefined} text={emptyText} />
          ) : (
            rows.map((row) => {
              const pending = view.pending.has(row.id);
              const name = row.realName || row.account;
              return (
                <Table.Row key={row.id} data-testid="org-user-row" data-pending={pending || undefined}>
                  {col.account ? (
                    <Table.Cell>
                      <HStack gap="1.5">
                        <Text as="span">{row.account}</Text>
                        {pending ? <PendingBadge /> : null}
                      </HStack>
                    </Table.Cell>
                  ) : null}
                  {col.realName ? (
                    <Table.Cell>
                      <HStack gap="1.5">
                        <Text as="span">{row.realName}</Text>
                        {pending && !col.account ? <PendingBadge /> : null}
                      </HStack>
                    </Table.Cell>
                  ) : null}
                  {col.gender ? <Table.Cell>{genderName(row.gender)}</Table.Cell> : null}
                  {col.department ? <Table.Cell>{row.department || row.organize}</Table.Cell> : null}
                  {col.position ? <Table.Cell>{row.position}</Table.Cell> : null}
                  {col.mobilePhone ? <Table.Cell>{row.mobilePhone}</Table.Cell> : null}
                  {col.email ? <Table.Cell>{row.email}</Table.Cell> : null}
                  {col.roles ? <Table.Cell>{row.roles?.split(',').join('、')}</Table.Cell> : null}
                  {col.entryDate ? <Table.Cell whiteSpace="nowrap">{formatDateTime(row.entryDate, 'YYYY-MM-DD')}</Table.Cell> : null}
                  {col.enabledMark ? (
                    <Table.Cell>
                      {can.edit ? (
                        <Switch.Root
                          size="sm"
                          colorPalette="brand"
                          checked={row.enabledMark === 1}
                          onCheckedChange={(e) => void setUserState(row, e.checked).catch(notifyFailed)}
                          aria-label={row.enabledMark === 1 ? t`禁用「${name}」` : t`启用「${name}」`}
                          data-testid="org-user-state"
                        >
                          <Switch.HiddenInput />
                          <Switch.Control />
                        </Switch.Root>
                      ) : (
                        <StateBadge enabled={row.enabledMark === 1} />
                      )}
                    </Table.Cell>
                  ) : null}
                  {hasActions ? (
                    <Table.Cell whiteSpace="nowrap">
                      <HStack gap="1">
                        {can.edit ? (
                          <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => onEdit(row)} data-testid="org-user-edit">
                            <Trans>编辑</Trans>
                          </Button>
                        ) : null}
                        {can.reset ? (
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="brand"
                            disabled={row.version === 0}
                            title={row.version === 0 ? t`该用户尚未同步到服务器，同步后才能重置密码` : undefined}
                            onClick={() => onResetPassword(row)}
                            data-testid="org-user-reset"
                          >
                            <Trans>重置密码</Trans>
                          </Button>
                        ) : null}
                        {can.remove ? (
                          <DeleteConfirm onConfirm={() => void deleteUser(row).then(notifyDeleted, notifyFailed)}>
                            <Button size="xs" variant="ghost" colorPalette="red" data-testid="org-user-delete">
                              <Trans>删除</Trans>
                            </Button>
                          </DeleteConfirm>
                        ) : null}
                      </HStack>
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              );
            })
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
