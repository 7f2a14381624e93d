import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { flowRouteOf, type MessageRow } from '@/contracts/message';
import { notify } from '@/lib/notify';
import { closeDrawer } from '@/components/shell-drawer-state';
import { isNotice, showNotice } from '../store';
import { readMessage } from '../writes';

/**
 * Opening a message (spec 2.7), from the drawer or the message centre: an unread one is read (at
 * once here, queued for the server); a notice shows its body in the notice dialog; any other type
 * closes the drawer and opens its workflow page.
 */
export function useOpenMessage() {
  const navigate = useNavigate();
  return useCallback(
    (row: MessageRow) => {
      void readMessage(row).catch((e: unknown) => notify({ kind: 'error', title: t`操作失败：${e instanceof Error ? e.message : String(e)}` }));
      if (isNotice(row.type)) showNotice({ ...row, isRead: '1' });
      else {
        void navigate({ href: flowRouteOf(row) }).finally(closeDrawer);
      }
    },
    [navigate],
  );
}
