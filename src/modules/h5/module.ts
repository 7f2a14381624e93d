import { lazy } from 'react';
import { defineModule } from '@/lib/module';
import { WARM_LIST_FRESH_MS } from '@/lib/sync/warm';
import { withH5Catalog } from './catalog';
import { h5SyncKinds } from './kinds';
import { h5Tables } from './table';

/** The works on this device (drafts, the list's refresh): loaded with a page, a queued write or the start. */
const drafts = () => import('./drafts');

/**
 * The campaign-page (H5) builder (spec 2.6, 3 Work, 4 Editor, 7.9): my works (offline drafts kept
 * whole in the user's database, saved through the sync queue) and the image library. Only the
 * declarations load with the shell; the editor route is the lead's (`/h5/editor/$workId`).
 */
export const h5Module = defineModule({
  name: 'h5',
  pages: {
    'h5/works': lazy(() => withH5Catalog(import('./pages/works-page')).then((m) => ({ default: m.WorksPage }))),
    'h5/images': lazy(() => withH5Catalog(import('./pages/images-page')).then((m) => ({ default: m.ImagesPage }))),
  },
  syncKinds: h5SyncKinds,
  tables: [h5Tables],
  // The cache warm-up: page 1 of my works, for those granted the works page, so the list opens offline.
  warm: () => [
    {
      pages: ['h5/works'],
      targets: [
        {
          key: 'h5.works',
          async stale(db) {
            const meta = (await db.kv.get((await drafts()).workListKey('')))?.value as { fetchedAt?: number } | undefined;
            return !meta?.fetchedAt || Date.now() - meta.fetchedAt >= WARM_LIST_FRESH_MS;
          },
          fill: async (db) => (await drafts()).refreshWorkList(db, '', 1, { priority: 'low', background: true }),
        },
      ],
    },
  ],
  // Drafts written by an earlier visit whose save was never queued (a crash, a tab closed within the debounce).
  start: async ({ db }) => {
    await (await drafts()).queueUnsentDrafts(db);
  },
});
