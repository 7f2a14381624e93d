import { createToaster, Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { Notice } from '@/lib/notify';

export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 4 });
/** Bottom-right notices (previous-login notice, spec 4). */
export const cornerToaster = createToaster({ placement: 'bottom-end', max: 2 });

export function showNotice(n: Notice) {
  const t = n.placement === 'bottom-end' ? cornerToaster : toaster;
  t.create({ type: n.kind, title: n.title, description: n.description, duration: n.duration ?? 3000, closable: true });
}

function Toasts({ of }: { of: typeof toaster }) {
  return (
    <ChakraToaster toaster={of} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type}`}>
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
          </Stack>
          {toast.closable && <Toast.CloseTrigger />}
        </Toast.Root>
      )}
    </ChakraToaster>
  );
}

let markReady: () => void;
/** Resolves once the toaster is mounted, so notices created before it are not lost. */
export const toasterReady = new Promise<void>((r) => (markReady = r));

export function Toaster() {
  useEffect(() => markReady(), []);
  return (
    <Portal>
      <Toasts of={toaster} />
      <Toasts of={cornerToaster} />
    </Portal>
  );
}
