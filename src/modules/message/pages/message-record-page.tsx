import { useState } from 'react';
import { Badge, Box, chakra, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCheck, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { MessageType, type MessageRow } from '@/contracts/message';
import { ListFrame, useListEmpty } from '@/components/list/list-frame';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { actionsColumn, deleteAction, type RowAction } from '@/components/list/row-actions';
import { PageCard } from '@/components/page-card';
import { formatDateTime } from '@/lib/format';
import { defineListSearch, listParams, useListSearch } from '@/lib/list-search';
import { confirmAndReadAll, removeMessages } from '../components/actions';
import { useOpenMessage } from '../components/use-open-message';
import { useMessageRecords } from '../record-list';
import { isNotice, messageTypeLabel } from '../store';

const SYSTEM_TYPES: readonly number[] = [MessageType.flowTodo, MessageType.flowCirculate, MessageType.flowLaunch];
const TYPE_FILTERS: readonly number[] = [MessageType.notice, ...SYSTEM_TYPES];

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

/** Page, keyword and the one message type (`type`, one the filter offers) in the URL. */
const recordSearch = defineListSearch({ type: z.coerce.number().refine((n) => TYPE_FILTERS.includes(n)).nullable() }, { type: null });

/** The centre's columns: a checkbox (with 全选 in the header), title, type, sender, time, read state, 删除. */
function useRecordColumns(rows: readonly MessageRow[], picking: Picking, onRemove: (list: MessageRow[]) => void): ListColumn<MessageRow>[] {
  const { t } = useLingui();
  const { selected, setSelected } = picking;
  const picked = rows.filter((r) => selected.has(r.id));
  const allPicked = rows.length > 0 && picked.length === rows.length;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const actions: RowAction<MessageRow>[] = [
    deleteAction((row) => row.title, (row) => onRemove([row]), 'message-record-row-delete', { code: undefined }),
  ];
  return [
    {
      key: 'pick',
      header: (
        <PickBox
          checked={allPicked}
          indeterminate={!allPicked && picked.length > 0}
          onChange={(on) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set())}
          label={t`全选`}
          testId="message-record-select-all"
        />
      ),
      width: '10',
      ownClicks: true,
      cell: (row) => <PickBox checked={selected.has(row.id)} onChange={(on) => toggle(row.id, on)} label={t`选择「${row.title}」`} testId="message-record-select" />,
    },
    {
      key: 'title',
      header: t`标题`,
      minWidth: '10rem',
      hideable: false,
      cell: (row) => (
        <HStack gap="2">
          <Box w="2" h="2" flexShrink={0} rounded="full" bg={row.isRead === '0' ? 'red.solid' : 'transparent'} aria-hidden />
          <Text fontWeight={row.isRead === '0' ? 'semibold' : 'normal'} lineClamp={1} data-testid="message-record-title">
            {row.title}
          </Text>
        </HStack>
      ),
    },
    {
      key: 'type',
      header: t`类型`,
      nowrap: true,
      cell: (row) => (
        <Badge size="sm" variant="subtle" colorPalette={isNotice(row.type) ? 'blue' : 'purple'}>
          {messageTypeLabel(row.type)}
        </Badge>
      ),
    },
    { key: 'creatorUser', header: t`发送人`, nowrap: true, cell: (row) => row.creatorUser },
    { key: 'time', header: t`时间`, nowrap: true, cell: (row) => formatDateTime(row.lastModifyTime) },
    {
      key: 'state',
      header: t`状态`,
      nowrap: true,
      cell: (row) => (
        <Badge size="sm" variant="subtle" colorPalette={row.isRead === '0' ? 'orange' : 'gray'} data-testid="message-record-state">
          {row.isRead === '0' ? <Trans>未读</Trans> : <Trans>已读</Trans>}
        </Badge>
      ),
    },
    actionsColumn(actions, () => true),
  ];
}

interface Picking {
  selected: ReadonlySet<string>;
  setSelected(ids: ReadonlySet<string>): void;
}

/** The rows picked for 删除, forgotten when the query changes (another page, keyword or type). */
function usePicking(queryKey: string): Picking {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: queryKey, ids: new Set() });
  return { selected: state.key === queryKey ? state.ids : new Set(), setSelected: (ids) => setState({ key: queryKey, ids }) };
}

/** /messageRecord, the message centre (spec 2.1): search, filter by type, open, delete; page, keyword and type in the URL. */
export function MessageRecordPage() {
  const { t } = useLingui();
  const query = useListSearch(recordSearch);
  const { q, type } = query.values;
  const view = useMessageRecords({ ...listParams(query.values), type });
  const openMessage = useOpenMessage();
  const picking = usePicking(JSON.stringify(query.values));
  const rows = view.rows ?? [];
  const picked = rows.filter((r) => picking.selected.has(r.id));
  const count = picked.length;
  const removeRows = async (list: MessageRow[]) => {
    if (!(await removeMessages(list.map((r) => r.id)))) return;
    const next = new Set(picking.selected);
    for (const r of list) next.delete(r.id);
    picking.setSelected(next);
  };
  const columns = useRecordColumns(rows, picking, (list) => void removeRows(list));
  const clear = () => query.filter({ q: '', type: null });
  const empty = useListEmpty(view, query, { none: t`暂无消息`, noMatch: t`没有找到匹配的消息`, noCopy: t`离线：本机还没有消息数据，联网后显示` }, { filtered: !!q || type !== null, clear });

  return (
    <PageCard testId="message-record-page" title={<Trans>消息中心</Trans>}>
      <ListFrame
        view={view}
        query={query}
        tableKey="message.record"
        placeholder={t`请输入标题查询`}
        filters={<TypeFilter value={type} onChange={(next) => query.filter({ type: next })} />}
        actions={[
          { key: 'read-all', label: <Trans>全部已读</Trans>, icon: <CheckCheck />, run: () => void confirmAndReadAll(), testId: 'message-record-read-all' },
          {
            key: 'delete',
            label: picked.length ? t`删除（${picked.length}）` : t`删除`,
            icon: <Trash2 />,
            danger: true,
            confirmDelete: t`确定删除选中的 ${count} 条消息吗？`,
            disabled: !picked.length,
            run: () => void removeRows(picked),
            testId: 'message-record-delete',
          },
        ]}
      >
        <ListTable
          testId="message-record-table"
          rowTestId="message-record-row"
          columns={columns}
          view={view}
          rowData={(row) => ({ 'data-id': row.id, 'data-type': row.type, 'data-read': row.isRead })}
          onRowClick={openMessage}
          empty={empty}
        />
      </ListFrame>
    </PageCard>
  );
}
