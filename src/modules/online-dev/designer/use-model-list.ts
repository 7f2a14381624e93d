import type { ModelRow } from '@/contracts/online-dev-model';
import { type DesignerListQuery, type DesignerListView, useDesignerList } from '@/lib/use-designer-list';
import { modelApi } from './api';

export type ModelListView = DesignerListView<ModelRow>;

/** A page of models from the server (online only: the designer is an administrator's tool). */
export function useModelList(params: DesignerListQuery): ModelListView {
  return useDesignerList(modelApi.list, params);
}
