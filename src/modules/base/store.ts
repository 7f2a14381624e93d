import { t } from '@lingui/core/macro';
import { ulid } from 'ulid';
import type { z } from 'zod';
import { fillPath } from '@/contracts/api-path';
import type { AreaRow, areaBodySchema, BillRuleRow, billRuleBodySchema, DictionaryDataRow, dictionaryDataBodySchema, DictionaryTypeRow, dictionaryTypeBodySchema } from '@/contracts/base';
import { DICTIONARY_ROOT, ROOT_PARENT } from '@/contracts/base-values';
import { basePaths } from '@/contracts/base-paths';
import { defineRemoteList, queueRowWrite, type RowOp } from '@/lib/sync/remote-list';
import type { OutboxEntry, UserDb } from '@/lib/sync/user-db';
import { forgetBillBlocks, previewBillNumber, topUpBillBlocks } from './bill-numbers';
import { billRuleOptions, dictionariesData, dictionaryTypeNodes, refreshAreaLevelsSoon, refreshSoon } from './data';
import { keywordMatches } from './tree-rows';
import type { ListSortParams } from '@/lib/list-sort';

/**
 * The base-data admin lists (areas, dictionary types, dictionary data, bill rules) as remote lists:
 * every answer cached per query for offline use, every change queued through the sync queue
 * (shown at once, marked 待同步 until the server has it). Rows made here get their id (ULID) here.
 */

export type AreaInput = z.output<typeof areaBodySchema>;
export type DictionaryTypeInput = z.output<typeof dictionaryTypeBodySchema>;
export type DictionaryDataInput = z.output<typeof dictionaryDataBodySchema>;
export type BillRuleInput = z.output<typeof billRuleBodySchema>;

const now = () => new Date().toISOString();

/** What the sync panel calls a queued write, e.g. 区域「朝阳区」修改. */
export function rowLabel(kind: string, op: RowOp, entry: Pick<OutboxEntry, 'request'>): string {
  const body = entry.request.body as { fullName?: unknown; enabledMark?: unknown } | undefined;
  const name = typeof body?.fullName === 'string' && body.fullName ? `「${body.fullName}」` : '';
  switch (op) {
    case 'create':
      return t`${kind}${name}新建`;
    case 'update':
      return t`${kind}${name}修改`;
    case 'delete':
      return t`${kind}${name}删除`;
    case 'state':
      return body?.enabledMark === 0 ? t`${kind}${name}禁用` : t`${kind}${name}启用`;
    default:
      return t`${kind}${name}操作`;
  }
}

// ---- areas -------------------------------------------------------------------------------------

/** One level of the area tree (`parentId`), or with a keyword the matching areas of all levels (flat). */
export type AreaQuery = { parentId: string; keyword: string };

export const areaList = defineRemoteList<AreaRow, AreaQuery>({
  key: 'base.area',
  url: (q) => fillPath(basePaths.area, { id: q.keyword ? ROOT_PARENT : q.parentId }),
  params: (q) => (q.keyword ? { keyword: q.keyword } : {}),
  paged: false,
  matches: (r, q) => (q.keyword ? keywordMatches(r, q.keyword) : r.parentId === q.parentId),
  label: (op, e) => rowLabel(t`区域`, op, e),
  afterWrite: async (db) => {
    refreshAreaLevelsSoon(db);
  },
});

/** Creates (no `current`) or saves an area. */
export async function saveArea(input: AreaInput, current?: AreaRow | null) {
  const body = { ...input, description: input.description ?? null };
  if (current) {
    await queueRowWrite(areaList, {
      op: 'update',
      id: current.id,
      method: 'PUT',
      url: fillPath(basePaths.area, { id: current.id }),
      body: { ...body, id: current.id },
      row: { ...current, ...body, id: current.id },
      baseVersion: current.version,
    });
    return current.id;
  }
  const id = ulid();
  const row: AreaRow = { ...body, id, type: 0, hasChildren: false, isLeaf: true, creatorTime: now(), version: 0 };
  await queueRowWrite(areaList, { op: 'create', id, method: 'POST', url: basePaths.areas, body: { ...body, id }, row, baseVersion: 0 });
  return id;
}

