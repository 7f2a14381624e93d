import type { ChatImageContent } from '@/contracts/chat';
import { loadKeptBlob, useBlobUrl } from '@/lib/kept-blob';
import { currentUserDb } from '@/lib/sync/engine';
import { chatBlobsOf, type ChatRow } from './table';

/**
 * The bytes of a chat image: this device's copy (one sent from here, or fetched before: readable
 * offline), else downloaded with the session's token (GET /api/file/Download/chat/{name} serves
 * only the sender and the recipient) and kept.
 */
export async function loadChatImage(row: Pick<ChatRow, 'blobKey' | 'content'>, signal?: AbortSignal): Promise<Blob> {
  const db = currentUserDb();
  const path = (row.content as ChatImageContent).path || null;
  return loadKeptBlob({ table: db ? chatBlobsOf(db) : null, keys: [row.blobKey, path], path, keep: (blob, key) => ({ key, blob, savedAt: Date.now() }) }, signal);
}

/** An object URL of a chat image for an <img>, 'error' when it cannot be had, null while loading. */
export function useChatImageUrl(row: Pick<ChatRow, 'blobKey' | 'content'>): string | 'error' | null {
  const path = (row.content as ChatImageContent).path;
  // The image is named by its key and path.
  return useBlobUrl(`${row.blobKey ?? ''}|${path ?? ''}`, (signal) => loadChatImage({ blobKey: row.blobKey, content: row.content }, signal));
}
