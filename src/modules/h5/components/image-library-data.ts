import type { BgImage } from '@/contracts/h5';
import { stableKey } from '@/lib/sync/remote-list';
import { useCachedQuery, type CachedListSource } from '@/lib/sync/use-remote-list';
import { currentUserDb } from '@/lib/sync/engine';
import type { UserDb } from '@/lib/sync/user-db';
import { fetchBgImagePage } from '../api';

export interface ImageQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
}

/** A page of the library as this device last received it. */
interface ImagePage {
  list: BgImage[];
  total: number;
  fetchedAt: number;
}

interface ImageCopy {
  page: ImagePage | null;
  revision: number;
}

const keyOf = (q: ImageQuery) => `h5.images:${stableKey(q)}`;

const source: CachedListSource<ImageQuery, ImageCopy> = {
  async read(db: UserDb, q) {
    const rec = await db.kv.get(keyOf(q));
    return { page: (rec?.value as ImagePage | undefined) ?? null, revision: 0 };
  },
  async fetch(q) {
    const answer = await fetchBgImagePage(q);
    const list = Array.isArray(answer?.list) ? answer.list : [];
    const page: ImagePage = { list, total: Number(answer?.pagination?.total ?? list.length), fetchedAt: Date.now() };
    await currentUserDb()?.kv.put({ key: keyOf(q), value: page, updatedAt: page.fetchedAt });
  },
};

/** One page of my image library: the server's answer when online, this device's last copy of that page otherwise. */
export function useImageLibrary(q: ImageQuery) {
  const { copy, loading, error, failed, online, refetch } = useCachedQuery(source, q);
  return {
    images: copy?.page?.list,
    total: copy?.page?.total ?? 0,
    known: copy !== undefined,
    loading,
    error,
    fromCache: !online || failed,
    fetchedAt: copy?.page?.fetchedAt ?? null,
    refetch,
  };
}
