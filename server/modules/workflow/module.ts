import { ONLINE_FILE_TYPES } from '../../../src/contracts/online-dev-paths';
import type { ServerModule } from '../../lib/module';
import { flowEngine } from './engine';
import { flowRepo } from './flow-repo';
import { flowService } from './flow-service';
import { listRepo } from './list-repo';
import { workflowRoutes } from './routes';
import { workflowSeeds } from './seed';
import { taskRepo } from './task-repo';
import { taskViews } from './views';

/**
 * Workflow approvals (issue 21, spec 2.5, 7.7): flows designed over online-development forms and
 * released as versions; tasks launched, walked through approver, condition and circulate nodes,
 * decided (adopt, reject, transfer, revoke, cancel) with messages of types 2-4; the lists and a
 * task's detail; uploads and downloads of the tasks' form files; the home page's 待办审批 figure.
 * Semantics and calls: docs/workflow.md.
 */
export const workflowModule: ServerModule = {
  name: 'workflow',
  seeds: workflowSeeds,
  register(app, { db, need, permissions }) {
    const flows = flowRepo(db);
    const tasks = taskRepo(db);
    const forms = need('onlineForms');
    const engine = flowEngine({ db, flows, tasks, forms, messages: need('messages') });
    const views = taskViews({ flows, tasks, lists: listRepo(db) });
    const designer = flowService({ db, flows, tasks, forms, permissions });
    workflowRoutes(app, { flows: designer, engine, views });

    forms.uploadForms('flowId', designer.uploadForm);
    const files = need('files');
    for (const type of Object.values(ONLINE_FILE_TYPES)) files.allowDownload(type, views.mayDownload);
    need('homeFigures').todoApprovals(tasks.pendingCount);
  },
};
