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

const historyFrom = <S,>(initial: S, limit?: number) => {
  const h = new History<S>(limit);
  h.reset(initial);
  return h;
};

describe('history with a first state and sealing (the model designer)', () => {
  it('undo is possible only above the first state, and redo only after an undo', () => {
    const h = historyFrom('a');
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
    const h = historyFrom('a');
    h.record('b');
    h.record('c');
    h.undo();
    h.record('d');
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBe('b');
    expect(h.redo()).toBe('d');
  });

  it('keeps at most `limit` steps: the oldest are dropped', () => {
    const h = historyFrom(0, 100);
    for (let i = 1; i <= 150; i++) h.record(i);
    expect(h.undoDepth).toBe(100);
    let last = 150;
    while (h.canUndo) last = h.undo()!;
    expect(last).toBe(50);
  });

  it('steps with the same merge key are one step; another key or a seal starts a new one', () => {
    const h = historyFrom('');
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
