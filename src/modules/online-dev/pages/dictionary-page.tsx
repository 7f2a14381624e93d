import { useMemo, useState } from 'react';
import { Badge, Box, Center, HStack, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DictionaryOption } from '@/contracts/base';
import { PageCard } from '@/components/page-card';
import { useMenuRoute } from '@/lib/menu-route-context';
import { useDictionaries } from '@/modules/base/public';

interface Row {
  item: DictionaryOption;
  depth: number;
}

/** The items depth first, those matching the keyword (by name or code) with the items above them. */
function rowsOf(items: readonly DictionaryOption[], keyword: string, depth = 0): Row[] {
  const k = keyword.trim().toLowerCase();
  return items.flatMap((item) => {
    const below = rowsOf(item.children ?? [], keyword, depth + 1);
    const hit = !k || item.fullName.toLowerCase().includes(k) || item.enCode.toLowerCase().includes(k);
    return hit || below.length ? [{ item, depth }, ...below] : [];
  });
}

/**
 * Menu type 4 (spec 2.2 dynamic dictionary): the dictionary named by the entry's
 * propertyJson.moduleId — its enabled items as a list, or a tree for a tree dictionary — read from
 * the dictionaries cached on this device (offline too), searchable by name or code. The items are
 * maintained under 数据字典.
 */
export function DictionaryPage() {
  const { t } = useLingui();
  const route = useMenuRoute();
  const dictionaries = useDictionaries();
  const [keyword, setKeyword] = useState('');
  const entry = useMemo(() => (dictionaries ?? []).find((d) => d.id === route?.moduleId || d.enCode === route?.moduleId), [dictionaries, route]);
  const rows = useMemo(() => rowsOf(entry?.dictionaryList ?? [], keyword), [entry, keyword]);
  const title = route?.title ?? entry?.fullName ?? '';
  if (dictionaries === undefined) {
    return (
      <Center py="10">
        <Spinner color="brand.solid" />
      </Center>
    );
  }
  return (
    <PageCard title={title} testId="od-dictionary-page">
      <Stack gap="3">
        <HStack gap="3" wrap="wrap">
          <Input size="sm" maxW={{ base: 'full', md: '72' }} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} placeholder={t`请输入名称或编码查询`} aria-label={t`搜索`} data-testid="od-dictionary-search" />
          {entry ? (
            <Text fontSize="sm" color="fg.muted">
              <Trans>{entry.fullName}（{entry.enCode}）</Trans>
            </Text>
          ) : null}
          {entry?.isTree ? (
            <Badge variant="subtle">
              <Trans>树形</Trans>
            </Badge>
          ) : null}
        </HStack>
        {!entry ? (
          <Text color="fg.muted" data-testid="od-dictionary-missing">
            <Trans>此字典不存在或已停用。</Trans>
          </Text>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="od-dictionary-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>名称</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>编码</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.length ? (
                  rows.map(({ item, depth }) => (
                    <Table.Row key={item.id} data-testid="od-dictionary-row">
                      <Table.Cell ps={`${12 + depth * 20}px`}>{item.fullName}</Table.Cell>
                      <Table.Cell fontFamily="mono" fontSize="xs">
                        {item.enCode}
                      </Table.Cell>
                    </Table.Row>
                  ))
                ) : (
                  <Table.Row>
                    <Table.Cell colSpan={2} color="fg.muted">
                      {keyword ? <Trans>没有找到匹配的字典项</Trans> : <Trans>暂无字典项</Trans>}
                    </Table.Cell>
                  </Table.Row>
                )}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
    </PageCard>
  );
}
