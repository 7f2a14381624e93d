import { useCallback, useDeferredValue, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Box, Input, InputGroup, Spinner, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Briefcase, Building2, Check, Folder, Network, Search, User } from 'lucide-react';
import type { TreeNode } from '@/contracts/common';
import { EmptyState } from './empty-state';
import { filterTree, flattenNodes, insertChildren, isSelectable, revealChosen, type NodeItem, type SelectRule } from './tree-filter';
import { indexTree, type TreeIndex, type TreeRow } from './tree-model';
import { VirtualTree } from './virtual-tree';

/** The nodes of a picker as a tree, with lazily loaded levels kept while the nodes stay the same. */
export interface NodeTree {
  /** False while the nodes are not there yet (a spinner shows). */
  loaded: boolean;
  items: readonly NodeItem[];
  index: TreeIndex<NodeItem>;
  loading: ReadonlySet<string>;
  /** Loads a lazy node's children (once); resolves false when it failed. */
  loadChildren(id: string): Promise<boolean>;
}

/**
 * Builds the picker's tree once per `nodes` (12,000 nodes: a few ms). With `loadChildren`, a node
 * with hasChildren and no children loads them when opened, and they are inserted in place.
 */
export function useNodeTree(nodes: readonly TreeNode[] | undefined, load?: (node: TreeNode) => Promise<TreeNode[]>): NodeTree {
  const lazy = !!load;
  const base = useMemo(() => flattenNodes(nodes, lazy), [nodes, lazy]);
  const [state, setState] = useState<LoadState>(() => fresh(base));
  // New nodes: the loaded levels and pending loads of the old ones are dropped.
  let current = state;
  if (state.from !== base) {
    current = fresh(base);
    setState(current);
  }
  const index = useMemo(() => indexTree(current.items), [current.items]);
  const pending = useRef(new Map<string, Promise<boolean>>());
  const loadChildren = useCallback(
    (id: string): Promise<boolean> => {
      const item = index.byId.get(id);
      if (!load || !item?.branch) return Promise.resolve(true);
      const running = pending.current.get(id);
      if (running) return running;
      // A load that ends after the nodes changed is dropped.
      const edit = (f: (s: LoadState) => LoadState) => setState((s) => (s.from === base ? f(s) : s));
      edit((s) => ({ ...s, loading: new Set(s.loading).add(id) }));
      const done = load(item.node).then(
        (kids) => {
          edit((s) => ({ ...s, items: insertChildren(s.items, id, kids), loading: without(s.loading, id) }));
          return true;
        },
        () => {
          edit((s) => ({ ...s, loading: without(s.loading, id) }));
          return false;
        },
      );
      pending.current.set(id, done);
      void done.finally(() => pending.current.delete(id));
      return done;
    },
    [index, load, base],
  );
  return { loaded: nodes !== undefined, items: current.items, index, loading: current.loading, loadChildren };
}

interface LoadState {
  from: readonly NodeItem[];
  items: readonly NodeItem[];
  loading: ReadonlySet<string>;
}
function fresh(base: readonly NodeItem[]): LoadState {
  return { from: base, items: base, loading: new Set() };
}

function without(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  next.delete(id);
  return next;
}

const TYPE_ICONS: Record<string, typeof User> = { company: Building2, department: Network, position: Briefcase, user: User };

export interface TreePickerPanelProps {
  tree: NodeTree;
  chosen: readonly string[];
  multiple: boolean;
  rule: SelectRule;
  onPick(item: NodeItem): void;
  /** Accessible name of the tree. */
  label: string;
  height: number;
}

