import { Box, Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { TreePickerPanel, useNodeTree } from '@/components/tree-picker-panel';
import { defineListSearch, type ListPaging, type ListSearch } from '@/lib/list-search';
import { useOrgTree } from '../data';
import type { FlatNode } from '../model';

const NO_RULE = {};
const PANEL_TREE_HEIGHT = 460;

/** A list's query with the company or department chosen beside it (`org`, '' for 全部 or the first). */
export const unitListSearch = defineListSearch({ org: z.string() }, { org: '' });
export type UnitListQuery = ListSearch<ListPaging & { org: string }>;

/**
 * The organisation tree beside a list, to show one company's or department's rows: a filter box and
 * the cached tree (browsable offline). With `allowAll`, 全部 clears the choice.
 */
export function OrgFilterPanel({
  title,
  nodes,
  value,
  onChange,
  allowAll = false,
}: {
  title: string;
  nodes: FlatNode[] | undefined;
  value: string | null;
  onChange(id: string | null): void;
  allowAll?: boolean;
}) {
  const tree = useNodeTree(nodes);
  return (
    <Stack gap="2" w={{ base: 'full', lg: '64' }} flexShrink={0} data-testid="org-filter-panel">
      <HStack justify="space-between">
        <Heading size="sm">{title}</Heading>
        {allowAll ? (
          <Button size="xs" variant={value ? 'ghost' : 'subtle'} onClick={() => onChange(null)} data-testid="org-filter-all">
            <Trans>全部</Trans>
          </Button>
        ) : null}
      </HStack>
      <Box>
        <TreePickerPanel
          tree={tree}
          chosen={value ? [value] : []}
          multiple={false}
          rule={NO_RULE}
          onPick={(item) => onChange(item.id === value && allowAll ? null : item.id)}
          label={title}
          height={PANEL_TREE_HEIGHT}
        />
      </Box>
    </Stack>
  );
}

/** The organisation tree on the left of a list: 全部, or the company or department whose rows are shown. */
export function UnitFilter({ query }: { query: UnitListQuery }) {
  const { t } = useLingui();
  const { data: tree } = useOrgTree();
  return (
    <OrgFilterPanel title={t`组织机构`} nodes={tree === undefined ? undefined : (tree ?? [])} value={query.values.org || null} onChange={(org) => query.filter({ org: org ?? '' })} allowAll />
  );
}
