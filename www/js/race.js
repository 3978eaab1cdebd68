// The race's model (no DOM: node tests use it as the page does): two to four entrants
// on the same level, each a solve's result replayed through its search record
// (search-record.js), stepping together: the race's position p shows every entrant
// after its p-th expansion (or at its end, once it has made all of them). Per entrant:
// the expansions so far, the open list now and at its peak, the heat-map of the
// expansions by cell, the open states' cells; at the end, the finish order.
//
// An entrant is `{kind, key, label, options}`: `options` are merged over the solve
// options the race runs with. Kind 'algo' (key: the algorithm) runs the solve tool
// with `{solver}`; kind 'lab' (key `algo:heuristic`, such as `astar:zero`) runs the
// heuristic lab's search with `{solver, heuristic}`: A* or greedy with the built-in
// heuristic, h = 0, or the lab's code box (`code`).

import { SearchRecord } from './search-record.js';

/** Entrants in a race: at least, at most. */
export const MIN_ENTRANTS = 2;
export const MAX_ENTRANTS = 4;

/** Algorithms that do not search (no record to replay): not entrants. */
const NOT_SEARCHES = new Set(['random']);

/**
 * The algorithms a race can run: the adapter's list (solve-common.js) without those
 * that do not search.
 * @param {string[][]} algorithms `[id, short, long]`
 */
export const raceAlgorithms = (algorithms) => algorithms.filter(([id]) => !NOT_SEARCHES.has(id));

/**
 * The entrant running algorithm `id` (null when the list has no such search).
 * @param {string[][]} algorithms
 * @param {string} id
 * @returns {{kind: 'algo', key: string, label: string, options: {solver: string}} | null}
 */
export function algoEntrant(algorithms, id) {
  const a = raceAlgorithms(algorithms).find(([x]) => x === id);
  return a ? { kind: 'algo', key: id, label: a[1], options: { solver: id } } : null;
}

/** The searches the heuristic lab runs (and so a 'lab' entrant). */
export const LAB_ALGOS = ['astar', 'greedy'];
/** The lab's heuristics an entrant names: `[id, label]`. */
export const LAB_HEURISTICS = [['builtin', 'built-in h'], ['zero', 'h = 0'], ['code', 'lab’s h']];

/**
 * The entrant running algorithm `algo` of the heuristic lab with `heuristic` (see
 * LAB_HEURISTICS); null when the list has no such search or the lab runs none.
 * @param {string[][]} algorithms
 * @param {string} algo
 * @param {string} heuristic
 * @returns {{kind: 'lab', key: string, label: string, options: {solver: string, heuristic: string}} | null}
 */
export function labEntrant(algorithms, algo, heuristic) {
  const a = LAB_ALGOS.includes(algo) ? raceAlgorithms(algorithms).find(([x]) => x === algo) : null;
  const hr = LAB_HEURISTICS.find(([id]) => id === heuristic);
  return a && hr ? { kind: 'lab', key: `${algo}:${heuristic}`, label: `${a[1]} · ${hr[1]}`, options: { solver: algo, heuristic } } : null;
}

/**
 * The entrant a key names: `bfs` (an algorithm) or, when the game has the heuristic
 * lab, `astar:zero` (see labEntrant); null otherwise.
 * @param {string[][]} algorithms
 * @param {string} key
 * @param {boolean} [lab] whether the game has the heuristic lab
 */
export function entrantFor(algorithms, key, lab = false) {
  const i = key.indexOf(':');
  if (i < 0) return algoEntrant(algorithms, key);
  return lab ? labEntrant(algorithms, key.slice(0, i), key.slice(i + 1)) : null;
}

/**
 * The lab entrants a game with the heuristic lab offers (each lab search with each
 * heuristic).
 * @param {string[][]} algorithms
 */
export const labEntrants = (algorithms) => LAB_ALGOS.flatMap((a) => LAB_HEURISTICS.map(([id]) => labEntrant(algorithms, a, id))).filter(Boolean);

/**
 * A link's `r.algos` ("bfs,astar", "astar:builtin,astar:zero"): the entrants (at most
 * MAX_ENTRANTS, each once) and what was left out, in words.
 * @param {string} text
 * @param {string[][]} algorithms
 * @param {boolean} [lab] whether the game has the heuristic lab (its entrants allowed)
 */
