import { describe, expect, it } from 'vitest';
import { matchShortcut } from '@/lib/shortcuts';
import { actionForKey, designAction, itemActions } from './actions';
import { createDesigner } from './designer';
import { docOf, field } from './test-support';

const keysOf = (d: ReturnType<typeof createDesigner>) => d.view().state.doc.draft.form.fields.map((f) => f.key);

describe('designer actions', () => {
  it('matches shortcuts with exactly their modifiers (Mod is Ctrl or ⌘)', () => {
    expect(matchShortcut({ key: 'z', ctrlKey: true }, 'Mod+Z')).toBe(true);
    expect(matchShortcut({ key: 'Z', metaKey: true }, 'Mod+Z')).toBe(true);
    expect(matchShortcut({ key: 'z', ctrlKey: true, shiftKey: true }, 'Mod+Z')).toBe(false);
    expect(matchShortcut({ key: 'z' }, 'Mod+Z')).toBe(false);
    expect(matchShortcut({ key: 'Delete' }, 'Delete')).toBe(true);
    expect(matchShortcut({ key: 'Delete', ctrlKey: true }, 'Delete')).toBe(false);
  });

  it('the keys run the actions offered now: Ctrl+Z, Ctrl+Y, Delete, Ctrl+D', () => {
    const d = createDesigner(docOf([field('a', 'a'), field('b', 'b')]));
    expect(actionForKey(d.view(), { key: 'Delete' })).toBeNull();
    d.dispatch({ type: 'select', id: 'a' });
    actionForKey(d.view(), { key: 'd', ctrlKey: true })!.perform(d, null);
    expect(keysOf(d)).toEqual(['a', 'a_1', 'b']);
    actionForKey(d.view(), { key: 'Delete' })!.perform(d, null);
    expect(keysOf(d)).toEqual(['a', 'b']);
    actionForKey(d.view(), { key: 'z', ctrlKey: true })!.perform(d, null);
    expect(keysOf(d)).toEqual(['a', 'a_1', 'b']);
    actionForKey(d.view(), { key: 'y', ctrlKey: true })!.perform(d, null);
    expect(keysOf(d)).toEqual(['a', 'b']);
    expect(actionForKey(d.view(), { key: 'y', ctrlKey: true })).toBeNull();
  });

  it('an item’s own buttons act on that item: up and down only where it can go', () => {
    const d = createDesigner(docOf([field('a', 'a'), field('b', 'b'), field('c', 'c')]));
    const offered = (id: string) => itemActions.filter((a) => a.visible(d.view(), id)).map((a) => a.id);
    expect(offered('a')).toEqual(['moveDown', 'duplicate', 'remove']);
    expect(offered('b')).toEqual(['moveUp', 'moveDown', 'duplicate', 'remove']);
    expect(offered('c')).toEqual(['moveUp', 'duplicate', 'remove']);
    designAction('moveUp').perform(d, 'c');
    expect(keysOf(d)).toEqual(['a', 'c', 'b']);
    designAction('moveDown').perform(d, 'a');
    expect(keysOf(d)).toEqual(['c', 'a', 'b']);
  });
});
