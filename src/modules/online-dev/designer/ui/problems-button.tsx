import { useState } from 'react';
import { Box, Button, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { DesignProblem } from '../core/problems';
import { problemText } from '../messages';
import { useDesigner, useDesignerView } from './use-designer';

/** The problem count; a click lists them, and a click on one selects its item (or opens the panel where it is fixed). */
export function ProblemsButton({ onShown }: { onShown?: () => void }) {
  const { t } = useLingui();
  const designer = useDesigner();
  const problems = useDesignerView().problems;
  const [open, setOpen] = useState(false);
  const go = (p: DesignProblem) => {
    setOpen(false);
    if (p.itemId) designer.dispatch({ type: 'select', id: p.itemId });
    else designer.dispatch({ type: 'showPanel', panel: p.where === 'meta' ? 'form' : p.where });
    onShown?.();
  };
  const count = problems.length;
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button size="sm" variant="ghost" colorPalette={count ? 'red' : 'green'} disabled={!count} data-testid="od-design-problems" data-count={count} aria-label={t`问题`}>
          {count ? <TriangleAlert /> : <CircleCheck />}
          {count ? <Plural value={count} other="# 个问题" /> : <Trans>没有问题</Trans>}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 1rem)" data-testid="od-design-problem-list">
            <Popover.Body p="2" maxH="72" overflowY="auto">
              <Stack gap="0.5">
                {problems.map((p, i) => (
                  <Box
                    key={i}
                    as="button"
                    textAlign="start"
                    fontSize="sm"
                    px="2"
                    py="1.5"
                    rounded="l2"
                    _hover={{ bg: 'bg.muted' }}
                    onClick={() => go(p)}
                    data-testid="od-design-problem"
                    data-item={p.itemId}
                  >
                    <Text>{problemText(p)}</Text>
                  </Box>
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
