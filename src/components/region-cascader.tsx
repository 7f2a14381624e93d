import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, Flex, IconButton, Popover, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronRight, X } from 'lucide-react';
import { DEFAULT_REGION_DEPTH, type Region } from '@/contracts/base';
import { findPath, pathLabel, pathRequests, pickRegion, regionKey, sameIds, visibleColumns, type RegionRequest } from './region-path';

export interface RegionCascaderProps {
  /** Chosen region ids: province → city → district. */
  value: readonly string[];
  onChange(ids: string[], regions: Region[]): void;
  /** The regions of a grade under a parent ('-1' for the provinces). Caching is the caller's. */
  load(grade: number, parentId: string): Promise<Region[]>;
  /** Levels to choose (spec 9: 1 to 3, default 3). */
  depth?: 1 | 2 | 3;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  'aria-label'?: string;
  size?: 'xs' | 'sm' | 'md';
  'data-testid'?: string;
}

/**
 * A province / city / district field: a popover of columns loaded level by level (like Element's
 * cascader). A click on a region opens its children in the next column; a leaf, or the last level,
 * ends the choice. Within one opening each (grade, parent) list is loaded once.
 */
export function RegionCascader({ value, onChange, load, depth = DEFAULT_REGION_DEPTH, placeholder, disabled, invalid, size = 'sm', ...rest }: RegionCascaderProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  // Names of the chosen path: known after a choice here, else loaded (the caller caches).
  const [named, setNamedState] = useState<Named>({ ids: [], regions: [] });
  const namedRef = useRef(named);
  const setNamed = (n: Named) => {
    namedRef.current = n;
    setNamedState(n);
  };
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);
  const ids = value.slice(0, depth);
  const idsKey = ids.join('/');
  useEffect(() => {
    const want = idsKey ? idsKey.split('/') : [];
    if (!want.length || sameIds(namedRef.current.ids, want)) return;
    let live = true;
    const settle = (regions: Region[]) => {
      if (!live) return;
      namedRef.current = { ids: want, regions };
      setNamedState(namedRef.current);
    };
    Promise.all(pathRequests(want, depth).map((r) => loadRef.current(r.grade, r.parentId))).then(
      (lists) => settle(findPath(want, lists)),
      () => settle([]),
    );
    return () => {
      live = false;
    };
  }, [idsKey, depth]);
  // While the names load: '…'; ids that name no region are shown as they are.
  const text = !ids.length ? '' : sameIds(named.ids, ids) ? pathLabel(named.regions) || ids.join(' / ') : '…';
  const label = rest['aria-label'] ?? placeholder ?? t`请选择省市区`;
  const clearable = !disabled && ids.length > 0;

  const choose = (path: string[], chosen: Region[]) => {
    setNamed({ ids: path, regions: chosen });
    setOpen(false);
    onChange(path, chosen);
  };

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit positioning={{ placement: 'bottom-start', strategy: 'fixed' }}>
      <Box position="relative" w="full" data-testid={rest['data-testid'] ?? 'region-cascader'}>
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
              {text || placeholder || t`请选择省市区`}
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
            onClick={() => choose([], [])}
            data-testid="region-cascader-clear"
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
        <Popover.Content w="auto" maxW="calc(100vw - 2rem)" data-testid="region-cascader-popover">
          <Columns start={ids} depth={depth} load={load} onDone={choose} />
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

interface Named {
  ids: readonly string[];
  regions: Region[];
}
type ColumnState = Region[] | 'error';

