// Registers the kinds of queued base-data writes (areas, dictionaries, bill rules), so the queue
// can replay them (labels, versions, cache updates) before any base page has been opened.
import './store';
import { registerCatchUpSource } from '@/modules/shell/catch-up';
import { topUpBillBlocks } from './bill-numbers';

let registered = false;

/**
 * Start-up of the base module, once the signed-in user's sync queue is open (after every sign-in
 * or unlock): reserves offline bill numbers now and after every reconnect (catch-up).
 */
export function startBaseModule() {
  if (!registered) {
    registered = true;
    registerCatchUpSource(async () => {
      await topUpBillBlocks();
      return null;
    });
  }
  void topUpBillBlocks();
}
