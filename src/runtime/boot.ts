import type { H5Boot, PublishedSnapshot } from '@/contracts/h5-publish';
import { BOOT_ELEMENT_ID } from '@/modules/h5/view/paths';

/**
 * What the server put in the page (`<script type="application/json" id="h5-boot">`, in place of
 * the `<!--h5-boot-->` comment of dist/p/index.html): which work, which published version, where
 * its snapshot is. Null when the page has none or it is malformed (the runtime then shows the
 * load failure, never a half-read page).
 */
export function readBoot(doc: Document): H5Boot | null {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const b = data as Record<string, unknown>;
  if (typeof b.workId !== 'string' || !/^[0-9A-Za-z]{1,40}$/.test(b.workId)) return null;
  if (typeof b.version !== 'number' || !Number.isInteger(b.version) || b.version < 1) return null;
  // The snapshot comes from this origin only: a path, never another site.
  if (typeof b.snapshotUrl !== 'string' || !/^\/p\/[^/?#]+\/\d+\.json$/.test(b.snapshotUrl)) return null;
  return { workId: b.workId, version: b.version, snapshotUrl: b.snapshotUrl, title: typeof b.title === 'string' ? b.title : '' };
}

/** Why a snapshot did not load: no network / a server error (retry may help), or none at all. */
export class SnapshotError extends Error {}

/** Fetches and checks the published snapshot (its pages are what the runtime needs). */
export async function loadSnapshot(url: string, fetchImpl: typeof fetch = fetch): Promise<PublishedSnapshot> {
  let res: Response;
  try {
    res = await fetchImpl(url, { credentials: 'same-origin' });
  } catch {
    throw new SnapshotError('network');
  }
  if (!res.ok) throw new SnapshotError(`status ${res.status}`);
  const data = (await res.json().catch(() => null)) as PublishedSnapshot | null;
  const pages = data?.work?.pages;
  if (!Array.isArray(pages) || pages.length === 0 || !pages.every((p) => p && Array.isArray(p.elements))) throw new SnapshotError('shape');
  return data!;
}