/** The columns of one opening: mounted when the popover opens, so loads are shared within it only. */
function Columns({ start, depth, load, onDone }: { start: readonly string[]; depth: number; load: RegionCascaderProps['load']; onDone(ids: string[], regions: Region[]): void }) {
  const { t } = useLingui();
  const [path, setPath] = useState<string[]>(() => [...start]);
  const [lists, setLists] = useState<ReadonlyMap<string, ColumnState>>(() => new Map());
  const asked = useRef(new Set<string>());
  const box = useRef<HTMLDivElement>(null);

  const listOf = (req: RegionRequest) => {
    const got = lists.get(regionKey(req));
    return Array.isArray(got) ? got : undefined;
  };
  const columns = useMemo(
    () =>
      visibleColumns(path, depth, (req, id) => {
        const got = lists.get(regionKey(req));
        return Array.isArray(got) ? got.find((r) => r.id === id) : undefined;
      }),
    [path, depth, lists],
  );

  const ask = (req: RegionRequest) => {
    const key = regionKey(req);
    if (asked.current.has(key)) return;
    asked.current.add(key);
    load(req.grade, req.parentId).then(
      (regions) => setLists((m) => new Map(m).set(key, regions)),
      () => {
        asked.current.delete(key);
        setLists((m) => new Map(m).set(key, 'error'));
      },
    );
  };
  // The opened path's lists all at once (the ids say the parents), then each column shown.
  useEffect(() => {
    for (const req of pathRequests(start, depth)) ask(req);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    for (const req of columns) if (!lists.has(regionKey(req))) ask(req);
  });

  const pick = (level: number, region: Region) => {
    const next = pickRegion(path, level, region, depth);
    setPath(next.path);
    if (next.done) onDone(next.path, findPath(next.path, columns.map(listOf)));
  };
  const retry = (req: RegionRequest) => {
    setLists((m) => {
      const n = new Map(m);
      n.delete(regionKey(req));
      return n;
    });
  };
  const levelNames = [t`省`, t`市`, t`区`];

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const col = target.closest<HTMLElement>('[data-level]');
    if (!col || !box.current) return;
    const options = [...col.querySelectorAll<HTMLElement>('[role="option"]')];
    const at = options.indexOf(target);
    const level = Number(col.dataset.level);
    const focusIn = (lv: number) => {
      const other = box.current!.querySelector<HTMLElement>(`[data-level="${lv}"]`);
      (other?.querySelector<HTMLElement>('[aria-selected="true"]') ?? other?.querySelector<HTMLElement>('[role="option"]'))?.focus();
    };
    const moves: Record<string, () => void> = {
      ArrowDown: () => options[Math.min(options.length - 1, at + 1)]?.focus(),
      ArrowUp: () => options[Math.max(0, at - 1)]?.focus(),
      Home: () => options[0]?.focus(),
      End: () => options[options.length - 1]?.focus(),
      ArrowRight: () => focusIn(level + 1),
      ArrowLeft: () => focusIn(level - 1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    move();
  };

  return (
    <Flex ref={box} overflowX="auto" onKeyDown={onKeyDown} data-testid="region-cascader-columns">
      {columns.map((req, level) => {
        const state = lists.get(regionKey(req));
        return (
          <Box
            key={regionKey(req)}
            data-level={level}
            role="listbox"
            aria-label={levelNames[level]}
            w="40"
            flexShrink={0}
            h="64"
            overflowY="auto"
            py="1"
            borderInlineStartWidth={level ? '1px' : 0}
            borderColor="border"
          >
            {state === undefined ? (
              <Stack h="full" align="center" justify="center">
                <Spinner size="sm" color="brand.solid" />
              </Stack>
            ) : state === 'error' ? (
              <Stack h="full" align="center" justify="center" gap="2" fontSize="sm" color="fg.muted">
                <Trans>加载失败</Trans>
                <Button size="xs" variant="outline" onClick={() => retry(req)}>
                  <Trans>重试</Trans>
                </Button>
              </Stack>
            ) : !state.length ? (
              <Stack h="full" align="center" justify="center" fontSize="sm" color="fg.muted">
                <Trans>暂无数据</Trans>
              </Stack>
            ) : (
              state.map((region) => {
                const onPath = path[level] === region.id;
                const more = !region.leaf && level + 1 < depth;
                return (
                  <chakra.button
                    key={region.id}
                    type="button"
                    role="option"
                    aria-selected={onPath}
                    aria-haspopup={more ? 'listbox' : undefined}
                    display="flex"
                    alignItems="center"
                    justifyContent="space-between"
                    gap="1"
                    w="full"
                    h="8"
                    px="3"
                    fontSize="sm"
                    textAlign="start"
                    cursor="pointer"
                    color={onPath ? 'brand.fg' : undefined}
                    fontWeight={onPath ? 'medium' : undefined}
                    bg={onPath ? 'brand.subtle' : undefined}
                    _hover={{ bg: onPath ? 'brand.subtle' : 'bg.muted' }}
                    _focusVisible={{ outline: 'none', boxShadow: 'inset 0 0 0 2px var(--chakra-colors-brand-solid)' }}
                    onClick={() => pick(level, region)}
                  >
                    <chakra.span truncate>{region.name}</chakra.span>
                    {more ? <ChevronRight size={14} aria-hidden /> : null}
                  </chakra.button>
                );
              })
            )}
          </Box>
        );
      })}
    </Flex>
  );
}
