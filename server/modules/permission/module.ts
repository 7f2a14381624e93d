import type { ServerModule } from '../../lib/module';
import { roleRepo } from './repo';
import { permissionRoutes } from './routes';
import { permissionSeeds } from './seed';
import { roleService } from './service';

/** Roles and their grants (spec 6). The per-call check itself is a plugin (server/plugins/permissions.ts). */
export const permissionModule: ServerModule = {
  name: 'permission',
  seeds: permissionSeeds,
  register(app, { db }) {
    permissionRoutes(app, roleService(roleRepo(db)));
  },
};
