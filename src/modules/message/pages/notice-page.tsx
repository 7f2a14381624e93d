import { useEffect, useState } from 'react';
import { Badge, Box, Button, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Eye, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import type { NoticeRow } from '@/contracts/message';
import { confirm } from '@/components/confirm';
import { DeleteConfirm } from '@/components/delete-confirm';
import { EmptyState } from '@/components/empty-state';
import { ListPagination } from '@/components/list-pagination';
import { CacheNote, ListLoading, PendingBadge } from '@/components/list-status';
import { ListToolbar } from '@/components/list-toolbar';
import { PageCard } from '@/components/page-card';
import { clampPage } from '@/components/pagination-model';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';
import { IfButton, usePagePermission } from '@/modules/auth/page-permission';
import { NoticeFormDialog } from '../components/notice-form-dialog';
import { NoticePreviewDialog } from '../components/notice-preview-dialog';
import { noticeStateText, readText, recipientsText } from '../notice-labels';
import { queued } from '@/components/queued-feedback';
import { defaultNoticeQuery, deleteNotice, isReleased, releaseNotice, releaseWording, useNoticeList, type NoticeQuery } from '../notice-store';

/** Menu page `system/notice` (系统公告): notices as drafts, released to their recipients, and what they read. */
export function NoticePage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  const online = useSnapshot(network).online;
  const [q, setQ] = useState<NoticeQuery>(defaultNoticeQuery);
  const view = useNoticeList(q);
  const [form, setForm] = useState<{ row: NoticeRow | null } | null>(null);
  const [preview, setPreview] = useState<NoticeRow | null>(null);
  const can = { edit: perm.button('btn_edit'), remove: perm.button('btn_remove'), release: perm.button('btn_release') };

  // A page left empty (its last rows deleted, a smaller total) goes back to the last page there is.
  useEffect(() => {
    if (view.rows && view.rows.length === 0 && q.currentPage > 1 && view.total > 0) {
      setQ((prev) => ({ ...prev, currentPage: clampPage(prev.currentPage, view.total, prev.pageSize) }));
    }
  }, [view.rows, view.total, q.currentPage]);

  const release = async (row: NoticeRow) => {
    const ok = await confirm(t`发布公告`, t`确定发布该公告吗？发布后将推送给接收人，且不能再修改。`, { okText: t`发布` });
    if (ok) await queued(releaseWording(), () => releaseNotice(row));
  };

  const actions = (row: NoticeRow) => {
    const released = isReleased(row);
    return (
      <HStack gap="1" justify="flex-end">
        {released ? (
          <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setPreview(row)} data-testid="notice-view">
            <Eye />
            <Trans>查看</Trans>
          </Button>
        ) : null}
        {!released && can.edit ? (
          <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setForm({ row })} data-testid="notice-edit">
            <Pencil />
            <Trans>编辑</Trans>
          </Button>
        ) : null}
        {!released && can.release ? (
          <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => void release(row)} data-testid="notice-release">
            <Send />
            <Trans>发布</Trans>
          </Button>
        ) : null}
        {can.remove ? (
          <DeleteConfirm onConfirm={() => void queued('delete', () => deleteNotice(row))}>
            <Button size="xs" variant="ghost" colorPalette="red" data-testid="notice-delete">
              <Trash2 />
              <Trans>删除</Trans>
            </Button>
          </DeleteConfirm>
        ) : null}
      </HStack>
    );
  };

  const rows = view.rows;
  const failed = online && !!view.error;
  const error = view.error ?? '';
  const emptyText =
    !online && view.fetchedAt === null
      ? t`当前离线，本机还没有公告数据，请联网后再试。`
      : failed && view.fetchedAt === null
        ? t`加载失败：${error}`
        : q.keyword
          ? t`没有找到匹配的公告`
          : t`暂无公告`;

  let body;
  if (rows === undefined) body = <ListLoading testId="notice-loading" />;
  else if (rows.length === 0)
    body = (
      <EmptyState
        text={emptyText}
        action={
          failed ? (
            <Button size="sm" variant="outline" onClick={view.refetch}>
              <Trans>重试</Trans>
            </Button>
          ) : q.keyword ? (
            <Button size="sm" variant="outline" onClick={() => setQ((prev) => ({ ...prev, keyword: '', currentPage: 1 }))}>
              <Trans>清除搜索</Trans>
            </Button>
          ) : undefined
        }
      />
    );
  else
    body = (
      <Box overflowX="auto">
        <Table.Root size="sm" interactive data-testid="notice-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader minW="48">
                <Trans>标题</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">
                <Trans>状态</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">
                <Trans>接收人</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">
                <Trans>发布人</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">
                <Trans>发布时间</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap" textAlign="end">
                <Trans>已读</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>操作</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => {
              const pending = view.pending.has(row.id);
              const released = isReleased(row);
              return (
                <Table.Row key={row.id} data-testid="notice-row" data-id={row.id} data-state={released ? 'released' : 'draft'} data-pending={pending || undefined}>
                  <Table.Cell>
                    <HStack gap="1.5" wrap="wrap">
                      <Text as="span" data-testid="notice-row-title">
                        {row.title}
                      </Text>
                      {pending ? <PendingBadge testId="notice-pending" /> : null}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={released ? 'green' : 'gray'} variant="subtle" data-testid="notice-state">
                      {noticeStateText(row)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" data-testid="notice-recipients-cell">
                    {recipientsText(row)}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{row.creatorUser}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(row.releaseTime)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap" textAlign="end" data-testid="notice-read">
                    {readText(row)}
                  </Table.Cell>
                  <Table.Cell>{actions(row)}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    );

  return (
    <PageCard
      testId="notice-page"
      title={<Trans>系统公告</Trans>}
      dialog={
        <>
          {form ? <NoticeFormDialog row={form.row} onClose={() => setForm(null)} /> : null}
          {preview ? <NoticePreviewDialog row={preview} onClose={() => setPreview(null)} /> : null}
        </>
      }
    >
      <Stack gap="4">
        <ListToolbar keyword={q.keyword} onSearch={(keyword) => setQ((prev) => ({ ...prev, keyword, currentPage: 1 }))} placeholder={t`请输入标题查询`}>
          {view.loading && rows ? <Spinner size="sm" color="brand.solid" aria-label={t`加载中`} /> : null}
          <IfButton code="btn_add">
            <Button size="sm" colorPalette="brand" onClick={() => setForm({ row: null })} data-testid="notice-add">
              <Plus />
              <Trans>新建</Trans>
            </Button>
          </IfButton>
        </ListToolbar>
        <CacheNote
          view={view}
          testId="notice-list-cached"
          action={
            failed ? (
              <Button size="xs" variant="outline" alignSelf="center" onClick={view.refetch}>
                <Trans>重试</Trans>
              </Button>
            ) : null
          }
        />
        {!online ? (
          <Text fontSize="sm" color="fg.muted">
            <Trans>当前离线：新建、修改、发布和删除先记在本机，联网后自动同步。</Trans>
          </Text>
        ) : null}
        {body}
        {rows !== undefined && view.total > 0 ? (
          <ListPagination total={view.total} page={q.currentPage} pageSize={q.pageSize} onChange={(currentPage, pageSize) => setQ((prev) => ({ ...prev, currentPage, pageSize }))} />
        ) : null}
      </Stack>
    </PageCard>
  );
}
