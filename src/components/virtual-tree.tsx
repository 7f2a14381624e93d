import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronRight } from 'lucide-react';
import { indexTree, visibleRows, type TreeIndex, type TreeItem, type TreeRow } from './tree-model';

export interface VirtualTreeProps<T extends TreeItem> {
  /** Flat items, or an index already built from them. */
  items: readonly T[] | TreeIndex<T>;
  expanded: ReadonlySet<string>;
  onToggle(id: string, open: boolean): void;
  selectedId?: string | null;
  /** Several chosen items (multiple choice); overrides selectedId. */
  isSelected?(item: T): boolean;
  /** Items shown but not choosable (aria-disabled; onSelect is not called for them). */
  isDisabled?(item: T): boolean;
  /** Several items can be chosen (aria-multiselectable). */
  multiselectable?: boolean;
  onSelect?(item: T): void;
  /** The row's content after the chevron (default: the label). */
  renderItem?(row: TreeRow<T>): ReactNode;
  /** Accessible name of the tree. */
  label: string;
  height: number | string;
  rowHeight?: number;
  /** Indent per level, px. */
  indent?: number;
}

/**
 * A tree that renders only the rows in view (@tanstack/react-virtual), so tens of thousands of
 * items (an organisation's departments and staff, regions) open at once. WAI-ARIA tree: arrows
 * move, Right opens, Left closes or goes to the parent, Enter or Space selects.
 */
export function VirtualTree<T extends TreeItem>(props: VirtualTreeProps<T>) {
  const { items, expanded, onToggle, selectedId, isSelected, isDisabled, multiselectable, onSelect, renderItem, label, height, rowHeight = 32, indent = 16 } = props;
  /** Choosing an item that cannot be chosen opens or closes it instead (a picker's departments). */
  const select = (row: TreeRow<T>) => {
    if (!isDisabled?.(row.item)) onSelect?.(row.item);
    else if (row.hasChildren) onToggle(row.item.id, !row.expanded);
  };
  const index = useMemo(() => (Array.isArray(items) ? indexTree(items as readonly T[]) : (items as TreeIndex<T>)), [items]);
  const rows = useMemo(() => visibleRows(index, expanded), [index, expanded]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusIdx, setFocusIdx] = useState(0);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 4 });
  const focused = Math.min(focusIdx, Math.max(0, rows.length - 1));

  const move = (to: number) => {
    const i = Math.max(0, Math.min(rows.length - 1, to));
    setFocusIdx(i);
    virtualizer.scrollToIndex(i);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const row = rows[focused];
    if (!row) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(focused + 1),
      ArrowUp: () => move(focused - 1),
      PageDown: () => move(focused + page),
      PageUp: () => move(focused - page),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      ArrowRight: () => (row.hasChildren && !row.expanded ? onToggle(row.item.id, true) : row.expanded ? move(focused + 1) : undefined),
      ArrowLeft: () => {
        if (row.expanded) return onToggle(row.item.id, false);
        const parent = row.item.parentId;
        const at = parent ? rows.findIndex((r) => r.item.id === parent) : -1;
        if (at >= 0) move(at);
      },
      Enter: () => select(row),
      ' ': () => select(row),
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  return (
    <Box
      ref={scrollRef}
      h={height}
      overflowY="auto"
      role="tree"
      aria-label={label}
      aria-multiselectable={multiselectable || undefined}
      tabIndex={0}
      aria-activedescendant={rows[focused] ? `vt-${rows[focused]!.item.id}` : undefined}
      onKeyDown={onKeyDown}
      outline="none"
      _focusVisible={{ boxShadow: 'inset 0 0 0 2px var(--chakra-colors-brand-solid)' }}
      data-testid="virtual-tree"
    >
      <Box position="relative" style={{ height: virtualizer.getTotalSize() }} role="presentation">
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index]!;
          const selected = isSelected ? isSelected(row.item) : row.item.id === selectedId;
          const disabled = isDisabled?.(row.item) ?? false;
          return (
            // Keyed by position: a filter or scroll reuses the row elements (only their content
            // changes), and the values that differ per row go in `style`, so every row shares the
            // same few style classes instead of generating one per position and depth.
            <Flex
              key={v.index}
              id={`vt-${row.item.id}`}
              role="treeitem"
              aria-level={row.depth + 1}
              aria-expanded={row.hasChildren ? row.expanded : undefined}
              aria-selected={selected}
              aria-disabled={disabled || undefined}
              aria-setsize={rows.length}
              aria-posinset={v.index + 1}
              position="absolute"
              top="0"
              left="0"
              w="full"
              style={{ height: rowHeight, transform: `translateY(${v.start}px)`, paddingLeft: row.depth * indent + 4 }}
              align="center"
              gap="1"
              pr="2"
              cursor={disabled && !row.hasChildren ? 'default' : 'pointer'}
              fontSize="sm"
              bg={selected ? 'brand.subtle' : v.index === focused ? 'bg.muted' : undefined}
              color={selected ? 'brand.fg' : undefined}
              _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
              onClick={() => {
                setFocusIdx(v.index);
                select(row);
              }}
            >
              <Box
                as="span"
                display="inline-flex"
                w="4"
                flexShrink={0}
                color="fg.muted"
                transform={row.expanded ? 'rotate(90deg)' : undefined}
                transition="transform 0.15s"
                visibility={row.hasChildren ? 'visible' : 'hidden'}
                onClick={(e) => {
                  e.stopPropagation();
                  onToggle(row.item.id, !row.expanded);
                }}
                aria-hidden
              >
                <ChevronRight size={14} />
              </Box>
              <Box as="span" truncate flex="1" minW="0">
                {renderItem ? renderItem(row) : row.item.label}
              </Box>
            </Flex>
          );
        })}
      </Box>
    </Box>
  );
}
