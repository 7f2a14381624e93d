import type { ServerModule } from '../lib/module';
import { authModule } from './auth/module';
import { baseModule } from './base/module';
import { chatModule } from './chat/module';
import { datavModule } from './datav/module';
import { fileModule } from './file/module';
import { h5Module } from './h5/module';
import { homeModule } from './home/module';
import { messageModule } from './message/module';
import { onlineDevModule } from './online-dev/module';
import { orgModule } from './org/module';
import { permissionModule } from './permission/module';
import { profileModule } from './profile/module';
import { workflowModule } from './workflow/module';

/**
 * THE list of server modules, in dependency order: a module comes after those whose services it
 * needs (`deps.need`), and the seed runs the modules' data migrations in this order (org,
 * permission and base share the directory migration; the message migration needs its menu group;
 * chat needs the file module's download registration, h5 its upload hook; workflow needs
 * online-dev's forms, home's figures and the messages).
 */
export const serverModules: ServerModule[] = [
  authModule,
  fileModule,
  profileModule,
  datavModule,
  orgModule,
  permissionModule,
  baseModule,
  messageModule,
  chatModule,
  homeModule,
  h5Module,
  onlineDevModule,
  workflowModule,
];
