import { useEffect } from 'react';
import { runtimeMessages } from './messages';
import type { SubmissionQueue } from './queue';

/** Backoff of the retries while online after a server hiccup (429, 5xx): 30 s, doubling, at most 5 minutes. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 300_000;

/**
 * Sends the submissions kept while offline: now (this load), when the connection comes back, when
 * the page is shown again, and after a backoff while the server answers "later". Tells the visitor
 * when one of this work's is through. Without a queue (the preview) it does nothing.
 */
export function useQueueFlush(queue: SubmissionQueue | undefined, workId: string, show: (text: string) => void) {
  useEffect(() => {
    if (!queue) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_FIRST_MS;
    let live = true;
    const run = async () => {
      clearTimeout(timer);
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      const r = await queue.flush();
      if (!live) return;
      const mine = r.rejected.find((x) => x.submission.workId === workId);
      if (mine) show(mine.message);
      else if (r.sent.some((s) => s.workId === workId)) show(runtimeMessages.submitted);
      if (r.waiting > 0) {
        timer = setTimeout(() => void run(), delay);
        delay = Math.min(RETRY_MAX_MS, delay * 2);
      } else {
        delay = RETRY_FIRST_MS;
      }
    };
    const onOnline = () => {
      delay = RETRY_FIRST_MS;
      void run();
    };
    const onVisible = () => document.visibilityState === 'visible' && void run();
    void run();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queue, workId, show]);
}
