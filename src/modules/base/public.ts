/**
 * What other modules may use of `base` (online development's forms): the cached dictionaries, the
 * region field backed by this device's region cache, and bill numbers (offline from the device's
 * reserved blocks).
 */
export { dictionaryLabel, dictionaryOptions, loadDictionaries, loadRegions, useDictionaries, useDictionary, useBillRuleOptions } from './data';
export { takeBillNumberFrom } from './bill-numbers';
export { RegionSelect, type RegionSelectProps } from './components/region-select';
