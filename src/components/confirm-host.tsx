import { Button, Dialog, Portal } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { confirmState as state, settleConfirm as settle } from './confirm';

export function ConfirmHost() {
  const snap = useSnapshot(state);
  const cur = snap.current;
  return (
    <Dialog.Root role="alertdialog" open={!!cur} onOpenChange={(e) => !e.open && settle(false)} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{cur?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{cur?.message}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => settle(false)} data-testid="confirm-cancel">
                {cur?.cancelText ?? <Trans>取消</Trans>}
              </Button>
              <Button colorPalette="brand" onClick={() => settle(true)} data-testid="confirm-ok">
                {cur?.okText ?? <Trans>确定</Trans>}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
