import type { ServerModule } from '../../lib/module';
import { fileRepo } from './repo';
import { fileRoutes } from './routes';
import { fileService } from './service';

/** Image uploads and serving (spec 7.8). Offers `files` to later modules. */
export const fileModule: ServerModule = {
  name: 'file',
  async register(app, { db, provide }) {
    const repo = fileRepo(db);
    await fileRoutes(app, fileService(repo));
    provide('files', { creatorOf: repo.creatorOf });
  },
};
