import type { ServerModule } from '../../lib/module';
import { profileRepo } from './repo';
import { profileRoutes } from './routes';
import { profileService } from './service';

/** The signed-in user's own calls (spec 7.3). */
export const profileModule: ServerModule = {
  name: 'profile',
  register(app, { db, need }) {
    profileRoutes(app, profileService(profileRepo(db), need('auth'), need('files')));
  },
};
