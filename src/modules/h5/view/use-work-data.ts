import { useEffect, useState } from 'react';
import type { PublishedSnapshot } from '@/contracts/h5-publish';

/** An element's props with the page's data bound into them (datasource/bind.ts bindProps over the current shared data). */
export type BindProps = (name: string, props: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>;

export interface ViewData {
  /** False while the data code loads: the view waits, so no `{{store.name}}` template shows as typed. */
  ready: boolean;
  /** Applies the bindings; none when the work has no datasources (the props are drawn as saved). */
  bind?: BindProps;
}

const NONE: ViewData = { ready: true };

/**
 * The work's datasources while the view is shown (issue 19): when the work has some, the data code
 * (work-data.ts: the engine, the resolver) is imported — never for a page without datasources, so
 * the runtime's first load stays small — and started; each change of the shared data gives a new
 * `bind`, so the elements are drawn again with their bound props. A datasource that fails keeps its
 * last good data (none at first: a template reads empty, a bound list keeps its own sample items).
 * Unmounting stops the data (timers, loads, the pipe's worker). If the code cannot be loaded the
 * work is drawn as saved rather than not at all.
 */
export function useWorkData(snapshot: Pick<PublishedSnapshot, 'workId' | 'work'>, preview: boolean): ViewData {
  const { workId, work } = snapshot;
  const has = work.datasources.length > 0;
  const [state, setState] = useState<ViewData>({ ready: false });

  useEffect(() => {
    if (!has) return;
    let live = true;
    let stop = () => undefined as void;
    import('./work-data').then(
      (m) => {
        if (!live) return;
        const data = m.startWorkData(workId, work, preview);
        const update = () => {
          const shared = data.shared();
          const bind: BindProps = (name, props) => m.bindProps(name, props, shared);
          setState({ ready: true, bind });
        };
        const unsubscribe = data.subscribe(update);
        stop = () => {
          unsubscribe();
          data.stop();
        };
        update();
      },
      () => live && setState(NONE),
    );
    return () => {
      live = false;
      stop();
    };
  }, [has, workId, work, preview]);

  return has ? state : NONE;
}
