// The search debugger's model: a solver's own record of a run (breadth-first, greedy
// or A*: the states it stored with their parents, moves, heuristics and cells, and its
// pushes and expansions in order) replayed to any expansion. The open list comes out
// in the order the search pops it (smallest key, then smallest id), so its first entry
// is the next expansion. No DOM: node tests use it as the page does.

const EXPANDED = 0x80000000;
const DEAD_END = 0xffffffff;

export class SearchRecord {
  /** `record`: the `record` of a solve's result (typed arrays, see src/search/record.rs). */
  constructor(record) {
    this.r = record;
    const at = [];
    for (let i = 0; i < record.events.length; i++) if (record.events[i] & EXPANDED) at.push(i);
    /** Event index of each expansion. */
    this.expansionAt = Uint32Array.from(at);
    this.k = -1;
    this.seek(0);
  }

  /** Expansions in the record. */
  get expansions() {
    return this.expansionAt.length;
  }

  /** States the record knows. */
  get states() {
    return this.r.parent.length;
  }

  get truncated() {
    return !!this.r.truncated;
  }

  /**
   * Replay to just after expansion `k` and the pushes it made (0: before the first
   * expansion, the start pushed): the open list, the closed set and the current node.
   */
  seek(k) {
    k = Math.max(0, Math.min(this.expansions, k | 0));
    if (k === this.k) return;
    const r = this.r;
    const end = k < this.expansions ? this.expansionAt[k] : r.events.length;
    const open = new Map(); // id → {keyHi, keyLo, g}
    const g = new Map(); // id → cost when last pushed or expanded
    let closed = 0;
    let pushes = 0;
    let reopened = 0;
    let current = -1;
    for (let i = 0; i < end; i++) {
      const e = r.events[i];
      const id = e & ~EXPANDED & 0x7fffffff;
      if (e & EXPANDED) {
        open.delete(id);
        closed++;
        current = id;
        g.set(id, r.g[i]);
      } else {
        if (g.has(id)) reopened++;
        open.set(id, { keyHi: r.keyHi[i], keyLo: r.keyLo[i], g: r.g[i] });
        g.set(id, r.g[i]);
        pushes++;
      }
    }
    const lastClosed = [];
    for (let i = end - 1; i >= 0 && lastClosed.length < 5; i--) if (r.events[i] & EXPANDED) lastClosed.push(r.events[i] & 0x7fffffff);
    this.lastClosed = lastClosed;
    this.k = k;
    this.open = open;
    this.closed = closed;
    this.pushes = pushes;
    this.reopened = reopened;
    this.current = current;
    this.costs = g;
  }

  /** The first `n` open states in pop order: `[{id, g, h, keyHi, keyLo}]`. */
  frontier(n = Infinity) {
    const rows = [...this.open.entries()].map(([id, o]) => ({ id, g: o.g, h: this.r.h[id], keyHi: o.keyHi, keyLo: o.keyLo }));
    rows.sort((a, b) => a.keyHi - b.keyHi || a.keyLo - b.keyLo || a.id - b.id);
    return rows.slice(0, n);
  }

  /** The state expanded at step `k` (1-based), or -1. */
  expandedAt(k) {
    if (k < 1 || k > this.expansions) return -1;
    return this.r.events[this.expansionAt[k - 1]] & 0x7fffffff;
  }

  /** The moves from the start to state `id` (the game's symbols). */
  path(id) {
    const r = this.r;
    const out = [];
    for (let guard = 0; id > 0 && guard < r.parent.length; guard++) {
      out.push(String.fromCharCode(r.action[id]));
      id = r.parent[id];
    }
    return out.reverse().join('');
  }

  /** A state's numbers: `{id, g, h, f, depth, cell, moves}` (h null for a dead end). */
  node(id) {
    const r = this.r;
    const moves = this.path(id);
    const h = r.h[id] === DEAD_END ? null : r.h[id];
    const g = this.costs.has(id) ? this.costs.get(id) : moves.length;
    return { id, g, h, f: h == null ? null : g + h, depth: moves.length, cell: r.cell[id], moves };
  }
}
