// Search replay: per-cell counts of a solver trace up to a position (the viridis colour
// ramp is draw.js's, which the board needs for its heat-map).

const GENERATED = 0x80000000;
const CELL = 0x7fffffff;

export { viridis, viridisGradient } from './draw.js';

/** Counts of a trace up to a movable position (in events, or in expansions). */
export class TraceReplay {
  constructor(trace, cells) {
    this.trace = trace;
    this.cells = cells;
    this.expanded = new Uint32Array(cells);
    this.generated = new Uint32Array(cells);
    this.pos = 0;
    this.expandedTotal = 0;
    // Where each expansion is in the trace: a step of the replay is one expansion and
    // the states it generated.
    let e = 0;
    for (let i = 0; i < trace.length; i++) if (!(trace[i] & GENERATED)) e++;
    this.expansionAt = new Uint32Array(e);
    e = 0;
    for (let i = 0; i < trace.length; i++) if (!(trace[i] & GENERATED)) this.expansionAt[e++] = i;
  }

  get length() {
    return this.trace.length;
  }

  /** Expansions in the trace. */
  get expansions() {
    return this.expansionAt.length;
  }

  /** Move to just after expansion `k` and what it generated (0: before the first). */
  seekExpansion(k) {
    k = Math.max(0, Math.min(this.expansions, k | 0));
    this.seek(k < this.expansions ? this.expansionAt[k] : this.trace.length);
  }

  /** The cell of the last expansion applied (the current node), or -1. */
  current() {
    const k = this.expandedTotal;
    return k > 0 ? this.trace[this.expansionAt[k - 1]] & CELL : -1;
  }

  /** Move to position `pos` (events [0, pos) applied). */
  seek(pos) {
    pos = Math.max(0, Math.min(this.trace.length, pos | 0));
    const t = this.trace;
    const n = this.cells;
    while (this.pos < pos) {
      const e = t[this.pos++];
      const c = e & CELL;
      if (c >= n) continue;
      if (e & GENERATED) this.generated[c]++;
      else {
        this.expanded[c]++;
        this.expandedTotal++;
      }
    }
    while (this.pos > pos) {
      const e = t[--this.pos];
      const c = e & CELL;
      if (c >= n) continue;
      if (e & GENERATED) this.generated[c]--;
      else {
        this.expanded[c]--;
        this.expandedTotal--;
      }
    }
  }

  /** `{counts, max, frontier, frontierCells, visitedCells}` for the board overlay. */
  overlay() {
    const n = this.cells;
    const frontier = new Uint8Array(n);
    let max = 0;
    let frontierCells = 0;
    let visitedCells = 0;
    for (let i = 0; i < n; i++) {
      const e = this.expanded[i];
      if (e > max) max = e;
      if (e) visitedCells++;
      if (this.generated[i] > e) {
        frontier[i] = 1;
        frontierCells++;
      }
    }
    return { counts: this.expanded, max, frontier, frontierCells, visitedCells, current: this.current() };
  }
}
