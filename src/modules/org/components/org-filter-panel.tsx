import { Box, Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { SideFilter } from '@/components/list/side-filter';
import { TreePickerPanel, useNodeTree } from '@/components/tree-picker-panel';
import { LIST_SORT_FIELDS } from '@/contracts/list-sort';
import { defineListSearch, type ListPaging, type ListSearch } from '@/lib/list-search';
import { useOrgTree } from '../data';
import type { FlatNode } from '../model';

const NO_RULE = {};
const PANEL_TREE_HEIGHT = 460;

/** A list's query with the company or department chosen beside it (`org`, '' for 全部 or the first). */
export const unitListSearch = defineListSearch({ org: z.string() }, { org: '' });
/** The user list's query: `org`, and the columns it sorts by (src/contracts/list-sort.ts). */
export const userListSearch = defineListSearch({ org: z.string() }, { org: '' }, { sortable: LIST_SORT_FIELDS.users });
/** The position list's query: `org`, and the columns it sorts by. */
export const positionListSearch = defineListSearch({ org: z.string() }, { org: '' }, { sortable: LIST_SORT_FIELDS.positions });
export type UnitListQuery = ListSearch<ListPaging & { org: string }>;

/**
 * The organisation tree beside a list, to show one company's or department's rows: a filter box and
 * the cached tree (browsable offline). With `allowAll`, 全部 clears the choice. On a narrow screen
 * (below 992 px) the list comes first and the tree opens from a button naming the choice.
 */
export function OrgFilterPanel({
  title,
  nodes,
  value,
  onChange,
  allowAll = false,
  collapseKey,
}: {
  title: string;
  nodes: FlatNode[] | undefined;
  value: string | null;
  onChange(id: string | null): void;
  allowAll?: boolean;
  /** The page's name for remembering whether the panel is folded away (per user). */
  collapseKey?: string;
}) {
  const { t } = useLingui();
  const tree = useNodeTree(nodes);
  const chosenName = value ? tree.index.byId.get(value)?.node.fullName : undefined;
  return (
    <SideFilter label={title} value={chosenName ?? (allowAll ? t`全部` : '—')} collapseKey={collapseKey} testId="org-filter">
      {({ done, inDrawer, collapseButton }) => (
        <Stack gap="2" w={inDrawer ? 'full' : '60'} flexShrink={0} data-testid="org-filter-panel">
          <HStack justify="space-between" minH="6" gap="1">
            {inDrawer ? <span /> : <Heading size="sm" flex="1">{title}</Heading>}
            {allowAll ? (
              <Button
                size="xs"
                variant={value ? 'ghost' : 'subtle'}
                onClick={() => {
                  onChange(null);
                  done();
                }}
                data-testid="org-filter-all"
              >
                <Trans>全部</Trans>
              </Button>
            ) : null}
            {collapseButton}
          </HStack>
          <Box>
            <TreePickerPanel
              tree={tree}
              chosen={value ? [value] : []}
              multiple={false}
              rule={NO_RULE}
              onPick={(item) => {
                onChange(item.id === value && allowAll ? null : item.id);
                done();
              }}
              label={title}
              height={inDrawer ? drawerTreeHeight() : PANEL_TREE_HEIGHT}
            />
          </Box>
        </Stack>
      )}
    </SideFilter>
  );
}

/** The tree's height in the drawer: the screen below the drawer's title and the filter box. */
const drawerTreeHeight = () => Math.max(240, (typeof window === 'undefined' ? 800 : window.innerHeight) - 170);

/** The organisation tree on the left of a list: 全部, or the company or department whose rows are shown. */
export function UnitFilter({ query, collapseKey }: { query: UnitListQuery; collapseKey: string }) {
  const { t } = useLingui();
  const { data: tree } = useOrgTree();
  return (
    <OrgFilterPanel
      title={t`组织机构`}
      nodes={tree === undefined ? undefined : (tree ?? [])}
      value={query.values.org || null}
      onChange={(org) => query.filter({ org: org ?? '' })}
      allowAll
      collapseKey={collapseKey}
    />
  );
}