export function parseAlgos(text, algorithms, lab = false) {
  const entrants = [];
  const problems = [];
  for (const id of String(text).split(',').map((s) => s.trim()).filter(Boolean)) {
    const e = entrantFor(algorithms, id, lab);
    if (!e && id.includes(':') && !lab) problems.push(`“${id.slice(0, 20)}” needs the heuristic lab, which this game does not have`);
    else if (!e && id.includes(':')) problems.push(`“${id.slice(0, 20)}” is not a search of the heuristic lab (${LAB_ALGOS.join(' or ')}, then :${LAB_HEURISTICS.map(([x]) => x).join(', :')})`);
    else if (!e) problems.push(`“${id.slice(0, 20)}” is not an algorithm a race can run`);
    else if (entrants.some((x) => x.key === id)) problems.push(`${e.label} is in the race once`);
    else if (entrants.length >= MAX_ENTRANTS) problems.push(`at most ${MAX_ENTRANTS} entrants: ${e.label} is left out`);
    else entrants.push(e);
  }
  return { entrants, problems };
}

/**
 * The finish order: the entrants that found a plan by their expansions to the goal
 * (fewest first; equal counts share a place), then those that did not, each with why.
 * @param {{label: string, found: boolean, expanded: number, why?: string}[]} runs
 * @returns {{index: number, label: string, place: number | null, expanded: number, why: string | null}[]}
 */
export function finishOrder(runs) {
  const finished = runs.map((r, index) => ({ ...r, index })).filter((r) => r.found).sort((a, b) => a.expanded - b.expanded || a.index - b.index);
  const out = [];
  finished.forEach((r, i) => {
    const place = i > 0 && r.expanded === finished[i - 1].expanded ? out[i - 1].place : i + 1;
    out.push({ index: r.index, label: r.label, place, expanded: r.expanded, why: null });
  });
  runs.forEach((r, index) => {
    if (!r.found) out.push({ index, label: r.label, place: null, expanded: r.expanded, why: r.why || 'no plan' });
  });
  return out;
}

/** "1st", "2nd", "3rd", "4th" … */
export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th';
  return `${n}${suffix}`;
}

/** Why a run did not finish, by its outcome. */
const NOT_FOUND = { no_plan: 'no plan', limit_reached: 'hit its limit', cancelled: 'cancelled' };

/** One entrant's run: its result, and its replay to any race position. */
export class RaceRun {
  /**
   * @param {{kind: string, key: string, label: string, options: Record<string, any>}} entrant
   * @param {number} cells the board's cells (rows × cols)
   */
  constructor(entrant, cells) {
    this.entrant = entrant;
    this.cells = cells;
    /** @type {'waiting' | 'running' | 'done' | 'error' | 'held' | 'cancelled'} */
    this.state = 'waiting';
    /** @type {any} */
    this.result = null;
    /** @type {string | null} */
    this.error = null;
    /** Whether the result met the goal (the adapter's `success`). */
    this.success = false;
    /** @type {Record<string, any> | null} the solve options it ran with */
    this.options = null;
    this.model = null;
    this.clearReplay();
  }

  clearReplay() {
    /** @type {SearchRecord | null} */
    this.model = null;
    /** Expansions replayable: the tool's count, fewer when the record was cut. */
    this.length = 0;
    /** The record's step (1-based) of each expansion. */
    this.stepOf = new Uint32Array(0);
    this.cellOf = new Uint32Array(0);
    /** The open list after each expansion, and its peak so far. */
    this.openAfter = new Uint32Array(0);
    this.peakAfter = new Uint32Array(0);
    this.open0 = 0;
    this.counts = new Uint32Array(this.cells);
    /** The open states' cells (the heat-map's frontier), filled by `heat`. */
    this.frontierCells = new Uint8Array(this.cells);
    this.heatPos = 0;
    this.max = 0;
    this.pos = 0;
  }

  get label() {
    return this.entrant.label;
  }

  /**
   * The solve's result: its record read into the per-expansion tables (throws when the
   * record cannot be read; the view shows the error in the entrant's card).
   * @param {any} result
   * @param {boolean} success
   */
  setResult(result, success) {
    this.result = result;
    this.success = success;
    this.state = 'done';
    this.clearReplay();
    const record = result.record;
    const total = (result.stats && result.stats.expanded) || 0;
    if (!record || !total) return;
    const m = new SearchRecord(record);
    const steps = [];
    const open = [];
    const peak = [];
    const cells = [];
    m.seek(0);
    this.open0 = m.open.size;
    let top = this.open0;
    // The first `total` expansions: a best-first search's record ends with the goal
    // taken (an expansion event the tool does not count).
    for (let k = 1; k <= m.steps && steps.length < total; k++) {
      if (!m.expandsAt(k)) continue;
      m.seek(k);
      steps.push(k);
      cells.push(record.cell[m.takenAt(k)]);
      open.push(m.open.size);
      top = Math.max(top, m.open.size);
      peak.push(top);
    }
    this.model = m;
    this.length = steps.length;
    this.stepOf = Uint32Array.from(steps);
    this.cellOf = Uint32Array.from(cells);
    this.openAfter = Uint32Array.from(open);
    this.peakAfter = Uint32Array.from(peak);
    m.seek(0);
  }

