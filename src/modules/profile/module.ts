import { lazy } from 'react';
import { defineModule } from '@/lib/module';
import { baseInfoData, profileSyncKinds } from './store';

/** The signed-in user's own data (spec 7.3): base info, avatar, password, login history. The /profile page is a fixed route. */
export const profileModule = defineModule({
  name: 'profile',
  pages: {
    'system/log': lazy(() => import('./pages/login-log-page').then((m) => ({ default: m.LoginLogPage }))),
  },
  syncKinds: profileSyncKinds,
  datasets: [baseInfoData],
});
