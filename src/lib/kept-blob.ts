import { useEffect, useState } from 'react';
import { API_BASE, httpHooks } from './http-config';

/**
 * Stored files the server gives only with the session's token (spec 7.8 downloads: chat images,
 * the files of online-development forms). An <img> or <video> cannot send the token, so the bytes
 * are fetched, kept in the module's own table of the user's database (so they show offline after)
 * and shown through an object URL.
 *
 * The download is a plain fetch, not http.ts request(…, { responseType: 'blob' }): for a blob that
 * hands back whatever body came, so a refusal (a 403 or 404 and its JSON) would be kept and shown
 * as the file; here the status is checked first.
 */

/** What is needed of a module's table of kept bytes (a Dexie table by key). */
export interface BlobTable<R extends { blob: Blob }> {
  get(key: string): PromiseLike<R | undefined>;
  put(record: R): PromiseLike<unknown>;
}

export interface KeptBlobSource<R extends { blob: Blob }> {
  /** The module's table in the signed-in user's database; null when none is open (nothing is kept). */
  table: BlobTable<R> | null;
  /** The keys the bytes may be kept under, in order (e.g. the key of a copy made here, then the stored path). */
  keys: readonly (string | null | undefined)[];
  /** The stored file's path, relative to the API base; null while the file is only on this device. */
  path: string | null;
  /** The record a download is kept as, or null to keep it not (e.g. too large). */
  keep(blob: Blob, path: string): R | null;
}

/** The bytes of a stored file: this device's copy, else downloaded with the session's token and kept. */
export async function loadKeptBlob<R extends { blob: Blob }>(source: KeptBlobSource<R>, signal?: AbortSignal): Promise<Blob> {
  const { table, keys, path } = source;
  for (const key of keys) {
    const kept = key && table ? await table.get(key) : undefined;
    if (kept) return kept.blob;
  }
  if (!path) throw new Error('not on this device and not uploaded');
  const token = httpHooks.token();
  const res = await fetch(`${API_BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!res.ok) throw new Error(`download ${res.status}`);
  const blob = await res.blob();
  const record = table ? source.keep(blob, path) : null;
  if (table && record) await table.put(record);
  return blob;
}

/**
 * An object URL of the bytes `load` gives for `key`, for an <img>, <video> or <a>: null while they
 * load (and for no key), 'error' when they cannot be had. A new key aborts the load of the old one
 * and revokes its URL; so does leaving.
 */
export function useBlobUrl(key: string | null, load: (signal: AbortSignal) => Promise<Blob>): string | null | 'error' {
  const [state, setState] = useState<{ key: string; url: string | 'error' } | null>(null);
  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    let made: string | null = null;
    load(abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setState({ key, url: made });
      },
      () => !abort.signal.aborted && setState({ key, url: 'error' }),
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the bytes are named by their key
  }, [key]);
  // Until this key's load has answered, an earlier key's URL (revoked by then) does not count.
  return key !== null && state?.key === key ? state.url : null;
}
