import type { AreaRow, BillRuleRow, DictionaryDataRow, DictionaryTypeRow } from '@/contracts/base';
import type { RemoteListView } from '@/lib/sync/remote-list';
import { useRemoteList } from '@/lib/sync/use-remote-list';
import { areaList, billRuleList, dictionaryDataList, dictionaryTypeList, type AreaQuery, type BillRuleQuery, type DictionaryDataQuery } from './store';

/** The lists the base-data pages show (apart from the stores: the hooks load with the pages, not with the shell). */

export function useAreaList(q: AreaQuery): RemoteListView<AreaRow> {
  return useRemoteList(areaList, q);
}

export function useDictionaryTypeList(): RemoteListView<DictionaryTypeRow> {
  return useRemoteList(dictionaryTypeList, { keyword: '' });
}

export function useDictionaryDataList(q: DictionaryDataQuery): RemoteListView<DictionaryDataRow> {
  return useRemoteList(dictionaryDataList, q);
}

export function useBillRuleList(q: BillRuleQuery): RemoteListView<BillRuleRow> {
  return useRemoteList(billRuleList, q);
}
