/** What the global search shortcuts need of a keyboard event (a DOM KeyboardEvent has it). */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey?: boolean;
  target: EventTarget | null;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'password', 'number', 'tel', 'url', 'date', 'datetime-local', 'month', 'time', 'week', '']);

/** Whether typing goes into this element (a text input, a text area, a select, an editable area). */
export function isTextField(target: EventTarget | null): boolean {
  const el = target as (Partial<HTMLElement> & { type?: string; tagName?: string }) | null;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return TEXT_INPUT_TYPES.has((el.type ?? '').toLowerCase());
  return el.isContentEditable === true;
}

/**
 * The menu search's keyboard shortcut: Ctrl+K (⌘K on a Mac) anywhere, or `/` when the focus is not
 * in a text field (there it types a slash).
 */
export function isSearchShortcut(e: KeyLike): boolean {
  if (e.altKey) return false;
  if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'k') return true;
  return e.key === '/' && !e.ctrlKey && !e.metaKey && !isTextField(e.target);
}

/** The shortcut as shown in the search box. */
export const shortcutHint = (platform: string) => (/mac|iphone|ipad/i.test(platform) ? '⌘K' : 'Ctrl K');
