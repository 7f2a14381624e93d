import { lazy } from 'react';
import { defineModule } from '@/lib/module';
import { listSyncKinds } from '@/lib/sync/remote-list';
import { noteSession } from './bill-device';
import { handBackBillNumbers, topUpBillBlocks } from './bill-numbers';
import { billRuleOptions, dictionariesData, dictionaryTypeNodes } from './data';
import { areaList, billRuleList, dictionaryDataList, dictionaryTypeList } from './store';
import { baseWarm } from './warm';

/** Base data (spec 7.5 Base): areas, dictionaries and bill rules, with the offline bill numbers of this device. */
export const baseModule = defineModule({
  name: 'base',
  pages: {
    'system/area': lazy(() => import('./pages/area-page').then((m) => ({ default: m.AreaPage }))),
    'system/billRule': lazy(() => import('./pages/bill-rule-page').then((m) => ({ default: m.BillRulePage }))),
    'systemData/dictionary': lazy(() => import('./pages/dictionary-page').then((m) => ({ default: m.DictionaryPage }))),
  },
  syncKinds: listSyncKinds(areaList, dictionaryTypeList, dictionaryDataList, billRuleList),
  datasets: [dictionariesData, dictionaryTypeNodes, billRuleOptions],
  warm: baseWarm,
  // Offline bill numbers (on a device that keeps them: bill-device.ts) are topped up at every
  // start and after every reconnect, and the unused ones handed back at sign-out.
  catchUp: async () => {
    await topUpBillBlocks();
    return null;
  },
  start: ({ db, token }) => {
    void noteSession(db, token)
      .catch((e: unknown) => console.warn('bill numbers: device use', e))
      .then(() => topUpBillBlocks({ db }));
  },
  signOut: async () => {
    await handBackBillNumbers();
  },
});
