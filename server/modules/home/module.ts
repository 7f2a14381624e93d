import type { ServerModule } from '../../lib/module';
import { homeRepo } from './repo';
import { homeRoutes } from './routes';
import { homeService } from './service';

/**
 * The staff dashboard figures on /home. Offers `homeFigures`: a later module fills the figures that
 * are its own (workflow: the approvals waiting for the caller).
 */
export const homeModule: ServerModule = {
  name: 'home',
  register(app, { db, need, provide }) {
    const service = homeService(homeRepo(db), need('auth'), need('messages'));
    homeRoutes(app, service);
    provide('homeFigures', { todoApprovals: service.countTodoApprovals });
  },
};
