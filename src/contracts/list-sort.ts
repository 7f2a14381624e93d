/**
 * The sort fields each list takes (`sidx`, with `sort` asc | desc): named as the row's field, so the
 * client sorts a cached copy by the same name offline. The server sorts by the column behind each
 * name and ignores any other `sidx` (its default order); ties keep the default order.
 */
export const LIST_SORT_FIELDS = {
  /** GET /Permission/Users */
  users: ['account', 'realName', 'mobilePhone', 'email', 'entryDate', 'enabledMark', 'sortCode', 'creatorTime'],
  /** GET /Permission/Position */
  positions: ['fullName', 'enCode', 'type', 'enabledMark', 'sortCode', 'creatorTime'],
  /** GET /Permission/Role */
  roles: ['fullName', 'enCode', 'dataScope', 'userCount', 'enabledMark', 'sortCode', 'creatorTime'],
  /** GET /Message/Notice */
  notices: ['title', 'enabledMark', 'releaseTime', 'creatorTime'],
  /** GET /api/craft/Base/BillRule */
  billRules: ['fullName', 'enCode', 'enabledMark', 'sortCode', 'creatorTime'],
  /** GET /Base/DictionaryData/{typeId} (siblings of a tree are sorted among themselves) */
  dictionaryData: ['fullName', 'enCode', 'enabledMark', 'sortCode', 'creatorTime'],
} as const satisfies Record<string, readonly string[]>;

export type SortableList = keyof typeof LIST_SORT_FIELDS;
export type SortField<L extends SortableList> = (typeof LIST_SORT_FIELDS)[L][number];
