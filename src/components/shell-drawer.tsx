import type { ReactNode } from 'react';
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { closeDrawer, shellUi } from './shell-drawer-state';

/** The frame of the shell's side drawers: open while `shellUi.drawer` is one of its names. */
export function ShellDrawer({ name, title, size = 'sm', testId, footer, children }: { name: string | string[]; title: ReactNode; size?: 'xs' | 'sm'; testId: string; footer?: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  const open = useSnapshot(shellUi).drawer;
  const names = Array.isArray(name) ? name : [name];
  return (
    <Drawer.Root open={open !== null && names.includes(open)} onOpenChange={(e) => !e.open && closeDrawer()} size={size}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid={testId}>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            {footer && <Drawer.Footer>{footer}</Drawer.Footer>}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
