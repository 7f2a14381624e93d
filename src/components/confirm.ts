import { proxy, ref } from 'valtio';

export interface ConfirmRequest {
  title: string;
  message: string;
  /** Button texts; default 确定 / 取消. */
  okText?: string;
  cancelText?: string;
  resolve: (ok: boolean) => void;
}
export const confirmState = proxy<{ current: ConfirmRequest | null }>({ current: null });

/** Asks the user to confirm; resolves true on confirm, false on cancel or close. */
export function confirm(title: string, message: string, buttons: { okText?: string; cancelText?: string } = {}): Promise<boolean> {
  confirmState.current?.resolve(false);
  return new Promise((resolve) => {
    confirmState.current = { title, message, ...buttons, resolve: ref(resolve) as (ok: boolean) => void };
  });
}

export function settleConfirm(ok: boolean) {
  const cur = confirmState.current;
  confirmState.current = null;
  cur?.resolve(ok);
}
