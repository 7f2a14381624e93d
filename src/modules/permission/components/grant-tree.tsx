import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Input, InputGroup, Text, VisuallyHidden } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check as CheckIcon, Minus, Search } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { MenuIcon } from '@/components/menu-icon';
import { indexTree, type TreeRow } from '@/components/tree-model';
import { VirtualTree } from '@/components/virtual-tree';
import {
  allIds,
  branchIds,
  filterItems,
  itemCheck,
  setAll,
  tabItems,
  toggleItem,
  type Check,
  type GrantItem,
  type GrantKind,
  type GrantModel,
  type GrantState,
  type GrantSummary,
} from '../grants';

/** The drawn check box of a row (the row itself is the control: click, Enter or Space). */
function CheckMark({ check, disabled }: { check: Check; disabled: boolean }) {
  const on = check !== 'unchecked';
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink={0}
      w="4"
      h="4"
      rounded="sm"
      borderWidth="1px"
      borderColor={on ? 'brand.solid' : 'border.emphasized'}
      bg={on ? 'brand.solid' : 'bg'}
      color="brand.contrast"
      opacity={disabled ? 0.6 : 1}
      aria-hidden
    >
      {check === 'checked' ? <CheckIcon size={12} strokeWidth={3} /> : check === 'indeterminate' ? <Minus size={12} strokeWidth={3} /> : null}
    </Box>
  );
}

export interface GrantTreeProps {
  model: GrantModel;
  /** Which tab: modules (menus), buttons or columns. */
  kind: GrantKind;
  state: GrantState;
  summary: GrantSummary;
  readOnly: boolean;
  onChange(next: GrantState): void;
  height?: number;
}

/**
 * One permission tab: the menu tree (with the buttons or columns under each menu in those tabs),
 * virtualised so a few hundred menus and their controls stay quick; a filter by name or code,
 * open/close all, select all/clear.
 */
export function GrantTree({ model, kind, state, summary, readOnly, onChange, height = 400 }: GrantTreeProps) {
  const { t } = useLingui();
  const items = useMemo(() => tabItems(model, kind), [model, kind]);
  const index = useMemo(() => indexTree(items), [items]);
  const branches = useMemo(() => branchIds(items, index), [items, index]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(branches));
  const [filter, setFilter] = useState('');
  const filtered = useMemo(() => filterItems(items, index, filter), [items, index, filter]);
  useEffect(() => {
    if (filtered?.expanded.size) setExpanded((prev) => new Set([...prev, ...filtered.expanded]));
  }, [filtered]);

  const ids = useMemo(() => allIds(model, kind), [model, kind]);
  const total = ids.length;
  const granted = ids.reduce((n, id) => n + (state[kind].has(id) ? 1 : 0), 0);
  const labels: Record<GrantKind, { tree: string; empty: string }> = {
    module: { tree: t`菜单权限`, empty: t`没有可授权的菜单` },
    button: { tree: t`按钮权限`, empty: t`没有可授权的按钮` },
    column: { tree: t`列表权限`, empty: t`没有可授权的列表字段` },
  };

  if (!items.length) return <EmptyState text={labels[kind].empty} compact />;

  const renderItem = (row: TreeRow<GrantItem>) => {
    const item = row.item;
    const check = itemCheck(item, kind, state, summary);
    const counts = item.kind === 'module' && kind !== 'module' ? summary.get(item.ref)?.[kind] : undefined;
    return (
      <HStack gap="2" minW="0" data-testid={`grant-${item.id}`} data-check={check}>
        <CheckMark check={check} disabled={readOnly} />
        {item.kind === 'module' ? (
          <MenuIcon name={item.icon ?? ''} size={14} />
        ) : null}
        <Text as="span" truncate fontWeight={item.kind === 'module' && kind !== 'module' ? 'medium' : undefined}>
          {item.label}
        </Text>
        <Text as="span" fontSize="xs" color="fg.subtle" truncate hideBelow="sm">
          {item.enCode}
        </Text>
        {counts ? (
          <Badge size="xs" variant="subtle" colorPalette={counts[0] ? 'brand' : 'gray'} flexShrink={0}>
            {counts[0]}/{counts[1]}
          </Badge>
        ) : null}
        {check === 'indeterminate' && (
          <VisuallyHidden>
            <Trans>部分选中</Trans>
          </VisuallyHidden>
        )}
      </HStack>
    );
  };

  return (
    <Box>
      <Flex gap="2" wrap="wrap" align="center" mb="2">
        <InputGroup startElement={<Search size={14} />} flex="1" minW="40" maxW="64">
          <Input size="sm" type="search" value={filter} placeholder={t`按名称或编码筛选`} aria-label={t`筛选`} onChange={(e) => setFilter(e.target.value)} data-testid="grant-filter" />
        </InputGroup>
        <Button size="xs" variant="ghost" onClick={() => setExpanded(new Set(branches))}>
          <Trans>展开全部</Trans>
        </Button>
        <Button size="xs" variant="ghost" onClick={() => setExpanded(new Set())}>
          <Trans>折叠全部</Trans>
        </Button>
        {!readOnly && (
          <>
            <Button size="xs" variant="outline" onClick={() => onChange(setAll(model, state, kind, true))} data-testid={`grant-all-${kind}`}>
              <Trans>全选</Trans>
            </Button>
            <Button size="xs" variant="outline" onClick={() => onChange(setAll(model, state, kind, false))} data-testid={`grant-none-${kind}`}>
              <Trans>清空</Trans>
            </Button>
          </>
        )}
        <Text fontSize="xs" color="fg.muted" ms="auto">
          {t`已选 ${granted} / ${total}`}
        </Text>
      </Flex>
      {filtered && filtered.matched === 0 ? (
        <EmptyState text={t`没有匹配的项`} compact />
      ) : (
        <Box borderWidth="1px" rounded="md">
          <VirtualTree<GrantItem>
            items={filtered?.index ?? index}
            expanded={expanded}
            onToggle={(id, open) =>
              setExpanded((prev) => {
                const next = new Set(prev);
                if (open) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            multiselectable
            isSelected={(item) => itemCheck(item, kind, state, summary) === 'checked'}
            isDisabled={readOnly ? () => true : undefined}
            onSelect={(item) => onChange(toggleItem(model, state, item, kind))}
            renderItem={renderItem}
            label={labels[kind].tree}
            height={height}
          />
        </Box>
      )}
    </Box>
  );
}
