import type { ClientModule } from '@/lib/module';
import { baseModule } from '@/modules/base/module';
import { chatModule } from '@/modules/chat/module';
import { h5Module } from '@/modules/h5/module';
import { homeModule } from '@/modules/home/module';
import { messageModule } from '@/modules/message/module';
import { onlineDevModule } from '@/modules/online-dev/module';
import { orgModule } from '@/modules/org/module';
import { permissionModule } from '@/modules/permission/module';
import { profileModule } from '@/modules/profile/module';
import { shellModule } from '@/modules/shell/module';
import { workflowModule } from '@/modules/workflow/module';

/**
 * The client modules, the one list (the server's is server/modules/index.ts). Adding a module:
 * its folder with a module.ts, and one line here (docs/adding-a-module.md).
 */
export const modules: readonly ClientModule[] = [shellModule, homeModule, profileModule, orgModule, permissionModule, baseModule, messageModule, chatModule, h5Module, onlineDevModule, workflowModule];
