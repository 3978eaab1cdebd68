// The search debugger's model: a solver's own record of a run (the states it stored
// with their parents, moves, heuristics and cells, its pushes, its expansions and the
// states it took without expanding them, in order) replayed to any step. A step is one
// state taken off the open list: an expansion, or (iterative deepening) a state set
// aside as a duplicate, pruned, cut off at the depth limit or found to be the goal, or
// the start of a new iteration (the start pushed again with a deeper limit). The
// open list comes out in the order the search takes from it (smallest key, then
// smallest id), so its first entry is the next step. Iterative deepening's ids are tree
// nodes, new in every iteration; an iteration starts with a push of the start (its own
// parent). No DOM: node tests use it as the page does.

const EXPANDED = 0x80000000;
const TAKEN = 0x40000000;
const ID = 0x3fffffff;
/** The keyLo of a backward push (bidirectional BFS; src/search/record.rs BACKWARD). */
export const BACKWARD = 0x80000000;
const DEAD_END = 0xffffffff;
/** An expansion's `keyLo`: its pruned count below, its last successor's fate above. */
const LAST_SHIFT = 30;
const PRUNED = (1 << LAST_SHIFT) - 1;
const LAST = ['push', 'duplicate', 'pruned'];

/** Why a state was taken without an expansion (the `keyLo` of a TAKEN event). */
export const TAKEN_AS = { 1: 'goal', 2: 'duplicate', 3: 'pruned', 4: 'cut off', 5: 'cut' };

/** The counter of each reason a state is taken without an expansion. */
const COUNTER = { duplicate: 'duplicates', pruned: 'pruned', 'cut off': 'cutOff', cut: 'cut' };

export class SearchRecord {
  /** `record`: the `record` of a solve's result (typed arrays, see src/search/record.rs). */
  constructor(record) {
    this.r = record;
    const at = [];
    const iterations = [];
    const keys = [];
    /** Per state: 1 when it is on bidirectional BFS's backward side. */
    this.backward = new Uint8Array(record.parent.length);
    for (let i = 0; i < record.events.length; i++) {
      const e = record.events[i];
      if (e & (EXPANDED | TAKEN)) at.push(i);
      else if (record.keyLo[i] === BACKWARD) this.backward[e & ID] = 1;
      else if (record.parent[e & ID] === (e & ID)) {
        if (i > 0) at.push(i);
        iterations.push(at.length);
        keys.push(record.keyLo[i]);
      }
    }
    /** Event index of each step. */
    this.stepAt = Uint32Array.from(at);
    /** Per iteration (one for all but iterative deepening and IDA*): the step that starts it. */
    this.iterationSteps = iterations;
    /** Per iteration: its start push's keyLo (IDA*: the f-limit; else 0). */
    this.iterationKeys = keys;
    this.k = -1;
    this.seek(0);
  }

  /** Steps in the record. */
  get steps() {
    return this.stepAt.length;
  }

  /** States the record knows. */
  get states() {
    return this.r.parent.length;
  }

  get truncated() {
    return !!this.r.truncated;
  }

  /** Start the replay over, before the first event. */
  reset() {
    this.pos = 0;
    this.k = 0;
    this.tested = false;
    this.open = new Map(); // id → {keyHi, keyLo, g}
    this.costs = new Map(); // id → cost when last pushed or taken (this iteration)
    // The counts are this iteration's (iterative deepening; else the whole run's).
    this.closed = 0; // expansions
    this.pushes = 0;
    this.reopened = 0;
    this.duplicates = 0;
    this.pruned = 0;
    this.cutOff = 0;
    this.cut = 0; // beam search: left out of a beam
    /** Over all iterations: expansions, duplicates, pruned, cut off and cut states. */
    this.totals = { expanded: 0, duplicates: 0, pruned: 0, cutOff: 0, cut: 0 };
    this.iteration = 0;
    this.root = 0;
    this.setAside = new Set(); // ids taken without an expansion, this iteration
    this.current = -1;
    this.currentAs = null; // 'expanded', a TAKEN_AS reason or 'iteration'
    this.pending = -1; // the expansion event whose tally is not applied yet (a tested seek)
  }

