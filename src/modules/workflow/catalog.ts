import { withCatalog, type ModuleCatalog } from '@/lib/i18n';

/**
 * Workflow's own catalog (lingui.config.ts `workflow`): the task lists and view, 发起流程 and the
 * flow designer, loaded with their pages rather than with the shell.
 */
const workflowCatalog: ModuleCatalog = {
  'zh-CN': () => import('../../../locales/zh-CN/workflow.po'),
  en: () => import('../../../locales/en/workflow.po'),
  'zh-TW': () => import('../../../locales/zh-TW/workflow.po'),
};

/** A page of workflow, imported once its catalog is loaded. */
export const withWorkflowCatalog = <T,>(page: Promise<T>) => withCatalog(workflowCatalog, page);
