import type { ServerModule } from '../../lib/module';
import { datavRepo } from './repo';
import { datavRoutes } from './routes';

/** The figures of the external data-visualisation view (menu type 6). */
export const datavModule: ServerModule = {
  name: 'datav',
  register(app, { db, need }) {
    datavRoutes(app, datavRepo(db), need('auth'));
  },
};
