import { describe, expect, it } from 'vitest';
import { History } from './history';

describe('designer history', () => {
  it('undo is possible only above the first state, and redo only after an undo', () => {
    const h = new History('a');
    expect(h.canUndo).toBe(false);
    expect(h.undo()).toBeNull();
    h.record('b');
    h.record('c');
    expect(h.undo()).toBe('b');
    expect(h.undo()).toBe('a');
    expect(h.undo()).toBeNull();
    expect(h.redo()).toBe('b');
    expect(h.redo()).toBe('c');
    expect(h.redo()).toBeNull();
  });

  it('a new change after undoing drops the redo states', () => {
    const h = new History('a');
    h.record('b');
    h.record('c');
    h.undo();
    h.record('d');
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBe('b');
    expect(h.redo()).toBe('d');
  });

  it('keeps at most `limit` steps: the oldest are dropped', () => {
    const h = new History(0, 100);
    for (let i = 1; i <= 150; i++) h.record(i);
    expect(h.undoDepth).toBe(100);
    let last = 150;
    while (h.canUndo) last = h.undo()!;
    expect(last).toBe(50);
  });

  it('steps with the same merge key are one step; another key or a seal starts a new one', () => {
    const h = new History('');
    h.record('a', { merge: 'label:f1' });
    h.record('ab', { merge: 'label:f1' });
    h.record('abc', { merge: 'label:f1' });
    expect(h.undoDepth).toBe(1);
    h.seal();
    h.record('abcd', { merge: 'label:f1' });
    h.record('x', { merge: 'label:f2' });
    expect(h.undoDepth).toBe(3);
    expect(h.undo()).toBe('abcd');
    expect(h.undo()).toBe('abc');
    expect(h.undo()).toBe('');
  });
});
