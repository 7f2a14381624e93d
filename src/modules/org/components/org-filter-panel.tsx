import { Box, Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { TreePickerPanel, useNodeTree } from '@/components/tree-picker-panel';
import type { FlatNode } from '../model';

const NO_RULE = {};
const PANEL_TREE_HEIGHT = 460;

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
