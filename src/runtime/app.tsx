import { useEffect, useState } from 'react';
import type { H5Boot, PublishedSnapshot } from '@/contracts/h5-publish';
import { sendView } from './beacon';
import { loadSnapshot } from './boot';
import { runtimeMessages as m } from '@/modules/h5/view/messages';
import { SubmissionQueue } from '@/modules/h5/view/queue';
import { WorkView } from '@/modules/h5/view/work-view';

/**
 * The published page: a spinner while the snapshot loads, 页面加载失败 with 重试 when it does not
 * (no network, a server error), then the work. A view is counted once the work is on screen. A
 * page that is not published is the server's 404, never this.
 */
type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; snapshot: PublishedSnapshot };

export function App({ boot, queue, load = loadSnapshot }: { boot: H5Boot | null; queue: SubmissionQueue; load?: (url: string) => Promise<PublishedSnapshot> }) {
  const [state, setState] = useState<State>(boot ? { kind: 'loading' } : { kind: 'failed' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!boot) return;
    let live = true;
    load(boot.snapshotUrl).then(
      (snapshot) => live && setState({ kind: 'ready', snapshot }),
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [boot, load, attempt]);

  const ready = state.kind === 'ready' ? state.snapshot : null;
  useEffect(() => {
    if (!ready || !boot) return;
    if (ready.work.title) document.title = ready.work.title;
    sendView(boot.workId);
  }, [ready, boot]);

  if (state.kind === 'loading') {
    return (
      <div className="h5-center" role="status" aria-label={m.loading} data-testid="h5-loading">
        <span className="h5-spinner" />
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="h5-center h5-failed" role="alert" data-testid="h5-failed">
        <p>{m.loadFailed}</p>
        <button
          type="button"
          onClick={() => {
            if (!boot) return location.reload();
            setState({ kind: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {m.retry}
        </button>
      </div>
    );
  }
  return <WorkView snapshot={state.snapshot} queue={queue} />;
}
