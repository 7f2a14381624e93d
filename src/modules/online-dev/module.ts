import { lazy, type ComponentType } from 'react';
import type { MenuRoute } from '@/lib/menu-routes';
import { defineModule } from '@/lib/module';
import { lazySyncKind, rowVersions, type SyncKind } from '@/lib/sync/kinds';
import type { WarmTarget } from '@/lib/sync/warm';
import { session } from '@/modules/auth/public';
import { RECORD_OPS, recordLabel } from './declared';
import { onlineDevTables } from './table';

/** A page (screens.ts), imported when first shown. */
const page = (open: (s: typeof import('./screens')) => Promise<{ default: ComponentType }>) => lazy(() => import('./screens').then(open));

/** The code of the queued record writes and of the warm-up (background.ts): one import, when first needed. */
const background = () => import('./background');

/**
 * The record list's kinds (`onlineDev.<op>`, remote-list's row kinds): their labels and version
 * readers at once, their code (records.ts) when the queue first needs it. Creates and updates send
 * their kept files first (their own send); every op updates the list's cache.
 */
const recordKinds = (): Record<string, SyncKind> =>
  Object.fromEntries(
    RECORD_OPS.map((op) => [
      `onlineDev.${op}`,
      lazySyncKind(
        { label: (e) => recordLabel(op, e), ...rowVersions, methods: op === 'create' || op === 'update' ? ['send', 'applied', 'takeTheirs', 'rejected'] : ['applied', 'takeTheirs', 'rejected'] },
        () => background().then((m) => m.recordKinds[`onlineDev.${op}`]!),
      ),
    ]),
  );

/** A warm-up target of a model (warm.ts: its Config, then its list's first page), loaded when the warm-up first asks it. */
function warmTarget(moduleId: string, i: 0 | 1): WarmTarget {
  const real = () => background().then((m) => m.modelWarmTargets(moduleId)[i]);
  return { key: `onlineDev:${i ? 'first' : 'config'}:${moduleId}`, stale: async (db) => (await real()).stale(db), fill: async (db) => (await real()).fill(db) };
}

/**
 * Online development (issue 20, spec 2.2 types 3-5, 7.6, 7.7): the pages of published models
 * (list and form from their Config, records entered offline through the sync queue, files kept on
 * the device until uploaded), dynamic dictionaries, data reports, and the model designer
 * (功能设计). Only the declarations load with the shell (the record kinds' labels, the tables, which
 * models are warmed); the record kinds' and warm-up's code, and the renderer, its controls, the
 * designer and the reports with their pages and their own catalog, load when first needed.
 */
export const onlineDevModule = defineModule({
  name: 'online-dev',
  pages: {
    'onlineDev/webDesign': page((s) => s.modelDesignPage()),
  },
  viewTypes: {
    model: page((s) => s.modelPage()),
    dictionary: page((s) => s.dictionaryPage()),
    report: page((s) => s.reportPage()),
  },
  syncKinds: recordKinds(),
  tables: [onlineDevTables],
  // For each model the user's menu grants (type 3): its Config and the first page of its list.
  warm: () =>
    ((session.routes ?? []) as MenuRoute[])
      .filter((r) => r.view === 'model' && r.moduleId)
      .map((r) => ({ pages: [r.urlAddress.replace(/^\/+/, '')], targets: [warmTarget(r.moduleId!, 0), warmTarget(r.moduleId!, 1)] })),
});
