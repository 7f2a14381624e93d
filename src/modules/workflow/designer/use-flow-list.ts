import type { FlowRow } from '@/contracts/workflow';
import { type DesignerListQuery, type DesignerListView, useDesignerList } from '@/lib/use-designer-list';
import { flowApi } from './api';

export type FlowListView = DesignerListView<FlowRow>;

/** A page of flows from the server (online only: the designer is an administrator's tool). */
export function useFlowList(params: DesignerListQuery): FlowListView {
  return useDesignerList(flowApi.list, params);
}
