import { memo, useState, type DragEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { isLayoutField, type ModelField } from '@/contracts/online-dev-model';
import { itemActions } from '../core/actions';
import { controlName } from '../core/palette';
import { isContainer, sameSlot } from '../core/tree';
import type { Slot } from '../core/types';
import { CanvasControl } from './canvas-control';
import { hoverAt, useDnd } from './dnd';
import { DesignIcon } from './icons';
import { useDesigner, useDesignerModel, useDesignerView } from './use-designer';

/**
 * What the canvas marks on its items, worked out once per change by the canvas (not by each item):
 * the selected item and the items with a problem. Containers take it whole to hand on to their
 * items; a leaf takes only its own two flags, so a change elsewhere leaves it as it was drawn.
 */
export interface CanvasMarks {
  selection: string | null;
  problems: ReadonlySet<string>;
}

/**
 * The canvas's items: each list of a slot (the form, a card, a row, a tab pane, a table's
 * columns), each item with its selection highlight, problem mark, own buttons (上移 / 下移 / 复制 /
 * 删除), drag handle and drop places; containers draw their slots inside.
 */

/** The e2e handle of an item: its key (a table column: `table.column`), or its id for layout items. */
export const itemTestId = (item: ModelField, table?: ModelField) => `od-design-item-${table ? `${table.key}.${item.key}` : item.key || item.id}`;

function DropLine({ horizontal }: { horizontal?: boolean }) {
  return <Box position="absolute" bg="brand.solid" rounded="full" pointerEvents="none" zIndex="1" {...(horizontal ? { left: '-2px', top: '0', bottom: '0', w: '3px' } : { top: '-3px', left: '0', right: '0', h: '3px' })} data-testid="od-drop-line" />;
}

interface SlotListProps {
  slot: Slot;
  items: readonly ModelField[];
  /** Items side by side (a row, a table's columns) rather than in the form's grid. */
  horizontal?: boolean;
  /** The table the items are columns of. */
  table?: ModelField;
  empty?: ReactNode;
  marks: CanvasMarks;
}

/** One slot's items, with a drop place after the last (and a hint when empty). */
export function SlotList({ slot, items, horizontal, table, empty, marks }: SlotListProps) {
  const dnd = useDnd();
  const end = { ...slot, index: items.length };
  const endZone = (
    <Box
      flex="1"
      minW={horizontal ? '24' : 'full'}
      minH={items.length ? '4' : '14'}
      position="relative"
      onDragOver={(e) => dnd.over(e, end)}
      onDrop={(e) => dnd.drop(e, end)}
      display="flex"
      alignItems="center"
      justifyContent="center"
      color="fg.subtle"
      fontSize="xs"
      borderWidth={items.length ? '0' : '1px'}
      borderStyle="dashed"
      rounded="l2"
      data-testid="od-drop-end"
    >
      {hoverAt(dnd.hover, slot, items.length) ? <DropLine horizontal={horizontal} /> : null}
      {items.length ? null : (empty ?? <Trans>拖放控件到这里</Trans>)}
    </Box>
  );
  return (
    <Flex wrap={horizontal ? 'nowrap' : 'wrap'} overflowX={horizontal ? 'auto' : undefined} align="stretch" gap={horizontal ? '1' : '0'} mx={horizontal ? '0' : '-1'} w={horizontal ? 'full' : undefined}>
      {items.map((item, index) => (
        <CanvasItem
          key={item.id}
          item={item}
          slot={slot}
          index={index}
          horizontal={horizontal}
          table={table}
          selected={marks.selection === item.id}
          problem={marks.problems.has(item.id)}
          marks={isContainer(item) ? marks : undefined}
        />
      ))}
      {endZone}
    </Flex>
  );
}

interface CanvasItemProps {
  item: ModelField;
  slot: Slot;
  index: number;
  horizontal?: boolean;
  table?: ModelField;
  selected: boolean;
  problem: boolean;
  /** A container's, for its own items (a leaf has none, and so is not redrawn when they change). */
  marks?: CanvasMarks;
}

/**
 * Redrawn only when its own props change: the tree keeps unchanged items identical, and a slot is
 * compared by where it points (containers make a new slot object on every draw).
 */
const sameItemProps = (a: CanvasItemProps, b: CanvasItemProps) =>
  a.item === b.item && a.index === b.index && a.horizontal === b.horizontal && a.table === b.table && a.selected === b.selected && a.problem === b.problem && a.marks === b.marks && sameSlot(a.slot, b.slot);

export const CanvasItem = memo(function CanvasItem({ item, slot, index, horizontal, table, selected, problem, marks }: CanvasItemProps) {
  const designer = useDesigner();
  const dnd = useDnd();
  const layout = isLayoutField(item);
  const leaf = !isContainer(item);
  const select = () => designer.dispatch({ type: 'select', id: item.id });
  // A leaf is one button; a container's header is (its inside holds other items' buttons).
  const selectable = {
    role: 'button',
    tabIndex: 0,
    'aria-pressed': selected,
    'aria-label': item.label || controlName(item.type),
    onKeyDown: (e: KeyboardEvent) => {
      if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
        e.preventDefault();
        select();
      }
    },
  } as const;
  const place = (e: DragEvent) => {
    const r = e.currentTarget.getBoundingClientRect();
    const before = horizontal ? e.clientX < r.left + r.width / 2 : e.clientY < r.top + r.height / 2;
    return { ...slot, index: before ? index : index + 1 };
  };
  return (
    <Box
      w={horizontal ? '44' : { base: 'full', md: `${(Math.min(24, Math.max(1, item.span)) / 24) * 100}%` }}
      flexShrink={0}
      px={horizontal ? '0' : '1'}
      py="1"
      position="relative"
      draggable
      onDragStart={(e) => dnd.start(e, { kind: 'item', id: item.id, type: item.type })}
      onDragEnd={() => dnd.end()}
      onDragOver={(e) => dnd.over(e, place(e))}
      onDrop={(e) => dnd.drop(e, place(e))}
      data-testid={itemTestId(item, table)}
      data-id={item.id}
      data-selected={selected || undefined}
      data-problem={problem || undefined}
    >
      {hoverAt(dnd.hover, slot, index) ? <DropLine horizontal={horizontal} /> : null}
      <Box
        {...(leaf ? selectable : {})}
        onClick={(e) => {
          e.stopPropagation();
          select();
        }}
        p="2"
        h="full"
        rounded="l2"
        borderWidth="1px"
        borderStyle={problem ? 'dashed' : 'solid'}
        borderColor={selected ? 'brand.solid' : problem ? 'border.error' : layout ? 'border' : 'transparent'}
        bg={selected ? 'brand.subtle/40' : layout ? 'bg.subtle' : 'bg'}
        cursor="grab"
        _hover={{ borderColor: selected ? 'brand.solid' : 'brand.muted' }}
        outline="none"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
      >
        <ItemHeader item={item} problem={problem} selectable={leaf ? undefined : selectable} />
        <ItemBody item={item} marks={marks} />
      </Box>
      {selected ? <ItemButtons id={item.id} /> : null}
    </Box>
  );
}, sameItemProps);

