/**
 * Undo / redo over document snapshots, bounded (the rule of spec 4 Editor: undo and redo run over
 * saved snapshots, a new state after undoing discards the redo states, undo only while the index
 * is above 0). Past `limit` steps the oldest is dropped. A step may merge into the previous one
 * while the same key repeats (typing a label is one step, not one per key).
 */

export type Capture = 'step' | { merge: string } | 'none';

export const HISTORY_LIMIT = 100;

export class History<S> {
  private entries: S[];
  private index: number;
  private mergeKey: string | null = null;

  constructor(
    initial: S,
    readonly limit = HISTORY_LIMIT,
  ) {
    this.entries = [initial];
    this.index = 0;
  }

  get canUndo(): boolean {
    return this.index > 0;
  }

  get canRedo(): boolean {
    return this.index < this.entries.length - 1;
  }

  /** Steps that can be undone. */
  get undoDepth(): number {
    return this.index;
  }

  get redoDepth(): number {
    return this.entries.length - 1 - this.index;
  }

  get current(): S {
    return this.entries[this.index]!;
  }

  /** Records the state after a change. */
  record(state: S, capture: Capture = 'step'): void {
    if (capture === 'none') {
      // Not a step of its own: the current entry becomes this state (undo goes back past it).
      this.entries[this.index] = state;
      return;
    }
    const key = typeof capture === 'object' ? capture.merge : null;
    if (key !== null && key === this.mergeKey && this.index > 0 && this.index === this.entries.length - 1) {
      this.entries[this.index] = state;
      return;
    }
    // A new step after undoing drops the redo states.
    this.entries.length = this.index + 1;
    this.entries.push(state);
    this.index += 1;
    this.mergeKey = key;
    if (this.entries.length > this.limit + 1) {
      this.entries.splice(0, this.entries.length - this.limit - 1);
      this.index = this.entries.length - 1;
    }
  }

  /** Ends a merging gesture: the next change is a step of its own. */
  seal(): void {
    this.mergeKey = null;
  }

  undo(): S | null {
    if (!this.canUndo) return null;
    this.mergeKey = null;
    this.index -= 1;
    return this.entries[this.index]!;
  }

  redo(): S | null {
    if (!this.canRedo) return null;
    this.mergeKey = null;
    this.index += 1;
    return this.entries[this.index]!;
  }
}
