/**
 * Undo/redo over document snapshots, for the editors and designers (the campaign-page editor, the
 * model designer): spec 4 Editor — undo and redo run over saved snapshots, a new state after undoing
 * discards the redo states, undo only when the index is above 0. The entries are immutable snapshots
 * (the page editor's valtio snapshots are structurally shared, so a step costs only the objects that
 * changed). Bounded: past `limit` steps the oldest is dropped. Selection and zoom never come here.
 */

/**
 * How a change enters history (excalidraw's CaptureUpdateAction): a new step; merged into the last
 * step while the same key repeats (a drag, a typed value, a held arrow key = one step); or not at
 * all (the next recorded step carries it; undo goes back past it).
 */
export type Capture = 'step' | { merge: string } | 'none';

export const HISTORY_LIMIT = 100;

export class History<S> {
  private entries: S[] = [];
  private index = -1;
  /** The merge key of the newest step, while a gesture may still extend it. */
  private mergeKey: string | null = null;

  constructor(readonly limit = HISTORY_LIMIT) {}

  /** Starts over from `initial` (a loaded work): nothing to undo or redo. */
  reset(initial: S | null): void {
    this.entries = initial === null ? [] : [initial];
    this.index = initial === null ? -1 : 0;
    this.mergeKey = null;
  }

  get canUndo(): boolean {
    return this.index > 0;
  }

  get canRedo(): boolean {
    return this.index >= 0 && this.index < this.entries.length - 1;
  }

  /** Steps that can be undone (for tests and the toolbar's tooltip). */
  get undoDepth(): number {
    return Math.max(0, this.index);
  }

  get current(): S | undefined {
    return this.entries[this.index];
  }

  /** Records the state after a change (the caller made sure something changed). */
  record(state: S, capture: Capture = 'step'): void {
    if (capture === 'none' || this.index < 0) return;
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

  /** Ends a merging gesture (a typed value left): the next change is a step of its own. */
  seal(): void {
    this.mergeKey = null;
  }

  /** Moves one step back; the state to restore, or null when the index is at 0. */
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

  /** Swaps the current entry for an equal state (the document's own snapshot after a restore). */
  replaceCurrent(state: S): void {
    if (this.index >= 0) this.entries[this.index] = state;
  }
}
