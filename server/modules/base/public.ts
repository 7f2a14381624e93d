import type { BillRuleService } from './bill-rule-service';
import type { DictionaryService } from './dictionary-service';
import type { RegionService } from './region-service';

/** What the base module offers the modules registered after it (`deps.need('regions')`). */
export type RegionServices = Pick<RegionService, 'regions' | 'names'>;
/** The enabled options of a dictionary (by type id or code), as form controls get them. */
export interface DictionaryServices {
  options: DictionaryService['dictionaryOptions'];
}
/** The next number of an enabled bill rule, taken for a user (bill-number fields of online forms). */
export interface BillNumberServices {
  take: BillRuleService['billNumber'];
}

declare module '../../lib/module' {
  interface ModuleServices {
    /** Administrative divisions: a level's regions under a parent, and names by id (published pages' region fields). */
    regions: RegionServices;
    /** Dictionary options (online-development fields fed by a dictionary). */
    dictionaries: DictionaryServices;
    /** Bill numbers (online-development bill-number fields left empty by the client). */
    billNumbers: BillNumberServices;
  }
}
