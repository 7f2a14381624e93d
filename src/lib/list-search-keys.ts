/**
 * The URL keys of list state (kept apart from list-search.ts, so the tab bar, which loads with the
 * shell, takes the names without the router hooks and zod).
 */

/** The filters a list page may keep in the URL, beside page, size and keyword. */
export type ListFilterKey = 'org' | 'dict' | 'type' | 'f' | 'node' | 'model' | 'status' | 'urgent' | 'taskId' | 'flowId';

/**
 * Every URL key of list state: `sort` the sorted column (`field` or `-field`, list-sort.ts), `org`
 * the company or department chosen beside a list, `dict` the dictionary type, `type` the message
 * type, `f` a model list's search fields (`key=value&…`, online development), `node` the node of the
 * tree beside a model list, `model` the model open in the designer (one tab for the designer), `status` and `urgent` a workflow
 * list's status and urgency filters, `taskId` and `flowId` the workflow task open over its list (a
 * message opens it there). The tab bar ignores them (one tab per page, however it is paged, sorted or filtered), so a
 * list may only use these.
 */
export const LIST_SEARCH_KEYS: readonly string[] = ['page', 'size', 'q', 'sort', 'org', 'dict', 'type', 'f', 'node', 'model', 'status', 'urgent', 'taskId', 'flowId'] satisfies readonly ('page' | 'size' | 'q' | 'sort' | ListFilterKey)[];
