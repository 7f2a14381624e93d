import { lazy } from 'react';
import { defineModule } from '@/lib/module';
import { withOnlineDevCatalog } from './catalog';
import { recordSyncKinds } from './records';
import { onlineDevTables } from './table';
import { onlineDevWarm } from './warm';

/**
 * Online development (issue 20, spec 2.2 types 3-5, 7.6, 7.7): the pages of published models
 * (list and form from their Config, records entered offline through the sync queue, files kept on
 * the device until uploaded), dynamic dictionaries, data reports, and the model designer
 * (功能设计). Only the declarations load with the shell; the renderer, its controls, the designer
 * and the reports load with their pages, with their own catalog.
 */
export const onlineDevModule = defineModule({
  name: 'online-dev',
  pages: {
    'onlineDev/webDesign': lazy(() => withOnlineDevCatalog(import('./pages/model-design-page')).then((m) => ({ default: m.ModelDesignPage }))),
  },
  viewTypes: {
    model: lazy(() => withOnlineDevCatalog(import('./renderer/model-page')).then((m) => ({ default: m.ModelPage }))),
    dictionary: lazy(() => withOnlineDevCatalog(import('./pages/dictionary-page')).then((m) => ({ default: m.DictionaryPage }))),
    report: lazy(() => withOnlineDevCatalog(import('./report/report-page')).then((m) => ({ default: m.ReportPage }))),
  },
  syncKinds: recordSyncKinds(),
  tables: [onlineDevTables],
  warm: onlineDevWarm,
});