  /** The duplicates and pruned states expansion event `i` generated, counted. */
  tally(i) {
    const d = this.r.keyHi[i];
    const p = this.r.keyLo[i] & PRUNED;
    this.duplicates += d;
    this.pruned += p;
    this.totals.duplicates += d;
    this.totals.pruned += p;
  }

  /**
   * Replay to just after step `k` and the pushes it made (0: before the first step, the
   * start pushed): the open list, the closed set, the counts and the current node.
   * `tested`: only step k's state taken (and tested for the goal), its successors not
   * yet generated. Forward seeks go on from where the replay is.
   */
  seek(k, { tested = false } = {}) {
    k = Math.max(0, Math.min(this.steps, k | 0));
    tested = tested && k > 0;
    if (k === this.k && tested === this.tested) return;
    const r = this.r;
    const end = tested ? this.stepAt[k - 1] + 1 : k < this.steps ? this.stepAt[k] : r.events.length;
    // Back, or from a step to its tested state (its tally already counted): from the start.
    if (end < this.pos || (end === this.pos && tested && !this.tested) || this.k < 0) this.reset();
    if (this.pending >= 0 && (end > this.pos || !tested)) {
      this.tally(this.pending);
      this.pending = -1;
    }
    for (let i = this.pos; i < end; i++) {
      const e = r.events[i];
      const id = e & ID;
      if (e & (EXPANDED | TAKEN)) {
        this.open.delete(id);
        this.current = id;
        this.costs.set(id, r.g[i]);
        if (e & EXPANDED) {
          this.closed++;
          this.totals.expanded++;
          this.currentAs = 'expanded';
          if (tested && i === end - 1) this.pending = i;
          else this.tally(i);
        } else {
          this.currentAs = TAKEN_AS[r.keyLo[i]] || 'taken';
          this.setAside.add(id);
          const count = COUNTER[this.currentAs];
          if (count) {
            this[count]++;
            this.totals[count]++;
          }
        }
      } else {
        if (r.parent[id] === id && !this.backward[id]) {
          // An iteration starts (the first: before the first step, nothing taken yet).
          this.iteration++;
          this.current = i > 0 ? id : -1;
          this.currentAs = i > 0 ? 'iteration' : null;
          this.root = id;
          this.costs = new Map();
          this.setAside = new Set();
          this.closed = this.pushes = this.reopened = this.duplicates = this.pruned = this.cutOff = this.cut = 0;
        } else if (this.costs.has(id)) this.reopened++;
        this.open.set(id, { keyHi: r.keyHi[i], keyLo: r.keyLo[i], g: r.g[i] });
        this.costs.set(id, r.g[i]);
        this.pushes++;
      }
    }
    this.pos = end;
    this.k = k;
    this.tested = tested;
  }

  /** Whether the open list is a stack (iterative deepening pushes its start with key `u32::MAX - 0`). */
  get isStack() {
    return this.r.keyHi.length > 0 && this.r.keyHi[0] === 0xffffffff;
  }

  /**
   * Successors generated so far (this iteration): every push but the start's, and
   * (best-first searches, which drop them before pushing) the duplicates and pruned
   * states.
   */
  get generated() {
    return Math.max(0, this.pushes - 1) + (this.isStack ? 0 : this.duplicates + this.pruned);
  }

  /** The last `n` states expanded in this iteration, newest first. */
  lastClosed(n = 5) {
    const out = [];
    const r = this.r;
    for (let i = this.pos - 1; i >= 0 && out.length < n; i--) {
      const e = r.events[i];
      if (e & EXPANDED) out.push(e & ID);
      else if (!(e & TAKEN) && r.parent[e & ID] === (e & ID)) break;
    }
    return out;
  }

