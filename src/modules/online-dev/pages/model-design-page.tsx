import { useCallback } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { isRecordId } from '@/contracts/online-dev-model';
import { ModelList } from '../designer/model-list';
import { DesignView } from '../designer/ui/design-view';

/**
 * Menu page `onlineDev/webDesign` (issue 20): the models, and the designer of one (`?model=<id>`
 * in the URL, so a reload or a shared link opens it again; the back button returns to the list).
 */
export function ModelDesignPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const model = typeof search.model === 'string' && isRecordId(search.model) ? search.model : null;
  const open = useCallback(
    (id: string | null) =>
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => {
          const next = { ...prev };
          if (id) next.model = id;
          else delete next.model;
          return next;
        },
      }),
    [navigate],
  );
  return model ? <DesignView key={model} modelId={model} onBack={() => open(null)} /> : <ModelList onOpen={(id) => open(id)} />;
}
