import { useCallback } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';

/**
 * An id kept in the page's URL (`?<param>=<id>`), as a list page that opens one of its documents
 * in place does (the designers): a reload or a shared link opens it again, back returns to the list.
 * Returns the id (null when missing or not an id) and `open(id | null)`.
 */
export function useSearchId(param: string, isId: (value: string) => boolean): [string | null, (id: string | null) => void] {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const value = search[param];
  const id = typeof value === 'string' && isId(value) ? value : null;
  const open = useCallback(
    (next: string | null) =>
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => {
          const out = { ...prev };
          if (next) out[param] = next;
          else delete out[param];
          return out;
        },
      }),
    [navigate, param],
  );
  return [id, open];
}
