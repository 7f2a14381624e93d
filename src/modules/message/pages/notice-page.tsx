import { useState } from 'react';
import { Badge, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, Pencil, Send } from 'lucide-react';
import type { NoticeRow } from '@/contracts/message';
import { confirm } from '@/components/confirm';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { actionsColumn, addAction, deleteAction, type RowAction } from '@/components/list/row-actions';
import { PageCard } from '@/components/page-card';
import { queued } from '@/components/queued-feedback';
import { LIST_SORT_FIELDS } from '@/contracts/list-sort';
import { formatDateTime } from '@/lib/format';
import { defineListSearch, listParams, useListSearch } from '@/lib/list-search';
import { usePagePermission } from '@/modules/auth/public';
import { NoticeFormDialog } from '../components/notice-form-dialog';
import { NoticePreviewDialog } from '../components/notice-preview-dialog';
import { noticeStateText, readText, recipientsText } from '../notice-labels';
import { useNoticeList } from '../notice-list-hooks';
import { isReleased } from '../notice-list';
import { deleteNotice, releaseNotice, releaseWording } from '../notice-store';

const noticeSearch = defineListSearch({}, {}, { sortable: LIST_SORT_FIELDS.notices });

/** The notice table's columns: a draft can be edited, released and deleted; a released notice viewed and deleted. */
function useNoticeColumns(onEdit: (row: NoticeRow) => void, onView: (row: NoticeRow) => void): ListColumn<NoticeRow>[] {
  const { t } = useLingui();
  const perm = usePagePermission();
  const release = async (row: NoticeRow) => {
    const ok = await confirm(t`发布公告`, t`确定发布该公告吗？发布后将推送给接收人，且不能再修改。`, { okText: t`发布` });
    if (ok) await queued(releaseWording(), () => releaseNotice(row));
  };
  const actions: RowAction<NoticeRow>[] = [
    { key: 'view', label: <Trans>查看</Trans>, icon: <Eye />, when: isReleased, run: onView, testId: 'notice-view' },
    { key: 'edit', label: <Trans>编辑</Trans>, icon: <Pencil />, code: 'btn_edit', when: (row) => !isReleased(row), run: onEdit, testId: 'notice-edit' },
    { key: 'release', label: <Trans>发布</Trans>, icon: <Send />, code: 'btn_release', when: (row) => !isReleased(row), run: (row) => void release(row), testId: 'notice-release' },
    deleteAction((row) => row.title, (row) => void queued('delete', () => deleteNotice(row)), 'notice-delete'),
  ];
  return [
    {
      key: 'title',
      header: <Trans>标题</Trans>,
      minWidth: '48',
      cell: (row) => (
        <Text as="span" data-testid="notice-row-title">
          {row.title}
        </Text>
      ),
    },
    {
      key: 'state',
      header: <Trans>状态</Trans>,
      nowrap: true,
      cell: (row) => (
        <Badge colorPalette={isReleased(row) ? 'green' : 'gray'} variant="subtle" data-testid="notice-state">
          {noticeStateText(row)}
        </Badge>
      ),
    },
    { key: 'recipients', header: <Trans>接收人</Trans>, nowrap: true, testId: 'notice-recipients-cell', cell: recipientsText },
    { key: 'creatorUser', header: <Trans>发布人</Trans>, nowrap: true, cell: (row) => row.creatorUser },
    { key: 'releaseTime', header: <Trans>发布时间</Trans>, nowrap: true, cell: (row) => formatDateTime(row.releaseTime) },
    { key: 'read', header: <Trans>已读</Trans>, nowrap: true, align: 'end', testId: 'notice-read', cell: readText },
    actionsColumn(actions, perm.button),
  ];
}

/** Menu page `system/notice` (系统公告): notices as drafts, released to their recipients, and what they read; page and keyword in the URL. */
export function NoticePage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  const [form, setForm] = useState<{ row: NoticeRow | null } | null>(null);
  const [preview, setPreview] = useState<NoticeRow | null>(null);
  const query = useListSearch(noticeSearch);
  const view = useNoticeList(listParams(query.values));
  const columns = useNoticeColumns((row) => setForm({ row }), setPreview);
  const empty = useListEmpty(view, query, { none: t`暂无公告`, noMatch: t`没有找到匹配的公告`, noCopy: t`当前离线，本机还没有公告数据，请联网后再试。` });

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
      <ListFrame
        view={view}
        query={query}
        tableKey="message.notice"
        placeholder={t`请输入标题查询`}
        can={perm.button}
        actions={[addAction(<Trans>新建</Trans>, () => setForm({ row: null }), 'notice-add')]}
        offlineNote={<Trans>新建、修改、发布和删除先记在本机，联网后自动同步。</Trans>}
      >
        <ListTable
          testId="notice-table"
          rowTestId="notice-row"
          columns={columns}
          view={view}
          rowData={(row) => ({ 'data-id': row.id, 'data-state': isReleased(row) ? 'released' : 'draft' })}
          empty={empty}
        />
      </ListFrame>
    </PageCard>
  );
}
