/**
 * Endpoint paths of base data (spec 7.5): areas, dictionaries, bill rules and regions.
 * Fastify's `:param` syntax (`fillPath` in api-path.ts fills them); used by the server's routes and
 * the client's calls. Beside the domain's schemas but in a file of their own: the client's stores
 * load with the shell and need the paths, not the schemas (nor zod).
 */

export const basePaths = {
  /** POST: a new area. */
  areas: '/Base/Area',
  /** GET: the children of parent `:id` ('-1': the top level); PUT, DELETE: the area `:id`. */
  area: '/Base/Area/:id',
  /** Enabled children of parent `:id` (lazy pickers). */
  areaSelector: '/Base/Area/:id/Selector',
  areaInfo: '/Base/Area/:id/Info',
  areaState: '/Base/Area/:id/Actions/State',
  /** GET: the type tree; POST: a new type. */
  dictionaryTypes: '/Base/DictionaryType',
  dictionaryTypeSelector: '/Base/DictionaryType/Selector',
  dictionaryType: '/Base/DictionaryType/:id',
  /** POST: a new item. */
  dictionaryData: '/Base/DictionaryData',
  /** Every type with its enabled items (the client's cached dictionaries). */
  dictionaryAll: '/Base/DictionaryData/All',
  /** GET: the items of type `:id`; PUT, DELETE: the item `:id`. */
  dictionaryItem: '/Base/DictionaryData/:id',
  /** The items of type `:id` as picker nodes (isTree). */
  dictionaryItemSelector: '/Base/DictionaryData/:id/Selector',
  /** Enabled options of type `:id` (an id or a code such as `sex`), for form controls. */
  dictionaryOptions: '/Base/DictionaryData/:id/Data/Selector',
  dictionaryItemInfo: '/Base/DictionaryData/:id/Info',
  dictionaryItemState: '/Base/DictionaryData/:id/Actions/State',
  /** GET: a page of rules; POST: a new rule. */
  billRules: '/api/craft/Base/BillRule',
  billRuleSelector: '/api/craft/Base/BillRule/Selector',
  billRule: '/api/craft/Base/BillRule/:id',
  billRuleState: '/api/craft/Base/BillRule/:id/Actions/State',
  /** POST: the next number of rule `:enCode`. */
  billNumber: '/api/craft/Base/BillRule/BillNumber/:enCode',
  /** POST: a block of numbers of rule `:enCode` for one device to use offline. */
  billNumberReserve: '/api/craft/Base/BillRule/BillNumber/:enCode/Actions/Reserve',
  /** POST: a device hands back the unused numbers of its reserved blocks (`{ deviceId, blocks }`). */
  billNumberRelease: '/api/craft/Base/BillRule/BillNumber/Actions/Release',
  /** Administrative divisions by grade and parentId (success code 0). */
  regions: '/api/integration/district/select',
} as const;
