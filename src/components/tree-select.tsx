import { useMemo, useRef, useState } from 'react';
import { Box, Button, IconButton, Popover, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronDown, X } from 'lucide-react';
import type { TreeNode } from '@/contracts/common';
import { toggleChoice, type NodeItem } from './tree-filter';
import { TreePickerPanel, useNodeTree } from './tree-picker-panel';

interface TreeSelectCommon {
  /** The tree (nested by children); undefined while it loads. */
  nodes: readonly TreeNode[] | undefined;
  /** Only nodes of this type (or types) can be chosen. */
  selectableType?: string | readonly string[];
  /** Only last-level nodes can be chosen (spec 5.4). */
  leafOnly?: boolean;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Lazy levels: called when a node with hasChildren and no children is opened. */
  loadChildren?: (node: TreeNode) => Promise<TreeNode[]>;
  /** Accessible name of the trigger (default: the placeholder). */
  'aria-label'?: string;
  size?: 'xs' | 'sm' | 'md';
  'data-testid'?: string;
}
interface TreeSelectSingle extends TreeSelectCommon {
  multiple?: false;
  value: string | null | undefined;
  onChange(value: string | null, node: TreeNode | null): void;
}
interface TreeSelectMultiple extends TreeSelectCommon {
  multiple: true;
  value: readonly string[] | null | undefined;
  onChange(value: string[], nodes: TreeNode[]): void;
}
export type TreeSelectProps = TreeSelectSingle | TreeSelectMultiple;

const TREE_HEIGHT = 280;

/**
 * A field choosing one node (or several) of a tree: organisations, departments, positions, users,
 * dictionary or area nodes. The trigger shows the chosen names; the popover has a filter box and
 * a virtualized tree (smooth with 12,000 nodes).
 */
export function TreeSelect(props: TreeSelectProps) {
  const { nodes, selectableType, leafOnly, placeholder, disabled, invalid, loadChildren, size = 'sm' } = props;
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const tree = useNodeTree(nodes, loadChildren);
  const chosen = useMemo<readonly string[]>(() => (props.multiple ? (props.value ?? []) : props.value ? [props.value] : []), [props.multiple, props.value]);
  const rule = useMemo(() => ({ selectableType, leafOnly }), [selectableType, leafOnly]);
  // Names of nodes chosen here, for a lazily loaded node no longer in the tree.
  const known = useRef(new Map<string, TreeNode>());
  const nodeOf = (id: string) => tree.index.byId.get(id)?.node ?? known.current.get(id);
  const names = chosen.map((id) => nodeOf(id)?.fullName ?? id);
  const text = names.join('、');
  const label = props['aria-label'] ?? placeholder ?? t`请选择`;

  const emit = (ids: string[]) => {
    const picked = ids.map(nodeOf).filter((n): n is TreeNode => !!n);
    if (props.multiple) props.onChange(ids, picked);
    else props.onChange(ids[0] ?? null, picked[0] ?? null);
  };
  const onPick = (item: NodeItem) => {
    known.current.set(item.id, item.node);
    emit(toggleChoice(chosen, item.id, !!props.multiple));
    if (!props.multiple) setOpen(false);
  };
  const clearable = !disabled && chosen.length > 0;

  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      lazyMount
      unmountOnExit
      positioning={{ placement: 'bottom-start', strategy: 'fixed', flip: true }}
    >
      <Box position="relative" w="full" data-testid={props['data-testid'] ?? 'tree-select'}>
        <Popover.Trigger asChild>
          <Button
            variant="outline"
            size={size}
            w="full"
            justifyContent="space-between"
            fontWeight="normal"
            pe={clearable ? '14' : '8'}
            disabled={disabled}
            aria-label={text ? `${label}：${text}` : label}
            aria-invalid={invalid || undefined}
            borderColor={invalid ? 'border.error' : undefined}
            title={text || undefined}
          >
            <Text as="span" truncate color={text ? undefined : 'fg.subtle'}>
              {text || placeholder || t`请选择`}
            </Text>
          </Button>
        </Popover.Trigger>
        {clearable ? (
          <IconButton
            aria-label={t`清空`}
            size="2xs"
            variant="ghost"
            position="absolute"
            top="50%"
            transform="translateY(-50%)"
            right="7"
            color="fg.muted"
            onClick={() => emit([])}
            data-testid="tree-select-clear"
          >
            <X />
          </IconButton>
        ) : null}
        <Box position="absolute" top="50%" right="2.5" transform="translateY(-50%)" color="fg.muted" pointerEvents="none" display="inline-flex" aria-hidden>
          <ChevronDown size={14} />
        </Box>
      </Box>
      {/* Not portalled: inside a modal dialog or drawer, content outside it is hidden from the user. */}
      <Popover.Positioner>
        <Popover.Content w="max(var(--reference-width), 18rem)" maxW="calc(100vw - 2rem)" data-testid="tree-select-popover">
          <Popover.Body p="2">
            <TreePickerPanel
              tree={tree}
              chosen={chosen}
              multiple={!!props.multiple}
              rule={rule}
              onPick={onPick}
              label={label}
              height={TREE_HEIGHT}
            />
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
