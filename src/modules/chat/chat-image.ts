import { useEffect, useState } from 'react';
import type { ChatImageContent } from '@/contracts/chat';
import { API_BASE } from '@/lib/http-config';
import { currentUserDb } from '@/lib/sync/engine';
import { session } from '@/modules/auth/public';
import { chatBlobsOf, type ChatRow } from './table';

/**
 * The bytes of a chat image: this device's copy (one sent from here, or fetched before: readable
 * offline), else downloaded with the session's token (GET /api/file/Download/chat/{name} serves
 * only the sender and the recipient) and kept.
 */
export async function loadChatImage(row: Pick<ChatRow, 'blobKey' | 'content'>, signal?: AbortSignal): Promise<Blob> {
  const db = currentUserDb();
  const path = (row.content as ChatImageContent).path;
  for (const key of [row.blobKey, path]) {
    if (!key || !db) continue;
    const kept = await chatBlobsOf(db).get(key);
    if (kept) return kept.blob;
  }
  if (!path) throw new Error('image not uploaded');
  const res = await fetch(`${API_BASE}${path}`, { headers: session.token ? { Authorization: `Bearer ${session.token}` } : {}, signal });
  if (!res.ok) throw new Error(`image ${res.status}`);
  const blob = await res.blob();
  if (db) await chatBlobsOf(db).put({ key: path, blob, savedAt: Date.now() });
  return blob;
}

/** An object URL of a chat image for an <img>, 'error' when it cannot be had, null while loading. */
export function useChatImageUrl(row: Pick<ChatRow, 'blobKey' | 'content'>): string | 'error' | null {
  const [url, setUrl] = useState<string | 'error' | null>(null);
  const path = (row.content as ChatImageContent).path;
  useEffect(() => {
    const abort = new AbortController();
    let made: string | null = null;
    setUrl(null);
    loadChatImage({ blobKey: row.blobKey, content: row.content }, abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => !abort.signal.aborted && setUrl('error'),
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the image is named by its key and path
  }, [row.blobKey, path]);
  return url;
}
