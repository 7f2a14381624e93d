import { useDrawerOpen } from '@/components/shell-drawer-state';
import { defineModule } from '@/lib/module';
import { DrawerEntryButtons } from './components/entry-buttons';
import { preferenceSyncKinds } from './preferences';

/**
 * The admin shell (spec 2.4): layouts, menus, tabs, settings, the sync panel. The top bar itself
 * is the app's layout (src/app/layouts); what the shell adds through its module is here.
 */
export const shellModule = defineModule({
  name: 'shell',
  syncKinds: preferenceSyncKinds,
  // The chat entry and its drawer, which says that chat is not available yet (the chat module replaces them).
  navbar: [{ order: 20, Entry: DrawerEntryButtons }],
  drawers: [
    { load: () => import('./components/settings-drawer').then((m) => ({ default: m.SettingsDrawer })), useWanted: () => useDrawerOpen('settings') },
    { load: () => import('./components/sync-panel').then((m) => ({ default: m.SyncPanel })), useWanted: () => useDrawerOpen('sync') },
    { load: () => import('./components/entry-drawers').then((m) => ({ default: m.EntryDrawers })), useWanted: () => useDrawerOpen('chat') },
  ],
});
