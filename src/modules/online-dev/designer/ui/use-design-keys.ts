import { useEffect } from 'react';
import { actionForKey } from '../core/actions';
import type { Designer } from '../core/designer';
import { keyBelongsToFocus } from '@/lib/shortcuts';

/** The designer's keys while it is shown: Ctrl/⌘+Z, Ctrl/⌘+Y (and Shift+Z), Delete, Ctrl/⌘+D — the core's actions by their shortcuts. */
export function handleDesignKey(designer: Designer, e: KeyboardEvent): boolean {
  if (e.defaultPrevented || keyBelongsToFocus(e.target)) return false;
  const action = actionForKey(designer.view(), e);
  if (!action) return false;
  e.preventDefault();
  action.perform(designer, null);
  return true;
}

export function useDesignKeys(designer: Designer, active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => void handleDesignKey(designer, e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [designer, active]);
}
