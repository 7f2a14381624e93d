import type { ReactNode } from 'react';
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/**
 * An editor's side panel on a narrow screen (the page editor's and the model designer's palettes
 * and property panels): a drawer from the start or end with a small title, its body a full-height
 * column for the panel, at most 92 % of the screen wide.
 */
export function PanelDrawer({ open, side, title, testId, onOpenChange, children }: { open: boolean; side: 'start' | 'end'; title: ReactNode; testId: string; onOpenChange(open: boolean): void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement={side} size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="92vw" data-testid={testId}>
            <Drawer.Header py="2" px="3">
              <Drawer.Title fontSize="sm">{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0" display="flex" flexDirection="column" minH="0">
              {children}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