  /** @param {string} message */
  setError(message) {
    this.clearReplay();
    this.result = null;
    this.state = 'error';
    this.error = message;
  }

  /**
   * Not run, and why (the lab's code from a link, not yet agreed to).
   * @param {string} message
   */
  hold(message) {
    this.setError(message);
    this.state = 'held';
  }

  /** The expansions the tool counted (0 without a result). */
  get expansions() {
    return (this.result && this.result.stats && this.result.stats.expanded) || 0;
  }

  /** Whether the record was cut before the search's end. */
  get truncated() {
    return this.length < this.expansions;
  }

  /** Whether it found a plan that meets the goal. */
  get found() {
    return this.state === 'done' && this.result.outcome === 'found' && this.success;
  }

  /** Why it did not finish with a plan (null when it did). */
  get why() {
    if (this.state === 'error') return `failed: ${this.error}`;
    if (this.state === 'held') return this.error;
    if (this.state === 'cancelled') return 'cancelled';
    if (this.state !== 'done') return 'not run';
    if (this.found) return null;
    return NOT_FOUND[this.result.outcome] || (this.result.outcome === 'found' ? 'goal not met' : this.result.outcome);
  }

  /** Whether it is still running at race position `p`. */
  runningAt(p) {
    return this.state === 'done' && p < this.length;
  }

  /**
   * Show race position `p` (cheap: the record and the heat-map follow in `sync`).
   * @param {number} p
   */
  seek(p) {
    this.pos = Math.max(0, p);
  }

  /** Expansions shown at the position. */
  get expanded() {
    return Math.min(this.pos, this.length);
  }

  /** The record and the heat-map at the position. */
  sync() {
    const e = this.expanded;
    if (this.model) this.model.seek(this.pos >= this.length ? this.model.steps : e ? this.stepOf[e - 1] : 0);
    while (this.heatPos < e) {
      const c = this.cellOf[this.heatPos++];
      if (c < this.cells && ++this.counts[c] > this.max) this.max = this.counts[c];
    }
    if (this.heatPos > e) {
      while (this.heatPos > e) {
        const c = this.cellOf[--this.heatPos];
        if (c < this.cells) this.counts[c]--;
      }
      this.max = 0;
      for (let i = 0; i < this.cells; i++) if (this.counts[i] > this.max) this.max = this.counts[i];
    }
  }

  /** The open list's size at the position (after `sync`). */
  get frontier() {
    return this.model ? this.model.open.size : 0;
  }

  /** The open list's largest size up to the position. */
  get peak() {
    const e = this.expanded;
    const before = e ? this.peakAfter[e - 1] : this.open0;
    return this.model && this.pos >= this.length ? Math.max(before, this.frontier) : before;
  }

  /** The heat-map overlay at the position (after `sync`): `{counts, max, frontier, current}`. */
  heat() {
    const frontier = this.frontierCells;
    frontier.fill(0);
    const m = this.model;
    if (m) {
      const cell = m.r.cell;
      for (const id of m.open.keys()) if (cell[id] < this.cells) frontier[cell[id]] = 1;
    }
    const e = this.expanded;
    const current = e ? this.cellOf[e - 1] : -1;
    return { counts: this.counts, max: this.max, frontier, current: current < this.cells ? current : -1 };
  }
}

/** The runs stepping together: a transport source's positions. */
export class Race {
  /** @param {RaceRun[]} runs */
  constructor(runs) {
    this.runs = runs;
    this.pos = 0;
  }

  /** The race's last position: the most expansions any run replays. */
  get length() {
    return Math.max(0, ...this.runs.map((r) => r.length));
  }

  /** @param {number} p */
  seek(p) {
    this.pos = Math.max(0, Math.min(this.length, p));
    for (const r of this.runs) r.seek(this.pos);
  }

  /** One expansion of every run still running; false at the end. */
  advance() {
    if (this.pos >= this.length) return false;
    this.seek(this.pos + 1);
    return true;
  }

  /** The runs still running at the position. */
  running() {
    return this.runs.filter((r) => r.runningAt(this.pos));
  }

  /** Whether every run has finished (the race is at its end). */
  get over() {
    return this.pos >= this.length;
  }

  /** The finish order of the runs (see finishOrder). */
  order() {
    return finishOrder(this.runs.map((r) => ({ label: r.label, found: r.found, expanded: r.expansions, why: r.why || undefined })));
  }
}
