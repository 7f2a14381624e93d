import type { ServerModule } from '../../lib/module';
import { areaRepo } from './area-repo';
import { areaService } from './area-service';
import { billRuleRepo } from './bill-rule-repo';
import { billRuleService } from './bill-rule-service';
import { dictionaryRepo } from './dictionary-repo';
import { dictionaryService } from './dictionary-service';
import { regionRepo } from './region-repo';
import { regionService } from './region-service';
import { baseRoutes } from './routes';
import { baseSeeds } from './seed';

/** Base data (spec 7.5): areas, dictionaries, bill rules and regions. */
export const baseModule: ServerModule = {
  name: 'base',
  seeds: baseSeeds,
  register(app, { db, provide }) {
    const regions = regionService(regionRepo(db));
    const dictionaries = dictionaryService(dictionaryRepo(db));
    const billRules = billRuleService(billRuleRepo(db));
    provide('regions', { regions: regions.regions, names: regions.names });
    provide('dictionaries', { options: dictionaries.dictionaryOptions });
    provide('billNumbers', { take: billRules.billNumber });
    baseRoutes(app, { areas: areaService(areaRepo(db)), dictionaries, billRules, regions });
  },
};
