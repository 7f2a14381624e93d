import { emptyDefinition, type ModelDefinition } from '../../../src/contracts/online-dev-model';
import { isPglite } from '../../db/client';
import type { ServerModule } from '../../lib/module';
import { interfaceService } from './interface-service';
import { modelRepo } from './model-repo';
import { modelService } from './model-service';
import { recordRepo } from './record-repo';
import { recordService } from './record-service';
import { onlineDevRoutes } from './routes';
import { onlineDevSeeds } from './seed';
import { fileNamesOf } from './record-refs';
import { registerOnlineFiles } from './uploads';

/**
 * Online development (issue 20, spec 7.6, 7.7): the model designer's calls (功能设计), a published
 * model's Config, List, records (checked against the model on every write, permission-checked per
 * the model's menu entry, buttons and columns, versioned, idempotent), DataChange, Export and
 * Template; data interfaces for reports; upload and download of the forms' files. Offers
 * `onlineForms` (a published form, its checks, its uploads) to later modules: workflow.
 */
export const onlineDevModule: ServerModule = {
  name: 'online-dev',
  seeds: onlineDevSeeds,
  register(app, deps) {
    const { db, rootDb, need, permissions } = deps;
    const models = modelRepo(db);
    const repo = recordRepo(db);
    const files = need('files');
    const records = recordService({ repo, models, permissions, dictionaries: need('dictionaries'), billNumbers: need('billNumbers'), files });
    const uploads = registerOnlineFiles(files, records);
    const whole = (f: Pick<ModelDefinition, 'form'>): ModelDefinition => ({ form: f.form, list: emptyDefinition().list });
    deps.provide('onlineForms', {
      async publishedForm(id) {
        const m = await models.byId(id);
        return m?.config ? { modelId: m.id, fullName: m.fullName, form: m.config.form } : null;
      },
      checkData: async (form, raw, userId, before) => (await records.checkValues(whole(form), raw, userId, before)).data,
      fileNames: (form, data) => fileNamesOf(whole(form), data),
      uploadForms: uploads.uploadForms,
    });
    onlineDevRoutes(app, {
      models: modelService(models, { db, concurrentIndexes: !isPglite(rootDb) }),
      records,
      interfaces: interfaceService(db, { models, records: repo, permissions }),
    });
  },
};
