import { useDrawerOpen } from '@/components/shell-drawer-state';
import { defineModule } from '@/lib/module';
import { preferenceSyncKinds } from './preferences';

/**
 * The admin shell (spec 2.4): layouts, menus, tabs, settings, the sync panel. The top bar itself
 * is the app's layout (src/app/layouts); what the shell adds through its module is here.
 */
export const shellModule = defineModule({
  name: 'shell',
  syncKinds: preferenceSyncKinds,
  drawers: [
    { load: () => import('./components/settings-drawer').then((m) => ({ default: m.SettingsDrawer })), useWanted: () => useDrawerOpen('settings') },
    { load: () => import('./components/sync-panel').then((m) => ({ default: m.SyncPanel })), useWanted: () => useDrawerOpen('sync') },
  ],
});