/** A filter box over a virtualized tree of nodes; nodes that cannot be chosen are shown but not choosable. */
export function TreePickerPanel({ tree, chosen, multiple, rule, onPick, label, height }: TreePickerPanelProps) {
  const { t } = useLingui();
  const { items, index, loading } = tree;
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query);
  const filtered = useMemo(() => filterTree(items, index, q), [items, index, q]);
  // Opened nodes of the whole tree (the chosen ones in view at first), and the user's own
  // opening and closing over a filter's result (forgotten when the filter text changes).
  const [open, setOpen] = useState(() => new Set(revealChosen(index, chosen)));
  const [filterToggles, setFilterToggles] = useState({ q, toggles: new Map<string, boolean>() });
  const toggles = filterToggles.q === q ? filterToggles.toggles : null;
  const expanded = useMemo(() => {
    if (!filtered) return open;
    if (!toggles?.size) return filtered.expanded;
    const set = new Set(filtered.expanded);
    for (const [id, on] of toggles) if (on) set.add(id);
    else set.delete(id);
    return set;
  }, [filtered, open, toggles]);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const treeBox = useRef<HTMLDivElement>(null);

  const onToggle = (id: string, on: boolean) => {
    if (filtered) setFilterToggles((s) => ({ q, toggles: new Map(s.q === q ? s.toggles : []).set(id, on) }));
    else
      setOpen((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    if (on && index.byId.get(id)?.branch)
      void tree.loadChildren(id).then((ok) => {
        if (!ok) onToggle(id, false);
      });
  };
  const canPick = (item: NodeItem) => isSelectable(item, index, rule);

  const renderItem = (row: TreeRow<NodeItem>) => {
    const item = row.item;
    const selectable = canPick(item);
    const Icon = TYPE_ICONS[item.node.type ?? ''] ?? (row.hasChildren ? Folder : null);
    // Plain elements with fixed inline styles: a filter keystroke re-renders every visible row, and
    // Chakra style props cost a style resolution per element per render.
    return (
      <span style={item.node.disabled ? ROW_DISABLED : ROW}>
        {multiple && selectable ? <CheckMark on={chosenSet.has(item.id)} /> : null}
        {Icon ? (
          <span style={ICON} aria-hidden>
            <Icon size={14} />
          </span>
        ) : null}
        <span style={LABEL}>{filtered?.matched.has(item.id) ? highlight(item.label, q) : item.label}</span>
        {loading.has(item.id) ? <Spinner size="xs" color="fg.muted" /> : null}
      </span>
    );
  };

  let body: ReactNode;
  if (!tree.loaded)
    body = (
      <Stack h={`${height}px`} align="center" justify="center">
        <Spinner color="brand.solid" />
      </Stack>
    );
  else if (!items.length) body = <EmptyState compact />;
  else if (filtered && !filtered.matched.size) body = <EmptyState compact text={t`没有匹配的数据`} />;
  else
    body = (
      <VirtualTree<NodeItem>
        items={filtered?.index ?? index}
        expanded={expanded}
        onToggle={onToggle}
        isSelected={(item) => chosenSet.has(item.id)}
        isDisabled={(item) => !canPick(item)}
        multiselectable={multiple}
        onSelect={onPick}
        renderItem={renderItem}
        label={label}
        height={`${height}px`}
      />
    );

  return (
    <Stack gap="2" data-testid="tree-picker">
      <InputGroup startElement={<Search size={14} />}>
        <Input
          size="sm"
          type="search"
          value={query}
          placeholder={t`输入关键字进行过滤`}
          aria-label={t`过滤`}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              treeBox.current?.querySelector<HTMLElement>('[role="tree"]')?.focus();
            }
          }}
          data-testid="tree-picker-filter"
        />
      </InputGroup>
      <Box ref={treeBox} borderWidth="1px" borderColor="border" rounded="l2" overflow="hidden">
        {body}
      </Box>
    </Stack>
  );
}

function CheckMark({ on }: { on: boolean }) {
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="3.5"
      flexShrink={0}
      rounded="sm"
      borderWidth="1px"
      borderColor={on ? 'brand.solid' : 'border.emphasized'}
      bg={on ? 'brand.solid' : undefined}
      color="brand.contrast"
      aria-hidden
    >
      {on ? <Check size={10} strokeWidth={3} /> : null}
    </Box>
  );
}

const ROW: CSSProperties = { display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 };
const ROW_DISABLED: CSSProperties = { ...ROW, color: 'var(--chakra-colors-fg-subtle)' };
const ICON: CSSProperties = { display: 'inline-flex', flexShrink: 0, color: 'var(--chakra-colors-fg-muted)' };
const LABEL: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
const MARK: CSSProperties = { background: 'transparent', color: 'var(--chakra-colors-brand-fg)', fontWeight: 600 };

/** The label with the filter text marked (first occurrence, case-insensitive). */
function highlight(label: string, q: string): ReactNode {
  const at = label.toLowerCase().indexOf(q.trim().toLowerCase());
  if (at < 0 || !q.trim()) return label;
  const end = at + q.trim().length;
  return (
    <>
      {label.slice(0, at)}
      <mark style={MARK}>{label.slice(at, end)}</mark>
      {label.slice(end)}
    </>
  );
}
