import { useState } from 'react';
import { Box, Button, Card, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { DeleteConfirm } from '@/components/delete-confirm';
import { ListPagination } from '@/components/list-pagination';
import { ListToolbar } from '@/components/list-toolbar';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import type { PositionRow } from '@/contracts/org';
import { formatDateTime } from '@/lib/format';
import { useRemoteList, type RemoteListView } from '@/lib/sync/remote-list';
import { IfButton, usePagePermission } from '@/modules/auth/page-permission';
import { CacheNote, PendingBadge, StateBadge, TableFiller, Th } from '../components/list-parts';
import { OrgFilterPanel } from '../components/org-filter-panel';
import { PositionFormDialog } from '../components/position-form';
import { useOrgTree } from '../data';
import { deletePosition, notifyDeleted, notifyFailed, positionList, useOfflineSearch } from '../store';

function PositionTable({ view, emptyText, onEdit }: { view: RemoteListView<PositionRow>; emptyText: string; onEdit(row: PositionRow): void }) {
  const perm = usePagePermission();
  const col = {
    fullName: perm.column('fullName'),
    enCode: perm.column('enCode'),
    department: perm.column('department'),
    type: perm.column('type'),
    enabledMark: perm.column('enabledMark'),
    sortCode: perm.column('sortCode'),
    creatorTime: perm.column('creatorTime'),
  };
  const can = { edit: perm.button('btn_edit'), remove: perm.button('btn_remove') };
  const hasActions = can.edit || can.remove;
  const colSpan = Object.values(col).filter(Boolean).length + (hasActions ? 1 : 0) || 1;
  const rows = view.rows ?? [];
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive data-testid="org-position-table">
        <Table.Header>
          <Table.Row>
            <Th show={col.fullName}>
              <Trans>名称</Trans>
            </Th>
            <Th show={col.enCode}>
              <Trans>编码</Trans>
            </Th>
            <Th show={col.department}>
              <Trans>所属部门</Trans>
            </Th>
            <Th show={col.type}>
              <Trans>类型</Trans>
            </Th>
            <Th show={col.enabledMark}>
              <Trans>状态</Trans>
            </Th>
            <Th show={col.sortCode}>
              <Trans>排序</Trans>
            </Th>
            <Th show={col.creatorTime}>
              <Trans>创建时间</Trans>
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
            rows.map((row) => (
              <Table.Row key={row.id} data-testid="org-position-row" data-pending={view.pending.has(row.id) || undefined}>
                {col.fullName ? (
                  <Table.Cell>
                    <HStack gap="1.5">
                      <Text as="span">{row.fullName}</Text>
                      {view.pending.has(row.id) ? <PendingBadge /> : null}
                    </HStack>
                  </Table.Cell>
                ) : null}
                {col.enCode ? <Table.Cell>{row.enCode}</Table.Cell> : null}
                {col.department ? <Table.Cell>{row.department}</Table.Cell> : null}
                {col.type ? <Table.Cell>{row.type}</Table.Cell> : null}
                {col.enabledMark ? (
                  <Table.Cell>
                    <StateBadge enabled={row.enabledMark === 1} />
                  </Table.Cell>
                ) : null}
                {col.sortCode ? <Table.Cell>{row.sortCode}</Table.Cell> : null}
                {col.creatorTime ? <Table.Cell whiteSpace="nowrap">{formatDateTime(row.creatorTime)}</Table.Cell> : null}
                {hasActions ? (
                  <Table.Cell whiteSpace="nowrap">
                    <HStack gap="1">
                      {can.edit ? (
                        <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => onEdit(row)} data-testid="org-position-edit">
                          <Trans>编辑</Trans>
                        </Button>
                      ) : null}
                      {can.remove ? (
                        <DeleteConfirm onConfirm={() => void deletePosition(row).then(notifyDeleted, notifyFailed)}>
                          <Button size="xs" variant="ghost" colorPalette="red" data-testid="org-position-delete">
                            <Trans>删除</Trans>
                          </Button>
                        </DeleteConfirm>
                      ) : null}
                    </HStack>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Menu page `permission/position`: departments on the left to filter, the paged positions on the right. */
export function PositionPage() {
  const { t } = useLingui();
  const { data: tree } = useOrgTree();
  useOfflineSearch();
  const [organizeId, setOrganizeId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [editing, setEditing] = useState<{ row: PositionRow | null } | null>(null);
  const view = useRemoteList(positionList, { currentPage: paging.page, pageSize: paging.pageSize, keyword, organizeId: organizeId ?? undefined });
  const filtered = !!keyword || !!organizeId;

  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">
          <Trans>岗位管理</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Flex gap="5" direction={{ base: 'column', lg: 'row' }} align="stretch">
          <OrgFilterPanel
            title={t`组织机构`}
            nodes={tree === undefined ? undefined : (tree ?? [])}
            value={organizeId}
            onChange={(id) => {
              setOrganizeId(id);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            allowAll
          />
          <Stack gap="3" flex="1" minW="0">
            <CacheNote view={view} />
            <ListToolbar
              keyword={keyword}
              onSearch={(k) => {
                setKeyword(k);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              placeholder={t`请输入名称或编码查询`}
            >
              <IfButton code="btn_add">
                <Button size="sm" colorPalette="brand" onClick={() => setEditing({ row: null })} data-testid="org-position-add">
                  <Plus />
                  <Trans>新建岗位</Trans>
                </Button>
              </IfButton>
            </ListToolbar>
            <PositionTable view={view} emptyText={filtered ? t`没有找到匹配的岗位` : t`还没有岗位`} onEdit={(row) => setEditing({ row })} />
            <ListPagination total={view.total} page={paging.page} pageSize={paging.pageSize} onChange={(page, pageSize) => setPaging({ page, pageSize })} />
          </Stack>
        </Flex>
      </Card.Body>
      {editing ? <PositionFormDialog row={editing.row} organizeId={organizeId} onClose={() => setEditing(null)} /> : null}
    </Card.Root>
  );
}
