import { useCallback, useState } from 'react';

/** Ids the user opens and closes (the rows of a tree table): the set, a toggle, and a setter. */
export function useToggleSet(): [ReadonlySet<string>, (id: string) => void, (update: (prev: ReadonlySet<string>) => ReadonlySet<string>) => void] {
  const [set, setSet] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      setSet((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  return [set, toggle, setSet];
}
