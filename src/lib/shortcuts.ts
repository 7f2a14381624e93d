/**
 * The keyboard layer the editors share (the campaign-page editor, the model designer): shortcuts
 * written as strings like `Mod+Shift+Z` (Mod = Ctrl, or ⌘ on a Mac), matching a key press to one,
 * finding the command a key runs, telling whether a key belongs to the focused widget rather than
 * to the canvas, and showing a shortcut as the user reads it. Each editor keeps its own commands.
 */

/** What a keyboard handler knows of a key press (a KeyboardEvent fits). */
export interface KeyEventLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
  /** Auto-repeat of a held key. */
  repeat?: boolean;
}

/**
 * Whether a key press is `shortcut` (`Mod+Z`, `Mod+Shift+Z`, `Shift+ArrowUp`, `Delete`…): the key
 * (letters in any case) and exactly the modifiers named; `Mod` is Ctrl or ⌘.
 */
export function matchShortcut(e: KeyEventLike, shortcut: string): boolean {
  const parts = shortcut.split('+');
  // A shortcut on the plus key itself ends in '++'.
  const key = shortcut.endsWith('++') ? '+' : parts[parts.length - 1]!;
  const mods = new Set(parts.slice(0, shortcut.endsWith('++') ? -2 : -1));
  const mod = mods.has('Mod');
  const ctrl = mods.has('Ctrl');
  const meta = mods.has('Meta');
  // Mod is one of the two, not both: Ctrl+⌘+Z is some other shortcut (often the system's).
  if (mod) {
    if (!(e.ctrlKey || e.metaKey) || (e.ctrlKey && e.metaKey)) return false;
  } else if (!!e.ctrlKey !== ctrl || !!e.metaKey !== meta) return false;
  if (!!e.shiftKey !== mods.has('Shift') || !!e.altKey !== mods.has('Alt')) return false;
  return e.key.length === 1 && key.length === 1 ? e.key.toLowerCase() === key.toLowerCase() : e.key === key;
}

/** The command a key press runs (enabled or not: the caller checks), or undefined. */
export function commandForKey<C extends { readonly shortcut?: readonly string[] }>(commands: readonly C[], e: KeyEventLike): C | undefined {
  return commands.find((c) => c.shortcut?.some((s) => matchShortcut(e, s)));
}

/**
 * Where keys belong to what has the focus, not to the canvas: typing (inputs, text areas, rich
 * text), and widgets that move with arrows or close with Escape (tabs, menus, trees, dialogs).
 */
const OWN_KEYS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="tablist"], [role="menu"], [role="menubar"], [role="listbox"], [role="tree"], [role="radiogroup"], [role="slider"], [role="dialog"], [role="alertdialog"]';

export function keyBelongsToFocus(target: EventTarget | null): boolean {
  const el = target as Element | null;
  if (!el || typeof el.closest !== 'function') return false;
  return (el as HTMLElement).isContentEditable === true || el.closest(OWN_KEYS) !== null;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** `Mod+Shift+Z` as the user reads it: Ctrl+Shift+Z, or ⌘⇧Z on a Mac. */
export function shortcutText(shortcut: string, mac = isMac()): string {
  const parts = shortcut.endsWith('++') ? [...shortcut.slice(0, -2).split('+'), '+'] : shortcut.split('+');
  const names: Record<string, string> = mac
    ? { Mod: '⌘', Shift: '⇧', Alt: '⌥', Ctrl: '⌃', Meta: '⌘', ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', Delete: 'Del', Backspace: '⌫', Escape: 'Esc' }
    : { Mod: 'Ctrl', Meta: 'Win', ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', Escape: 'Esc', Delete: 'Del' };
  const shown = parts.filter(Boolean).map((p) => names[p] ?? (p.length === 1 ? p.toUpperCase() : p));
  return mac ? shown.join('') : shown.join('+');
}

/** A command's label with its first shortcut, for tooltips. */
export const withShortcut = (label: string, command: { readonly shortcut?: readonly string[] }) =>
  command.shortcut?.[0] ? `${label} (${shortcutText(command.shortcut[0])})` : label;