  /** The first `n` open states in the order they are taken: `[{id, g, h, keyHi, keyLo}]`. */
  frontier(n = Infinity) {
    const before = (a, b) => a.keyHi - b.keyHi || a.keyLo - b.keyLo || a.id - b.id;
    const row = (id, o) => ({ id, g: o.g, h: this.r.h[id], keyHi: o.keyHi, keyLo: o.keyLo });
    if (n >= this.open.size) return [...this.open.entries()].map(([id, o]) => row(id, o)).sort(before);
    // The first few of a long list: one pass, keeping the best n in order.
    const best = [];
    for (const [id, o] of this.open) {
      const r = { id, keyHi: o.keyHi, keyLo: o.keyLo };
      if (best.length === n && before(r, best[n - 1]) >= 0) continue;
      let i = Math.min(best.length, n - 1);
      while (i > 0 && before(r, best[i - 1]) < 0) i--;
      best.splice(i, 0, r);
      if (best.length > n) best.pop();
    }
    return best.map((r) => row(r.id, this.open.get(r.id)));
  }

  /** The state taken at step `k` (1-based; an iteration's start), or -1. */
  takenAt(k) {
    if (k < 1 || k > this.steps) return -1;
    return this.r.events[this.stepAt[k - 1]] & ID;
  }

  /**
   * What step `k` (1-based) did last: a TAKEN_AS reason or 'iteration' for a state not
   * expanded; for an expansion what its last successor met ('push', 'duplicate',
   * 'pruned'), or 'expand' when it had none.
   */
  lastAction(k) {
    const as = this.takenAs(k);
    if (as !== 'expanded') return as;
    const i = this.stepAt[k - 1];
    const pushes = (k < this.steps ? this.stepAt[k] : this.r.events.length) - i - 1;
    const lo = this.r.keyLo[i];
    if (!pushes && !this.r.keyHi[i] && !(lo & PRUNED)) return 'expand';
    return LAST[lo >>> LAST_SHIFT] || 'push';
  }

  /** Whether step `k` (1-based) is an expansion. */
  expandsAt(k) {
    return k >= 1 && k <= this.steps && !!(this.r.events[this.stepAt[k - 1]] & EXPANDED);
  }

  /** Why step `k` (1-based) took its state: 'expanded', a TAKEN_AS reason or 'iteration'. */
  takenAs(k) {
    if (k < 1 || k > this.steps) return null;
    const i = this.stepAt[k - 1];
    const e = this.r.events[i];
    if (e & EXPANDED) return 'expanded';
    return e & TAKEN ? TAKEN_AS[this.r.keyLo[i]] || 'taken' : 'iteration';
  }

  /** The f-limit of the iteration replayed now (IDA*), or null before the first. */
  get fLimit() {
    return this.iteration > 0 ? this.iterationKeys[this.iteration - 1] : null;
  }

  /** Whether state `id` is on bidirectional BFS's backward side (it leads to a goal). */
  isBackward(id) {
    return !!this.backward[id];
  }

  /** A backward state's moves to its goal state (the game's symbols), in order. */
  toGoal(id) {
    const r = this.r;
    let out = '';
    for (let guard = 0; r.parent[id] !== id && guard < r.parent.length; guard++) {
      out += String.fromCharCode(r.action[id]);
      id = r.parent[id];
    }
    return out;
  }

  /** The moves from the start to state `id` (the game's symbols; '' for a backward state). */
  path(id) {
    const r = this.r;
    if (this.backward[id]) return '';
    const out = [];
    for (let guard = 0; r.parent[id] !== id && guard < r.parent.length; guard++) {
      out.push(String.fromCharCode(r.action[id]));
      id = r.parent[id];
    }
    return out.reverse().join('');
  }

  /**
   * A state's numbers: `{id, g, h, f, depth, cell, moves}` (h null for a dead end); a
   * backward state's also `toGoal`, its moves to a goal (its depth their number).
   */
  node(id) {
    const r = this.r;
    const moves = this.path(id);
    const h = r.h[id] === DEAD_END ? null : r.h[id];
    if (this.backward[id]) {
      const toGoal = this.toGoal(id);
      const g = this.costs.has(id) ? this.costs.get(id) : toGoal.length;
      return { id, g, h, f: h == null ? null : g + h, depth: toGoal.length, cell: r.cell[id], moves, toGoal };
    }
    const g = this.costs.has(id) ? this.costs.get(id) : moves.length;
    return { id, g, h, f: h == null ? null : g + h, depth: moves.length, cell: r.cell[id], moves };
  }
}