function ItemHeader({ item, problem, selectable }: { item: ModelField; problem: boolean; selectable?: object }) {
  const { t } = useLingui();
  if (item.type === 'divider' || item.type === 'groupTitle') return null;
  return (
    <HStack gap="1" mb="1" minH="5" fontSize="sm" rounded="l1" outline="none" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }} {...selectable}>
      {problem ? (
        <Box color="fg.error" title={t`有问题`} flexShrink={0}>
          <TriangleAlert size={14} />
        </Box>
      ) : null}
      <Text fontWeight="medium" truncate>
        {item.label || <Text as="span" color="fg.subtle">{controlName(item.type)}</Text>}
      </Text>
      {item.required ? (
        <Text as="span" color="fg.error">
          *
        </Text>
      ) : null}
      {item.key ? (
        <Text fontSize="2xs" color="fg.subtle" fontFamily="mono" truncate>
          {item.key}
        </Text>
      ) : null}
    </HStack>
  );
}

const NO_MARKS: CanvasMarks = { selection: null, problems: new Set() };

function ItemBody({ item, marks }: { item: ModelField; marks?: CanvasMarks }) {
  const modelId = useDesignerModel();
  // Containers always get marks (SlotList gives them); the fallback only keeps the types honest.
  const inner = marks ?? NO_MARKS;
  switch (item.type) {
    case 'groupTitle':
      return (
        <Text fontWeight="semibold" borderLeftWidth="3px" borderColor="brand.solid" ps="2">
          {item.label}
        </Text>
      );
    case 'divider':
      return (
        <HStack gap="2" color="fg.muted" fontSize="sm">
          <Box flex="1" h="1px" bg="border" />
          {item.label ? <Text>{item.label}</Text> : null}
          <Box flex="1" h="1px" bg="border" />
        </HStack>
      );
    case 'card':
      return <SlotList slot={{ parent: item.id }} items={item.children ?? []} marks={inner} />;
    case 'row':
      return <SlotList slot={{ parent: item.id }} items={item.children ?? []} marks={inner} />;
    case 'tab':
      return <TabBody item={item} marks={inner} />;
    case 'table':
      return (
        <Box borderWidth="1px" rounded="l2" p="1" bg="bg.subtle">
          <SlotList slot={{ parent: item.id }} items={item.columns ?? []} horizontal table={item} marks={inner} empty={<Trans>拖入控件作为子表的列</Trans>} />
        </Box>
      );
    default:
      return <CanvasControl field={item} modelId={modelId} />;
  }
}

