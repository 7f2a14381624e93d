import { ERROR_TOAST_MS } from '@/contracts/limits';
import { ApiError, NetworkError } from '@/lib/errors';
import { notify } from '@/lib/notify';

/** Shows an error the http client has not shown already (e.g. spec 5.2 login checks). */
export function reportError(e: unknown) {
  if (e instanceof ApiError || e instanceof NetworkError) return;
  const message = e instanceof Error ? e.message : String(e);
  if (message) notify({ kind: 'error', title: message, duration: ERROR_TOAST_MS });
}