export function setAreaState(row: AreaRow, enabled: boolean) {
  const enabledMark = enabled ? 1 : 0;
  return queueRowWrite<AreaRow, AreaQuery>(areaList, {
    op: 'state',
    id: row.id,
    method: 'PUT',
    url: fillPath(basePaths.areaState, { id: row.id }),
    body: { enabledMark },
    row: { ...row, enabledMark },
    baseVersion: row.version,
  });
}

export function deleteArea(row: AreaRow) {
  return queueRowWrite(areaList, { op: 'delete', id: row.id, method: 'DELETE', url: fillPath(basePaths.area, { id: row.id }), baseVersion: row.version });
}

// ---- dictionary types --------------------------------------------------------------------------

export type DictionaryTypeQuery = { keyword: string };

/** The dictionary type tree (the page filters it itself: it is small). */
export const dictionaryTypeList = defineRemoteList<DictionaryTypeRow, DictionaryTypeQuery>({
  key: 'base.dictionaryType',
  url: () => basePaths.dictionaryTypes,
  params: (q) => (q.keyword ? { keyword: q.keyword } : {}),
  paged: false,
  matches: (r, q) => keywordMatches(r, q.keyword),
  label: (op, e) => rowLabel(t`字典分类`, op, e),
  afterWrite: async (db) => {
    refreshSoon(dictionaryTypeNodes, db);
    refreshSoon(dictionariesData, db);
  },
});

export async function saveDictionaryType(input: DictionaryTypeInput, current?: DictionaryTypeRow | null) {
  const body = { ...input, description: input.description ?? null };
  if (current) {
    await queueRowWrite(dictionaryTypeList, {
      op: 'update',
      id: current.id,
      method: 'PUT',
      url: fillPath(basePaths.dictionaryType, { id: current.id }),
      body: { ...body, id: current.id },
      row: { ...current, ...body, id: current.id, children: undefined },
      baseVersion: current.version,
    });
    return current.id;
  }
  const id = ulid();
  const row: DictionaryTypeRow = { ...body, id, hasChildren: false, creatorTime: now(), version: 0 };
  await queueRowWrite(dictionaryTypeList, { op: 'create', id, method: 'POST', url: basePaths.dictionaryTypes, body: { ...body, id }, row, baseVersion: 0 });
  return id;
}

export function deleteDictionaryType(row: DictionaryTypeRow) {
  return queueRowWrite(dictionaryTypeList, { op: 'delete', id: row.id, method: 'DELETE', url: fillPath(basePaths.dictionaryType, { id: row.id }), baseVersion: row.version });
}

// ---- dictionary data ---------------------------------------------------------------------------

/** A type's data: a tree for tree types; with a keyword the matching items (flat). */
export type DictionaryDataQuery = { typeId: string; keyword: string } & ListSortParams;

export const dictionaryDataList = defineRemoteList<DictionaryDataRow, DictionaryDataQuery>({
  key: 'base.dictionaryData',
  url: (q) => fillPath(basePaths.dictionaryItem, { id: q.typeId }),
  params: (q) => ({ keyword: q.keyword || undefined, sidx: q.sidx, sort: q.sort }),
  paged: false,
  matches: (r, q) => r.dictionaryTypeId === q.typeId && keywordMatches(r, q.keyword),
  label: (op, e) => rowLabel(t`字典数据`, op, e),
  afterWrite: async (db) => {
    refreshSoon(dictionariesData, db);
  },
});

export async function saveDictionaryData(input: DictionaryDataInput, current?: DictionaryDataRow | null) {
  const body = { ...input, parentId: input.parentId || DICTIONARY_ROOT, description: input.description ?? null };
  if (current) {
    await queueRowWrite(dictionaryDataList, {
      op: 'update',
      id: current.id,
      method: 'PUT',
      url: fillPath(basePaths.dictionaryItem, { id: current.id }),
      body: { ...body, id: current.id },
      row: { ...current, ...body, id: current.id, children: undefined },
      baseVersion: current.version,
    });
    return current.id;
  }
  const id = ulid();
  const row: DictionaryDataRow = { ...body, id, hasChildren: false, creatorTime: now(), version: 0 };
  await queueRowWrite(dictionaryDataList, { op: 'create', id, method: 'POST', url: basePaths.dictionaryData, body: { ...body, id }, row, baseVersion: 0 });
  return id;
}

