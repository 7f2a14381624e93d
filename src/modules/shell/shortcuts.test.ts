import { describe, expect, it } from 'vitest';
import { isSearchShortcut, isTextField, shortcutHint } from './shortcuts';

const el = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, ...extra }) as unknown as EventTarget;
const key = (k: string, target: EventTarget | null = el('BODY'), mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  target,
  ...mods,
});

describe('menu search shortcut', () => {
  it('Ctrl+K and ⌘K go to the search from anywhere, even a text field', () => {
    expect(isSearchShortcut(key('k', el('BODY'), { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', el('INPUT', { type: 'text' }), { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k', el('TEXTAREA'), { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('k', el('BODY'), { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key('k', el('BODY'), { ctrlKey: true, shiftKey: true }))).toBe(false);
  });

  it('/ goes to the search unless the focus is in a text field (where it types a slash)', () => {
    expect(isSearchShortcut(key('/'))).toBe(true);
    expect(isSearchShortcut(key('/', el('BUTTON')))).toBe(true);
    expect(isSearchShortcut(key('/', el('INPUT', { type: 'checkbox' })))).toBe(true);
    expect(isSearchShortcut(key('/', el('INPUT', { type: 'text' })))).toBe(false);
    expect(isSearchShortcut(key('/', el('INPUT', { type: 'search' })))).toBe(false);
    expect(isSearchShortcut(key('/', el('TEXTAREA')))).toBe(false);
    expect(isSearchShortcut(key('/', el('DIV', { isContentEditable: true })))).toBe(false);
    expect(isSearchShortcut(key('/', el('BODY'), { ctrlKey: true }))).toBe(false);
  });

  it('text fields', () => {
    expect(isTextField(null)).toBe(false);
    expect(isTextField(el('SELECT'))).toBe(true);
    expect(isTextField(el('INPUT', { type: 'password' }))).toBe(true);
    expect(isTextField(el('INPUT', { type: 'radio' }))).toBe(false);
  });

  it('the hint follows the platform', () => {
    expect(shortcutHint('MacIntel')).toBe('⌘K');
    expect(shortcutHint('Linux x86_64')).toBe('Ctrl K');
    expect(shortcutHint('Win32')).toBe('Ctrl K');
  });
});
