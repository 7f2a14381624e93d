import type { ReactNode } from 'react';
import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { IconTip } from '@/components/icon-tip';

/** A list of items edited in a panel (animations, events, scripts): each item boxed with its delete button, 添加 below. */
export function ListFrame<T>({
  items,
  addLabel,
  onAdd,
  onRemove,
  empty,
  max,
  renderItem,
  testId,
  itemTitle,
  extra,
}: {
  items: readonly T[];
  addLabel: string;
  onAdd(): void;
  onRemove(index: number): void;
  empty: ReactNode;
  max: number;
  renderItem(item: T, index: number): ReactNode;
  testId: string;
  itemTitle(index: number): string;
  /** Buttons beside an item's delete button. */
  extra?: (item: T, index: number) => ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="3" data-testid={testId}>
      {items.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {empty}
        </Text>
      )}
      {items.map((item, i) => (
        <Box key={i} borderWidth="1px" rounded="md" p="2" data-testid={`${testId}-item`}>
          <HStack mb="2" gap="1">
            <Text fontSize="xs" fontWeight="semibold" flex="1">
              {itemTitle(i)}
            </Text>
            {extra?.(item, i)}
            <IconTip label={t`删除`}>
              <IconButton aria-label={t`删除`} size="2xs" variant="ghost" onClick={() => onRemove(i)} data-testid={`${testId}-remove`}>
                <Trash2 />
              </IconButton>
            </IconTip>
          </HStack>
          <Stack gap="2">{renderItem(item, i)}</Stack>
        </Box>
      ))}
      <Button size="xs" variant="outline" onClick={onAdd} disabled={items.length >= max} data-testid={`${testId}-add`}>
        <Plus size={14} />
        {addLabel}
      </Button>
    </Stack>
  );
}
