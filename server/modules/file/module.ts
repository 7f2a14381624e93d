import type { ServerModule } from '../../lib/module';
import { fileRepo } from './repo';
import { fileRoutes } from './routes';
import { fileService } from './service';

/**
 * Uploads, image serving and downloads (spec 7.8). Offers `files` to later modules: who uploaded a
 * file, the registration of who may download the files of a type, and hooks run with each upload
 * of a type.
 */
export const fileModule: ServerModule = {
  name: 'file',
  async register(app, { db, provide }) {
    const repo = fileRepo(db);
    const service = fileService(repo);
    await fileRoutes(app, service);
    provide('files', { creatorOf: repo.creatorOf, infoOf: repo.infoOf, allowDownload: service.allowDownload, onUploaded: service.onUploaded });
  },
};
