import { useEffect, useState } from 'react';

/** One picture of the viewer: a URL, or a loader of its bytes (a download that needs the session). */
export interface ViewerImage {
  /** Any URL an `<img>` takes: http(s), `data:`, `blob:` (object URLs stay the caller's to revoke). */
  src?: string;
  /**
   * Fetches the picture when it is shown (instead of `src`). The viewer makes the object URL and
   * revokes it when the picture leaves; the signal aborts a load no longer wanted.
   */
  load?: (signal: AbortSignal) => Promise<Blob>;
  alt?: string;
  /** Shown (blurred) while the picture loads, e.g. a chat image's small base64 preview. */
  placeholder?: string;
  /** What identifies the picture when the list changes while open (default: `src`). */
  key?: string;
}

export type ViewerSourceStatus = 'loading' | 'ready' | 'error';

/** Identity of a picture across list changes. */
export const viewerImageKey = (image: ViewerImage | undefined): string | undefined => image?.key ?? image?.src;

/**
 * The URL to show for a picture and how its load went: `src` as it is, or the object URL of what
 * `load` gives. The `<img>` reports its own load and error through the returned callbacks.
 */
export function useViewerSource(image: ViewerImage | undefined) {
  type Loader = ViewerImage['load'];
  const [state, setState] = useState<{ src?: string; load?: Loader; url?: string; status: ViewerSourceStatus }>({ status: 'loading' });
  const load = image?.load;
  const src = image?.src;

  useEffect(() => {
    if (!load) {
      setState({ src, load, url: src, status: src ? 'loading' : 'error' });
      return;
    }
    const abort = new AbortController();
    let url: string | undefined;
    setState({ src, load, status: 'loading' });
    load(abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ src, load, url, status: 'loading' });
      },
      () => {
        if (!abort.signal.aborted) setState({ src, load, status: 'error' });
      },
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, load]);

  // Until the effect has run for a new picture, the old one's answer does not count.
  const current = state.src === src && state.load === load;
  return {
    url: current ? state.url : undefined,
    status: current ? state.status : ('loading' as const),
    /** For the `<img>`: it has decoded the picture. */
    onLoad: () => setState((s) => (s.status === 'loading' && s.url ? { ...s, status: 'ready' } : s)),
    /** For the `<img>`: the picture cannot be shown (加载失败). */
    onError: () => setState((s) => ({ ...s, status: 'error' })),
  };
}
