import { describe, expect, it } from 'vitest';
import { History } from './history';

function started(limit?: number) {
  const h = new History<string>(limit);
  h.reset('s0');
  return h;
}

describe('History', () => {
  it('starts with nothing to undo or redo: undo only when the index is above 0', () => {
    const h = started();
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBeNull();
    expect(h.current).toBe('s0');
  });

  it('undoes and redoes over the recorded snapshots', () => {
    const h = started();
    h.record('s1');
    h.record('s2');
    expect(h.undo()).toBe('s1');
    expect(h.undo()).toBe('s0');
    expect(h.undo()).toBeNull();
    expect(h.redo()).toBe('s1');
    expect(h.redo()).toBe('s2');
    expect(h.redo()).toBeNull();
  });

  it('drops the redo states when a new change comes after undo', () => {
    const h = started();
    h.record('s1');
    h.record('s2');
    h.undo();
    h.record('s3');
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBe('s1');
    expect(h.redo()).toBe('s3');
  });

  it('is bounded: past the limit the oldest step is dropped', () => {
    const h = started(3);
    for (let i = 1; i <= 5; i++) h.record(`s${i}`);
    expect(h.undoDepth).toBe(3);
    expect([h.undo(), h.undo(), h.undo(), h.undo()]).toEqual(['s4', 's3', 's2', null]);
  });

  it('merges changes of the same key into one step, and starts a new one for another key', () => {
    const h = started();
    h.record('drag1', { merge: 'drag:a' });
    h.record('drag2', { merge: 'drag:a' });
    h.record('drag3', { merge: 'drag:a' });
    h.record('typed', { merge: 'title' });
    h.record('typed2', { merge: 'title' });
    expect(h.undoDepth).toBe(2);
    expect(h.undo()).toBe('drag3');
    expect(h.undo()).toBe('s0');
  });

  it('does not merge across a plain step, or into a state reached by undo', () => {
    const h = started();
    h.record('a1', { merge: 'k' });
    h.record('b', 'step');
    h.record('a2', { merge: 'k' });
    expect(h.undoDepth).toBe(3);
    h.undo();
    h.record('a3', { merge: 'k' });
    expect(h.undoDepth).toBe(3);
    expect(h.undo()).toBe('b');
  });

  it("records nothing for capture 'none'", () => {
    const h = started();
    h.record('x', 'none');
    expect(h.canUndo).toBe(false);
  });
});
