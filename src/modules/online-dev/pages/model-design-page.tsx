import { isRecordId } from '@/contracts/online-dev-model';
import { useSearchId } from '@/lib/use-search-id';
import { ModelList } from '../designer/model-list';
import { DesignView } from '../designer/ui/design-view';

/**
 * Menu page `onlineDev/webDesign` (issue 20): the models, and the designer of one (`?model=<id>`
 * in the URL, so a reload or a shared link opens it again; the back button returns to the list).
 */
export function ModelDesignPage() {
  const [model, open] = useSearchId('model', isRecordId);
  return model ? <DesignView key={model} modelId={model} onBack={() => open(null)} /> : <ModelList onOpen={(id) => open(id)} />;
}
