import { useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Flex, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Search } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { useNoLocalDataReason } from '@/components/list/list-frame';
import { useToggleSet } from '@/components/list/use-toggle-set';
import { CacheNote, ListLoading } from '@/components/list-status';
import { PageCard } from '@/components/page-card';
import { queued } from '@/components/queued-feedback';
import { ROOT_PARENT, type DictionaryTypeRow } from '@/contracts/base';
import { useListSearch } from '@/lib/list-search';
import { notify } from '@/lib/notify';
import { usePagePermission } from '@/modules/auth/public';
import { DictionaryDataPanel, dictionarySearch, type DataColumns } from '../components/dictionary-data-panel';
import { DictionaryTypeFormDialog, type DictionaryTypeDialog } from '../components/dictionary-forms';
import { TypeTree, type DictionaryButtons } from '../components/dictionary-type-tree';
import { useDictionaryTypeList } from '../list-hooks';
import { deleteDictionaryType } from '../store';
import { filterNested, flattenTree, nestRows } from '../tree-rows';

/**
 * Menu page `systemData/dictionary` (spec 7.5 DictionaryType, DictionaryData): types on the left,
 * the chosen type's data on the right; the type and the keyword are kept in the URL.
 */
export function DictionaryPage() {
  const { t } = useLingui();
  const perm = usePagePermission();
  const buttons: DictionaryButtons = { add: perm.button('btn_add'), edit: perm.button('btn_edit'), remove: perm.button('btn_remove') };
  const columns: DataColumns = { fullName: perm.column('fullName'), enCode: perm.column('enCode'), enabledMark: perm.column('enabledMark'), sortCode: perm.column('sortCode') };
  const types = useDictionaryTypeList();
  const query = useListSearch(dictionarySearch);
  const noTypes = useNoLocalDataReason(types);
  const [filter, setFilter] = useState('');
  const [collapsed, toggle] = useToggleSet();
  const [dialog, setDialog] = useState<DictionaryTypeDialog | null>(null);

  const flat = useMemo(() => flattenTree(types.rows ?? []), [types.rows]);
  const tree = useMemo(() => nestRows(flat), [flat]);
  const shownTree = useMemo(() => filterNested(tree, filter), [tree, filter]);
  // The type in the URL, else the first that holds data (a leaf of the type tree).
  const selected = flat.find((r) => r.id === query.values.dict) ?? flattenTree(tree).find((r) => !r.children?.length) ?? null;
  const select = (id: string) => query.filter({ dict: id, q: '' });

  const removeType = (row: DictionaryTypeRow) => {
    if (row.children?.length || flat.some((r) => r.parentId === row.id)) {
      notify({ kind: 'error', title: t`该字典分类下有数据，不能删除` });
      return;
    }
    void queued('delete', () => deleteDictionaryType(row)).then((ok) => ok && row.id === query.values.dict && select(''));
  };

  let typesBody: ReactNode;
  if (types.rows === undefined) typesBody = <ListLoading testId="list-loading" />;
  else if (!shownTree.length) typesBody = <EmptyState compact text={filter ? t`没有找到匹配的分类` : types.fromCache ? t`离线：本机还没有字典分类` : t`暂无字典分类`} />;
  else
    typesBody = (
      <Box role="tree" aria-label={t`字典分类`} data-testid="dictionary-type-tree">
        <TypeTree
          rows={shownTree}
          depth={0}
          selectedId={selected?.id ?? null}
          collapsed={filter ? new Set() : collapsed}
          pending={types.pending}
          buttons={buttons}
          onSelect={(row) => select(row.id)}
          onToggle={toggle}
          onEdit={(row) => setDialog({ mode: 'edit', row })}
          onRemove={removeType}
        />
      </Box>
    );

  return (
    <PageCard
      testId="dictionary-page"
      title={<Trans>数据字典</Trans>}
      dialog={<DictionaryTypeFormDialog dialog={dialog} tree={tree} onClose={() => setDialog(null)} onSaved={(id) => dialog?.mode === 'create' && select(id)} />}
    >
      <Stack gap="3">
        <CacheNote view={types} testId="cache-note" />
        <Flex gap="5" direction={{ base: 'column', md: 'row' }} align="stretch">
          <Stack gap="2" w={{ base: 'full', md: '72' }} flexShrink={0} borderEndWidth={{ md: '1px' }} pe={{ md: '4' }}>
            <HStack justify="space-between">
              <Text fontWeight="semibold" fontSize="sm">
                <Trans>字典分类</Trans>
              </Text>
              {buttons.add ? (
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="brand"
                  disabled={!!noTypes}
                  title={noTypes ?? undefined}
                  onClick={() => setDialog({ mode: 'create', parentId: ROOT_PARENT })}
                  data-testid="dictionary-type-add"
                >
                  <Plus />
                  <Trans>新建</Trans>
                </Button>
              ) : null}
            </HStack>
            <InputGroup startElement={<Search size={14} />}>
              <Input size="sm" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t`筛选分类`} aria-label={t`筛选分类`} data-testid="dictionary-type-filter" />
            </InputGroup>
            <Box maxH={{ md: '70vh' }} overflowY="auto">
              {typesBody}
            </Box>
          </Stack>
          {selected ? (
            <DictionaryDataPanel key={selected.id} type={selected} query={query} buttons={buttons} columns={columns} />
          ) : (
            <Box flex="1">
              <EmptyState text={t`请选择左侧的字典分类`} />
            </Box>
          )}
        </Flex>
      </Stack>
    </PageCard>
  );
}
