import { useState, type ReactNode } from 'react';
import { Box, Button, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, TriangleAlert } from 'lucide-react';

/**
 * A designer's problem count; a click lists them, and a click on one hands it to `onPick` (the
 * designer selects what it is about). Test ids: `<testIdPrefix>-problems`, `-problem-list`, `-problem`
 * (each with the data attributes `dataOf` gives).
 */
export function ProblemsButton<P>({
  problems,
  testIdPrefix,
  textOf,
  dataOf,
  onPick,
}: {
  problems: readonly P[];
  testIdPrefix: string;
  textOf(problem: P): ReactNode;
  dataOf?(problem: P): Record<`data-${string}`, string | undefined>;
  onPick(problem: P): void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const go = (p: P) => {
    setOpen(false);
    onPick(p);
  };
  const count = problems.length;
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button size="sm" variant="ghost" colorPalette={count ? 'red' : 'green'} disabled={!count} data-testid={`${testIdPrefix}-problems`} data-count={count} aria-label={t`问题`}>
          {count ? <TriangleAlert /> : <CircleCheck />}
          {count ? <Plural value={count} other="# 个问题" /> : <Trans>没有问题</Trans>}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 1rem)" data-testid={`${testIdPrefix}-problem-list`}>
            <Popover.Body p="2" maxH="72" overflowY="auto">
              <Stack gap="0.5">
                {problems.map((p, i) => (
                  <Box key={i} as="button" textAlign="start" fontSize="sm" px="2" py="1.5" rounded="l2" _hover={{ bg: 'bg.muted' }} onClick={() => go(p)} data-testid={`${testIdPrefix}-problem`} {...dataOf?.(p)}>
                    <Text>{textOf(p)}</Text>
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
