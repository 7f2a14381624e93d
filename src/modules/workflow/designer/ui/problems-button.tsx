import { useState } from 'react';
import { Box, Button, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { DesignProblem } from '../core/problems';
import { problemText } from '../messages';
import { useFlowDesigner } from './use-flow-designer';

/**
 * The problem count; a click lists them, and a click on one selects its node or edge (or, for the
 * name, code and form, the flow's settings). `problems`: the designer's own and those a refused
 * release named.
 */
export function ProblemsButton({ problems, onShown }: { problems: readonly DesignProblem[]; onShown?: () => void }) {
  const { t } = useLingui();
  const designer = useFlowDesigner();
  const [open, setOpen] = useState(false);
  const go = (p: DesignProblem) => {
    setOpen(false);
    designer.dispatch({ type: 'select', target: p.edgeId ? { kind: 'edge', id: p.edgeId } : p.nodeId ? { kind: 'node', id: p.nodeId } : null });
    onShown?.();
  };
  const count = problems.length;
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button size="sm" variant="ghost" colorPalette={count ? 'red' : 'green'} disabled={!count} data-testid="flow-problems" data-count={count} aria-label={t`问题`}>
          {count ? <TriangleAlert /> : <CircleCheck />}
          {count ? <Plural value={count} other="# 个问题" /> : <Trans>没有问题</Trans>}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 1rem)" data-testid="flow-problem-list">
            <Popover.Body p="2" maxH="72" overflowY="auto">
              <Stack gap="0.5">
                {problems.map((p, i) => (
                  <Box key={i} as="button" textAlign="start" fontSize="sm" px="2" py="1.5" rounded="l2" _hover={{ bg: 'bg.muted' }} onClick={() => go(p)} data-testid="flow-problem" data-node={p.nodeId} data-edge={p.edgeId}>
                    <Text>{problemText(p.message)}</Text>
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
