import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { Button, HStack, Popover, Text, type ButtonProps } from '@chakra-ui/react';
import { CircleAlert } from 'lucide-react';

export interface ConfirmPopoverProps {
  question: ReactNode;
  /** The answers' labels: no first (focused first), then yes. */
  noLabel: ReactNode;
  yesLabel: ReactNode;
  yesPalette: ButtonProps['colorPalette'];
  onNo?(): void;
  onYes(): void | Promise<void>;
  /** The button that asks (a Chakra Button or IconButton). */
  children: ReactElement;
  placement: 'top' | 'top-end';
  testId: string;
  /** The trigger's element id, when a tooltip shares the trigger (IconTip's `triggerId`). */
  triggerId?: string;
  /** Wraps the trigger (a tooltip around it: `(t) => <IconTip triggerId=…>{t}</IconTip>`). */
  wrapTrigger?(trigger: ReactElement): ReactElement;
}

/**
 * A question in a popover at the button that asks it, with two answers. Escape or a click outside
 * closes it as a no would, without its `onNo`. The frame of the record delete question and of the
 * spec's generic delete confirmation.
 */
export function ConfirmPopover({ question, noLabel, yesLabel, yesPalette, onNo, onYes, children, placement, testId, triggerId, wrapTrigger }: ConfirmPopoverProps) {
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement }} lazyMount unmountOnExit ids={triggerId ? { trigger: triggerId } : undefined}>
      {(wrapTrigger ?? ((trigger) => trigger))(<Popover.Trigger asChild>{children}</Popover.Trigger>)}
      {/* Not portalled: inside a modal drawer or dialog, content outside it is hidden from the user. */}
      <Popover.Positioner>
        <Popover.Content w="auto" maxW="xs" role="alertdialog" aria-labelledby={textId} data-testid={testId}>
          <Popover.Arrow>
            <Popover.ArrowTip />
          </Popover.Arrow>
          <Popover.Body p="3">
            <HStack gap="2" align="start">
              <CircleAlert size={16} color="var(--chakra-colors-orange-500)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text id={textId} fontSize="sm" whiteSpace="normal" wordBreak="break-word">
                {question}
              </Text>
            </HStack>
            <HStack justify="flex-end" gap="2" mt="3">
              <Button
                size="xs"
                variant="outline"
                onClick={() => {
                  setOpen(false);
                  onNo?.();
                }}
                data-testid="delete-confirm-no"
              >
                {noLabel}
              </Button>
              <Button
                size="xs"
                colorPalette={yesPalette}
                onClick={() => {
                  setOpen(false);
                  void onYes();
                }}
                data-testid="delete-confirm-yes"
              >
                {yesLabel}
              </Button>
            </HStack>
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
