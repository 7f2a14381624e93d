import { useState, type ReactElement } from 'react';
import { Button, HStack, Popover, Text } from '@chakra-ui/react';
import { CircleAlert } from 'lucide-react';
import { notify } from '@/lib/notify';

/** The spec's texts, word for word (spec 2.4); the same in every UI language. */
const TEXT = { question: 'Are you sure delete this task?', yes: 'Yes', no: 'No', confirmed: 'Next step.', cancelled: 'Click on cancel.' } as const;

/**
 * The generic delete confirmation popup of spec 2.4: 'Are you sure delete this task?' with Yes/No.
 * Yes shows 'Next step.' and runs the action; No shows 'Click on cancel.'.
 */
export function DeleteConfirm({ children, onConfirm }: { children: ReactElement; onConfirm: () => void | Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: "top" }}>
      <Popover.Trigger asChild>{children}</Popover.Trigger>
      {/* Not portalled: inside a modal drawer or dialog, content outside it is hidden from the user. */}
      <Popover.Positioner>
          <Popover.Content w="auto" maxW="xs" data-testid="delete-confirm">
            <Popover.Arrow>
              <Popover.ArrowTip />
            </Popover.Arrow>
            <Popover.Body p="3">
              <HStack gap="2" align="start">
                <CircleAlert size={16} color="var(--chakra-colors-orange-500)" aria-hidden />
                <Text fontSize="sm">{TEXT.question}</Text>
              </HStack>
              <HStack justify="flex-end" gap="2" mt="3">
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => {
                    setOpen(false);
                    notify({ kind: 'info', title: TEXT.cancelled });
                  }}
                >
                  {TEXT.no}
                </Button>
                <Button
                  size="xs"
                  colorPalette="brand"
                  onClick={() => {
                    setOpen(false);
                    notify({ kind: 'success', title: TEXT.confirmed });
                    void onConfirm();
                  }}
                  data-testid="delete-confirm-yes"
                >
                  {TEXT.yes}
                </Button>
              </HStack>
            </Popover.Body>
          </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