export function setDictionaryDataState(row: DictionaryDataRow, enabled: boolean) {
  const enabledMark = enabled ? 1 : 0;
  return queueRowWrite<DictionaryDataRow, DictionaryDataQuery>(dictionaryDataList, {
    op: 'state',
    id: row.id,
    method: 'PUT',
    url: fillPath(basePaths.dictionaryItemState, { id: row.id }),
    body: { enabledMark },
    row: { ...row, enabledMark, children: undefined },
    baseVersion: row.version,
  });
}

export function deleteDictionaryData(row: DictionaryDataRow) {
  return queueRowWrite(dictionaryDataList, { op: 'delete', id: row.id, method: 'DELETE', url: fillPath(basePaths.dictionaryItem, { id: row.id }), baseVersion: row.version });
}

// ---- bill rules --------------------------------------------------------------------------------

export type BillRuleQuery = { currentPage: number; pageSize: number; keyword: string } & ListSortParams;

export const billRuleList = defineRemoteList<BillRuleRow, BillRuleQuery>({
  key: 'base.billRule',
  url: () => basePaths.billRules,
  paged: true,
  matches: (r, q) => keywordMatches(r, q.keyword),
  label: (op, e) => rowLabel(t`单据规则`, op, e),
  afterWrite: async (db) => {
    // Options first (a new or re-enabled rule), then this device's offline blocks follow them.
    refreshSoon(billRuleOptions, db, () => topUpBillBlocks({ db }));
  },
});

/** Whether a change alters the numbers a rule hands out (this device's reserved blocks then go). */
export function numberingChanged(a: Pick<BillRuleRow, 'enCode' | 'prefix' | 'dateFormat' | 'digit' | 'resetPeriod'>, b: typeof a): boolean {
  return a.enCode !== b.enCode || a.prefix !== b.prefix || a.dateFormat !== b.dateFormat || a.digit !== b.digit || a.resetPeriod !== b.resetPeriod;
}

export async function saveBillRule(input: BillRuleInput, current?: BillRuleRow | null) {
  const body = { ...input, description: input.description ?? null };
  if (current) {
    const changed = numberingChanged(current, body);
    const row: BillRuleRow = { ...current, ...body, id: current.id, example: changed || body.startNumber !== current.startNumber ? previewBillNumber(body, new Date()) : current.example };
    await queueRowWrite(billRuleList, {
      op: 'update',
      id: current.id,
      method: 'PUT',
      url: fillPath(basePaths.billRule, { id: current.id }),
      body: { ...body, id: current.id },
      row,
      baseVersion: current.version,
      local: async (db: UserDb) => {
        if (changed || body.enabledMark === 0) await forgetBillBlocks(db, current.enCode);
      },
    });
    return current.id;
  }
  const id = ulid();
  const row: BillRuleRow = { ...body, id, outputNumber: 0, example: previewBillNumber(body, new Date()), creatorTime: now(), version: 0 };
  await queueRowWrite(billRuleList, { op: 'create', id, method: 'POST', url: basePaths.billRules, body: { ...body, id }, row, baseVersion: 0 });
  return id;
}

export function setBillRuleState(row: BillRuleRow, enabled: boolean) {
  const enabledMark = enabled ? 1 : 0;
  return queueRowWrite<BillRuleRow, BillRuleQuery>(billRuleList, {
    op: 'state',
    id: row.id,
    method: 'PUT',
    url: fillPath(basePaths.billRuleState, { id: row.id }),
    body: { enabledMark },
    row: { ...row, enabledMark },
    baseVersion: row.version,
    // A disabled rule hands out no numbers, offline neither.
    local: async (db: UserDb) => {
      if (!enabled) await forgetBillBlocks(db, row.enCode);
    },
  });
}

export function deleteBillRule(row: BillRuleRow) {
  return queueRowWrite(billRuleList, {
    op: 'delete',
    id: row.id,
    method: 'DELETE',
    url: fillPath(basePaths.billRule, { id: row.id }),
    baseVersion: row.version,
    local: (db: UserDb) => forgetBillBlocks(db, row.enCode),
  });
}
