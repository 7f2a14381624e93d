import type { ServerModule } from '../../lib/module';
import { organizeService } from './organize-service';
import { positionService } from './position-service';
import { orgRepo } from './repo';
import { orgRoutes } from './routes';
import { orgSeeds } from './seed';
import { userService } from './user-service';

/** The organisation directory (spec 7.5): companies, departments, positions and users. */
export const orgModule: ServerModule = {
  name: 'org',
  seeds: orgSeeds,
  register(app, { db, permissions }) {
    const repo = orgRepo(db);
    orgRoutes(app, { organizes: organizeService(repo), positions: positionService(repo), users: userService(repo) }, permissions);
  },
};
