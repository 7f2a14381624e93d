import { H5_FILE_TYPE } from '../../../src/contracts/h5';
import type { ServerModule } from '../../lib/module';
import { imageRepo, imageService } from './images';
import { h5Routes, IMAGES_MODULE, WORKS_MODULE } from './routes';
import { registerPublishing } from './publishing';
import { h5Seeds } from './seed';
import { h5TemplateSeeds } from './seed/templates';
import { registerSignatureCheck } from './signature';
import { workRepo } from './work-repo';
import { workService } from './work-service';

/**
 * The campaign-page (H5) builder's server side (spec 7.9, issue 18): my works (list, create,
 * save with If-Match, soft delete, read) and the image library, every call the caller's own; the
 * request-signing check of spec 7.1 on all of them. Images uploaded as file type `h5` join their
 * uploader's library (the file module's upload hook), for users granted 我的作品 or 素材库.
 */
export const h5Module: ServerModule = {
  name: 'h5',
  seeds: [...h5Seeds, ...h5TemplateSeeds],
  register(app, deps) {
    const { db, need, permissions } = deps;
    const files = need('files');
    const mayUpload = async (userId: string) =>
      (await permissions.allowed(userId, { module: WORKS_MODULE })) || (await permissions.allowed(userId, { module: IMAGES_MODULE }));
    const images = imageService(imageRepo(db), mayUpload);
    files.onUploaded(H5_FILE_TYPE, images.recordUpload);
    registerSignatureCheck(app);
    h5Routes(app, workService(workRepo(db)), images);
    registerPublishing(app, { ...deps, regions: need('regions') });
  },
};