function TabBody({ item, marks }: { item: ModelField; marks: CanvasMarks }) {
  const [active, setActive] = useState(0);
  const panes = item.tabs ?? [];
  const pane = Math.min(active, Math.max(0, panes.length - 1));
  return (
    <Box>
      <HStack gap="0" borderBottomWidth="1px" mb="1" overflowX="auto" role="tablist">
        {panes.map((p, i) => (
          <Box
            key={i}
            as="button"
            role="tab"
            aria-selected={i === pane}
            px="3"
            py="1"
            fontSize="sm"
            borderBottomWidth="2px"
            borderColor={i === pane ? 'brand.solid' : 'transparent'}
            color={i === pane ? 'brand.fg' : 'fg.muted'}
            onClick={(e: MouseEvent) => {
              e.stopPropagation();
              setActive(i);
            }}
            // Hovering a pane's title while dragging opens it, so an item can be dropped into any pane.
            onDragEnter={() => setActive(i)}
            data-testid="od-design-pane"
          >
            {p.title}
          </Box>
        ))}
      </HStack>
      {panes[pane] ? <SlotList slot={{ parent: item.id, pane }} items={panes[pane].children} marks={marks} /> : null}
    </Box>
  );
}

/** The selected item's own buttons: the core's item actions offered for it. */
function ItemButtons({ id }: { id: string }) {
  const designer = useDesigner();
  const view = useDesignerView();
  return (
    <HStack position="absolute" top="-2" right="2" gap="0.5" bg="bg" borderWidth="1px" rounded="l2" shadow="sm" p="0.5" zIndex="2" onClick={(e) => e.stopPropagation()}>
      {itemActions
        .filter((a) => a.visible(view, id))
        .map((a) => (
          <IconButton key={a.id} size="2xs" variant="ghost" colorPalette={a.id === 'remove' ? 'red' : undefined} aria-label={i18n._(a.label)} title={i18n._(a.label)} onClick={() => a.perform(designer, id)} data-testid={`od-item-${a.id}`}>
            <DesignIcon name={a.icon} />
          </IconButton>
        ))}
    </HStack>
  );
}
