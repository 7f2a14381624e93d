import { useState } from 'react';
import { Badge, Box, Button, chakra, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCheck, Trash2 } from 'lucide-react';
import { MessageType, type MessageRow } from '@/contracts/message';
import { DeleteConfirm } from '@/components/delete-confirm';
import { EmptyState } from '@/components/empty-state';
import { ListPagination } from '@/components/list-pagination';
import { CacheNote, ListLoading } from '@/components/list-status';
import { ListToolbar } from '@/components/list-toolbar';
import { PageCard } from '@/components/page-card';
import { formatDateTime } from '@/lib/format';
import { confirmAndReadAll, removeMessages } from '../components/actions';
import { useOpenMessage } from '../components/use-open-message';
import { defaultRecordQuery, useMessageRecords, type RecordQuery } from '../record-list';
import { isNotice, messageTypeLabel } from '../store';

const SYSTEM_TYPES = [MessageType.flowTodo, MessageType.flowCirculate, MessageType.flowLaunch];

/** The type filter: 全部, 公告, and each system type (GET /Message takes one type; see record-list.ts). */
function TypeFilter({ value, onChange }: { value: number | null; onChange(type: number | null): void }) {
  const { t } = useLingui();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field aria-label={t`消息类型`} value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} data-testid="message-record-type">
        <option value="">{t`全部类型`}</option>
        <option value={MessageType.notice}>{messageTypeLabel(MessageType.notice)}</option>
        <optgroup label={t`系统消息`}>
          {SYSTEM_TYPES.map((type) => (
            <option key={type} value={type}>
              {messageTypeLabel(type)}
            </option>
          ))}
        </optgroup>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** /messageRecord, the message centre (spec 2.1): search, filter by type, open, delete. */
/**
 * A row checkbox: the native control in the theme colour (Chakra's checkbox recipe is left out of
 * the shared theme to keep the sign-in bundle small).
 */
function PickBox({ checked, indeterminate = false, onChange, label, testId }: { checked: boolean; indeterminate?: boolean; onChange: (on: boolean) => void; label: string; testId: string }) {
  return (
    <chakra.input
      type="checkbox"
      w="4"
      h="4"
      cursor="pointer"
      accentColor="brand.solid"
      verticalAlign="middle"
      checked={checked}
      ref={(el: HTMLInputElement | null) => {
        if (el) el.indeterminate = indeterminate;
      }}
      onChange={(e) => onChange(e.currentTarget.checked)}
      aria-label={label}
      data-testid={testId}
    />
  );
}

export function MessageRecordPage() {
  const { t } = useLingui();
  const [q, setQ] = useState<RecordQuery>(defaultRecordQuery);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const view = useMessageRecords(q);
  const openMessage = useOpenMessage();
  const rows = view.rows ?? [];
  const picked = rows.filter((r) => selected.has(r.id));
  const allPicked = rows.length > 0 && picked.length === rows.length;

  const query = (next: Partial<RecordQuery>) => {
    setQ((cur) => ({ ...cur, ...next }));
    setSelected(new Set());
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((cur) => {
      const next = new Set(cur);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const removeRows = async (list: MessageRow[]) => {
    if (await removeMessages(list.map((r) => r.id)))
      setSelected((cur) => {
        const next = new Set(cur);
        for (const r of list) next.delete(r.id);
        return next;
      });
  };

  let body;
  if (view.rows === undefined) body = <ListLoading testId="list-loading" />;
  else if (!rows.length)
    body = (
      <EmptyState
        text={q.keyword || q.type !== null ? t`没有找到匹配的消息` : view.fromCache && !view.fetchedAt ? t`离线：本机还没有消息数据，联网后显示` : t`暂无消息`}
        action={
          q.keyword || q.type !== null ? (
            <Button size="sm" variant="outline" onClick={() => query({ keyword: '', type: null, currentPage: 1 })}>
              <Trans>清除筛选</Trans>
            </Button>
          ) : undefined
        }
      />
    );
  else
    body = (
      <Box overflowX="auto">
        <Table.Root size="sm" interactive data-testid="message-record-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="10">
                <PickBox
                  checked={allPicked}
                  indeterminate={!allPicked && picked.length > 0}
                  onChange={(on) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set())}
                  label={t`全选`}
                  testId="message-record-select-all"
                />
              </Table.ColumnHeader>
              <Table.ColumnHeader>{t`标题`}</Table.ColumnHeader>
              <Table.ColumnHeader>{t`类型`}</Table.ColumnHeader>
              <Table.ColumnHeader>{t`发送人`}</Table.ColumnHeader>
              <Table.ColumnHeader>{t`时间`}</Table.ColumnHeader>
              <Table.ColumnHeader>{t`状态`}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t`操作`}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => {
              const unread = row.isRead === '0';
              return (
                <Table.Row key={row.id} cursor="pointer" onClick={() => openMessage(row)} data-testid="message-record-row" data-id={row.id} data-type={row.type} data-read={row.isRead}>
                  <Table.Cell onClick={(e) => e.stopPropagation()}>
                    <PickBox checked={selected.has(row.id)} onChange={(on) => toggle(row.id, on)} label={t`选择「${row.title}」`} testId="message-record-select" />
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      <Box w="2" h="2" flexShrink={0} rounded="full" bg={unread ? 'red.solid' : 'transparent'} aria-hidden />
                      <Text fontWeight={unread ? 'semibold' : 'normal'} lineClamp={1} data-testid="message-record-title">
                        {row.title}
                      </Text>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge size="sm" variant="subtle" colorPalette={isNotice(row.type) ? 'blue' : 'purple'}>
                      {messageTypeLabel(row.type)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{row.creatorUser}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(row.lastModifyTime)}</Table.Cell>
                  <Table.Cell>
                    <Badge size="sm" variant="subtle" colorPalette={unread ? 'orange' : 'gray'} data-testid="message-record-state">
                      {unread ? <Trans>未读</Trans> : <Trans>已读</Trans>}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end" onClick={(e) => e.stopPropagation()}>
                    <DeleteConfirm onConfirm={() => void removeRows([row])}>
                      <Button size="xs" variant="ghost" colorPalette="red" data-testid="message-record-row-delete">
                        <Trash2 />
                        <Trans>删除</Trans>
                      </Button>
                    </DeleteConfirm>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    );

  return (
    <PageCard testId="message-record-page" title={<Trans>消息中心</Trans>}>
      <Stack gap="3">
        <ListToolbar
          keyword={q.keyword}
          onSearch={(keyword) => query({ keyword, currentPage: 1 })}
          placeholder={t`请输入标题查询`}
          filters={<TypeFilter value={q.type} onChange={(type) => query({ type, currentPage: 1 })} />}
        >
          <Button size="sm" variant="outline" colorPalette="brand" onClick={() => void confirmAndReadAll()} data-testid="message-record-read-all">
            <CheckCheck />
            <Trans>全部已读</Trans>
          </Button>
          <DeleteConfirm onConfirm={() => void removeRows(picked)}>
            <Button size="sm" variant="outline" colorPalette="red" disabled={!picked.length} data-testid="message-record-delete">
              <Trash2 />
              {picked.length ? t`删除（${picked.length}）` : t`删除`}
            </Button>
          </DeleteConfirm>
        </ListToolbar>
        <CacheNote view={view} testId="message-record-cache-note" />
        {body}
        {view.rows !== undefined && view.total > 0 ? (
          <ListPagination total={view.total} page={q.currentPage} pageSize={q.pageSize} onChange={(currentPage, pageSize) => query({ currentPage, pageSize })} />
        ) : null}
      </Stack>
    </PageCard>
  );
}
