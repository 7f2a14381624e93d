import type { ServerModule } from '../../lib/module';
import { homeRepo } from './repo';
import { homeRoutes } from './routes';
import { homeService } from './service';

/** The staff dashboard figures on /home. */
export const homeModule: ServerModule = {
  name: 'home',
  register(app, { db, need }) {
    homeRoutes(app, homeService(homeRepo(db), need('auth'), need('messages')));
  },
};
