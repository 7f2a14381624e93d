import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button, chakra, CloseButton, Drawer, IconButton, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronRight, ListFilter, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { IconTip } from '@/components/icon-tip';
import { useNarrowScreen } from '@/components/use-media';
import { storage, StorageKey } from '@/lib/storage';

/** How the panel is drawn: beside the list, or in the drawer of a narrow screen. */
export interface SideFilterSlot {
  /** Closes the drawer after a choice (nothing beside the list). */
  done(): void;
  inDrawer: boolean;
  /** The button that folds the panel away beside the list (for the panel's header); null in the drawer. */
  collapseButton: ReactNode;
}

export interface SideFilterProps {
  /** What the filter is (组织机构, 字典分类 …): the drawer's title and the button's first words. */
  label: string;
  /** What is chosen now (全部, a company's name …), shown on the button. */
  value: ReactNode;
  /** The panel (a tree). */
  children(slot: SideFilterSlot): ReactNode;
  /** Remembers per user and page whether the panel beside the list is folded away. */
  collapseKey?: string;
  testId?: string;
}

const collapsedKey = (key: string) => {
  const userId = storage.get(StorageKey.userId);
  return userId ? `sidefilter_${userId}_${key}` : null;
};
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
function useCollapsed(key: string | undefined): [boolean, (on: boolean) => void] {
  const stored = key ? collapsedKey(key) : null;
  const read = () => (stored ? storage.get(stored) === '1' : false);
  const collapsed = useSyncExternalStore(subscribe, read, () => false);
  const set = (on: boolean) => {
    if (!stored) return;
    if (on) storage.set(stored, '1');
    else storage.remove(stored);
    for (const l of listeners) l();
  };
  return [collapsed, set];
}

/**
 * A filter panel beside a list (PageCard's `filter`). Below the spec's mobile breakpoint (992 px)
 * the list comes first: the panel becomes one button naming the choice (组织机构：全部) that opens
 * it in a drawer; choosing closes it. On a wide screen the panel can be folded into a slim bar
 * (its choice written down it) to give the table the width; a click opens it again.
 */
export function SideFilter({ label, value, children, collapseKey, testId = 'side-filter' }: SideFilterProps) {
  const { t } = useLingui();
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(false);
  const [collapsed, setCollapsed] = useCollapsed(collapseKey);
  if (!narrow) {
    if (collapsed)
      return (
        <IconTip label={t`展开${label}`} placement="right">
          <chakra.button
            type="button"
            onClick={() => setCollapsed(false)}
            aria-label={t`展开${label}`}
            display="flex"
            flexDirection="column"
            alignItems="center"
            gap="2"
            flexShrink={0}
            w="9"
            py="3"
            rounded="md"
            borderWidth="1px"
            color="fg.muted"
            cursor="pointer"
            _hover={{ bg: 'bg.muted', color: 'fg' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
            data-testid={`${testId}-expand`}
          >
            <PanelLeftOpen size={16} aria-hidden />
            <Text as="span" fontSize="sm" css={{ writingMode: 'vertical-rl' }} maxH="60" truncate>
              {label}：{value}
            </Text>
          </chakra.button>
        </IconTip>
      );
    const collapseButton = collapseKey ? (
      <IconTip label={t`收起${label}`}>
        <IconButton size="xs" variant="ghost" aria-label={t`收起${label}`} onClick={() => setCollapsed(true)} data-testid={`${testId}-collapse`}>
          <PanelLeftClose />
        </IconButton>
      </IconTip>
    ) : null;
    return <>{children({ done: () => undefined, inDrawer: false, collapseButton })}</>;
  }
  return (
    <>
      <Button variant="outline" size="sm" justifyContent="space-between" w="full" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid={`${testId}-open`}>
        <ListFilter />
        <Text as="span" flex="1" textAlign="start" truncate>
          {label}：{value}
        </Text>
        <ChevronRight />
      </Button>
      <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start" size="xs" lazyMount unmountOnExit>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid={`${testId}-drawer`}>
              <Drawer.Header>
                <Drawer.Title>{label}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body pt="0">{children({ done: () => setOpen(false), inDrawer: true, collapseButton: null })}</Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t`关闭`} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </>
  );
}
