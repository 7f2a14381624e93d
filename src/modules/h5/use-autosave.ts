import { useEffect, useState } from 'react';
import { proxy, snapshot, subscribe, useSnapshot } from 'valtio';
import type { Work } from '@/contracts/h5';
import type { WriteOutcome } from '@/lib/sync/outcome';
import { editorState } from './core/store';
import { startAutosave, type Autosave, type AutosaveState } from './drafts-autosave';

/** The status shown before a work is open (a proxy: useSnapshot reads only proxies). */
const idle = { status: proxy({ state: 'saved' as AutosaveState }) };

/**
 * The editor page's automatic saving of the work it holds (`editorState.work`, changes counted by
 * `editorState.revision`): started when a work is open, flushed and stopped when it closes or the
 * route is left. Gives the header's status and the save button's action.
 */
export function useAutosave(workId: string | null): { state: AutosaveState; saveNow: () => Promise<WriteOutcome> } {
  const [saver, setSaver] = useState<Autosave | null>(null);
  useEffect(() => {
    if (!workId) return;
    const s = startAutosave({
      workId,
      getWork: () => {
        // A frozen copy: what is written is the document at this moment.
        const work = snapshot(editorState).work as Work | null;
        return work && work.id === workId ? work : null;
      },
      revision: () => editorState.revision,
      subscribe: (onChange) => subscribe(editorState, onChange),
    });
    setSaver(s);
    return () => {
      s.stop();
      setSaver(null);
    };
  }, [workId]);
  const state = useSnapshot((saver ?? idle).status).state;
  return { state, saveNow: () => saver?.saveNow() ?? Promise.resolve({ state: 'waiting' }) };
}
