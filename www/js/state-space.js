// The state-space view's model (no DOM): the `state-space` tool's report (every state a
// node with its depth, cost from the start, exact cost to go h*, heuristic, goal flag,
// board cell, parent and move; every move an edge with its cost and whether it lies on
// an optimal plan; the search's record with the graph node of each record state), two
// layouts of the nodes in the unit square (layers by depth from the start, or a force
// layout), and the debugger's step on the graph: the nodes expanded so far (this
// iteration for iterative deepening), the frontier now and the node taken.

/** Nodes marked per step. */
export const UNSEEN = 0;
export const EXPANDED = 1;
export const FRONTIER = 2;

const EXPANDED_FLAG = 0x80000000;
const TAKEN_FLAG = 0x40000000;
const ID = 0x3fffffff;
const NO_NODE = 0xffffffff;

/**
 * The layouts, by name, in the order of the switch; the first is the default: the
 * force layout reads better on the course fields (benches/state_space.mjs: up to four
 * times fewer crossing edges, as few on testcase 4; no node on another, where the widest
 * depth of a 2,000-state level piles 40 % of the nodes onto others in layers; the
 * optimal plans short paths), while the layers show the depth from the start
 * (breadth-first search's sweep).
 */
export const LAYOUTS = [['force', 'Force layout'], ['layers', 'Layers by depth']];

export class StateSpace {
  /** `report`: the `state-space` tool's result (its record as typed arrays). */
  constructor(report) {
    this.report = report;
    const nodes = report.nodes;
    const edges = report.edges;
    this.n = report.states;
    this.depth = Uint32Array.from(nodes.depth);
    this.g = Uint32Array.from(nodes.g);
    /** h* per node (-1: no goal reachable). */
    this.hStar = Float64Array.from(nodes.hStar, (v) => (v == null ? -1 : v));
    this.h = nodes.h;
    this.goal = Uint8Array.from(nodes.goal, (v) => (v ? 1 : 0));
    this.cell = Uint32Array.from(nodes.cell);
    this.parent = Uint32Array.from(nodes.parent);
    this.move = nodes.move;
    this.from = Uint32Array.from(edges.from);
    this.to = Uint32Array.from(edges.to);
    this.cost = Uint32Array.from(edges.cost);
    this.optimal = Uint8Array.from(edges.optimal, (v) => (v ? 1 : 0));
    this.edgeMove = edges.move;
    /** Nodes on an optimal plan (an optimal edge's ends). */
    this.onPlan = new Uint8Array(this.n);
    for (let e = 0; e < this.from.length; e++) {
      if (this.optimal[e]) this.onPlan[this.from[e]] = this.onPlan[this.to[e]] = 1;
    }
    this.optimalEdges = this.optimal.reduce((a, b) => a + b, 0);
    this.recordNode = report.recordNode ? Uint32Array.from(report.recordNode) : new Uint32Array(0);
    this.record = report.record || null;
    this.status = new Uint8Array(this.n);
    this.current = -1;
    this.expandedCount = 0;
    this.frontierCount = 0;
    this.resetStep();
  }

  get edgeCount() {
    return this.from.length;
  }

  /** The moves of a cheapest path from the start to `node`, as the game writes them. */
  moves(node) {
    const out = [];
    for (let guard = 0; node !== 0 && guard < this.n; guard++) {
      out.push(this.move[node]);
      node = this.parent[node];
    }
    return out.reverse().join('');
  }

  /** A node's numbers: `{node, depth, g, hStar, h, goal, moves}` (hStar, h null: none). */
  info(node) {
    return {
      node, depth: this.depth[node], g: this.g[node], hStar: this.hStar[node] < 0 ? null : this.hStar[node],
      h: this.h[node], goal: !!this.goal[node], moves: this.moves(node),
    };
  }

  /**
   * Whether `record` (a solve's, the debugger's) is this report's record, event for
   * event: then its state ids are this report's and map to nodes.
   */
  matches(record) {
    const mine = this.record;
    if (!mine || !record || mine.events.length !== record.events.length || mine.parent.length !== record.parent.length) return false;
    for (let i = 0; i < mine.events.length; i++) if (mine.events[i] !== record.events[i]) return false;
    for (let i = 0; i < mine.parent.length; i++) if (mine.parent[i] !== record.parent[i]) return false;
    return true;
  }

  // ---- the debugger's step on the graph --------------------------------------------------

  resetStep() {
    this.pos = 0;
    this.status.fill(UNSEEN);
    this.expanded = new Uint8Array(this.n);
    this.expandedCount = 0;
    this.frontierCount = 0;
    this.current = -1;
  }

  nodeOf(id) {
    const node = id < this.recordNode.length ? this.recordNode[id] : NO_NODE;
    return node === NO_NODE || node >= this.n ? -1 : node;
  }

  /**
   * Mark the step of the debugger's model `m` (a SearchRecord replayed to its step):
   * the nodes expanded in the events replayed (since the iteration started, for
   * iterative deepening), the open list's nodes and the node taken. Forward steps go
   * on from the last one. Returns `{expanded, frontier, current}`.
   */
  follow(m) {
    const r = this.record;
    if (!r) return this.counts();
    const end = m.pos;
    if (end < this.pos) this.resetStep();
    for (let i = this.pos; i < end; i++) {
      const e = r.events[i];
      const id = e & ID;
      if (e & EXPANDED_FLAG) {
        const node = this.nodeOf(id);
        if (node >= 0 && !this.expanded[node]) {
          this.expanded[node] = 1;
          this.expandedCount++;
        }
      } else if (!(e & TAKEN_FLAG) && r.parent[id] === id) {
        // An iteration starts: nothing expanded in it yet.
        this.expanded.fill(0);
        this.expandedCount = 0;
      }
    }
    this.pos = end;
    for (let i = 0; i < this.n; i++) this.status[i] = this.expanded[i] ? EXPANDED : UNSEEN;
    let frontier = 0;
    for (const id of m.open.keys()) {
      const node = this.nodeOf(id);
      if (node >= 0 && this.status[node] !== FRONTIER) {
        this.status[node] = FRONTIER;
        frontier++;
      }
    }
    this.frontierCount = frontier;
    this.current = m.current >= 0 ? this.nodeOf(m.current) : -1;
    return this.counts();
  }

  counts() {
    return { expanded: this.expandedCount, frontier: this.frontierCount, current: this.current };
  }

  // ---- layouts: positions in the unit square ---------------------------------------------

  /** The layout called `name` (`layers` or `force`): `{x, y}` Float64Arrays in [0, 1]. */
  layout(name) {
    return name === 'force' ? this.forceLayout() : this.layers();
  }

  /**
   * Layers by depth from the start, left to right; in each layer the nodes ordered by
   * the mean place of their neighbours in the layer before (then after), a few sweeps.
   */
  layers() {
    const n = this.n;
    let maxDepth = 0;
    for (let i = 0; i < n; i++) if (this.depth[i] !== 0xffffffff) maxDepth = Math.max(maxDepth, this.depth[i]);
    const layer = (i) => (this.depth[i] === 0xffffffff ? maxDepth : this.depth[i]);
    const layers = Array.from({ length: maxDepth + 1 }, () => []);
    for (let i = 0; i < n; i++) layers[layer(i)].push(i);
    const place = new Float64Array(n);
    const setPlaces = (l) => l.forEach((node, k) => (place[node] = (k + 0.5) / l.length));
    layers.forEach(setPlaces);
    // Neighbours in the layer before and after (edges either way).
    const sum = new Float64Array(n);
    const cnt = new Uint32Array(n);
    const sweep = (dir) => {
      sum.fill(0);
      cnt.fill(0);
      for (let e = 0; e < this.from.length; e++) {
        const a = this.from[e], b = this.to[e];
        const la = layer(a), lb = layer(b);
        if (lb === la + dir) { sum[b] += place[a]; cnt[b]++; }
        if (la === lb + dir) { sum[a] += place[b]; cnt[a]++; }
      }
      const order = dir > 0 ? layers : [...layers].reverse();
      for (const l of order) {
        const key = new Map(l.map((node) => [node, cnt[node] ? sum[node] / cnt[node] : place[node]]));
        l.sort((p, q) => key.get(p) - key.get(q) || p - q);
        setPlaces(l);
      }
    };
    for (let s = 0; s < 4; s++) sweep(s % 2 ? -1 : 1);
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      x[i] = maxDepth ? layer(i) / maxDepth : 0.5;
      y[i] = place[i];
    }
    return { x, y };
  }

  /**
   * A force layout: edges pull their ends together, every two nodes nearer than a
   * cut-off push apart (found through a grid of cells of that size), cooling over a
   * fixed number of rounds; started from the layers so that it is the same every time.
   */
  forceLayout(rounds = 120) {
    const n = this.n;
    const start = this.layers();
    // Each layer's nodes spread across its band (a column would crowd the repulsion
    // grid's cells), by a fixed sequence so that the layout is the same every time.
    let maxDepth = 0;
    for (let i = 0; i < n; i++) if (this.depth[i] !== 0xffffffff) maxDepth = Math.max(maxDepth, this.depth[i]);
    const band = 0.9 / Math.max(1, maxDepth);
    const x = Float64Array.from(start.x, (v, i) => v + (((i * 0.6180339887) % 1) - 0.5) * band);
    const y = Float64Array.from(start.y);
    if (n < 2) return { x, y };
    // Undirected edges, each once.
    const seen = new Set();
    const ea = [], eb = [];
    for (let e = 0; e < this.from.length; e++) {
      const a = Math.min(this.from[e], this.to[e]), b = Math.max(this.from[e], this.to[e]);
      if (a === b || seen.has(a * n + b)) continue;
      seen.add(a * n + b);
      ea.push(a);
      eb.push(b);
    }
    const k = Math.sqrt(1 / n); // the ideal distance between neighbours
    const cut = 2 * k;
    const dx = new Float64Array(n), dy = new Float64Array(n);
    const next = new Int32Array(n);
    const cx = new Int32Array(n), cy = new Int32Array(n);
    let head = new Int32Array(0);
    let temp = 0.1;
    for (let round = 0; round < rounds; round++) {
      dx.fill(0);
      dy.fill(0);
      // The grid over the nodes' bounding box now (they drift out of the unit square).
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (let i = 0; i < n; i++) {
        x0 = Math.min(x0, x[i]); x1 = Math.max(x1, x[i]);
        y0 = Math.min(y0, y[i]); y1 = Math.max(y1, y[i]);
      }
      const sx = Math.min(512, Math.floor((x1 - x0) / cut) + 1);
      const sy = Math.min(512, Math.floor((y1 - y0) / cut) + 1);
      if (head.length < sx * sy) head = new Int32Array(sx * sy);
      head.fill(-1, 0, sx * sy);
      for (let i = 0; i < n; i++) {
        cx[i] = Math.min(sx - 1, Math.floor((x[i] - x0) / cut));
        cy[i] = Math.min(sy - 1, Math.floor((y[i] - y0) / cut));
        const c = cy[i] * sx + cx[i];
        next[i] = head[c];
        head[c] = i;
      }
      for (let i = 0; i < n; i++) {
        const gx0 = Math.max(0, cx[i] - 1), gx1 = Math.min(sx - 1, cx[i] + 1);
        const gy0 = Math.max(0, cy[i] - 1), gy1 = Math.min(sy - 1, cy[i] + 1);
        const xi = x[i], yi = y[i];
        for (let gy = gy0; gy <= gy1; gy++) {
          for (let gx = gx0; gx <= gx1; gx++) {
            for (let j = head[gy * sx + gx]; j >= 0; j = next[j]) {
              if (j <= i) continue;
              let ddx = xi - x[j], ddy = yi - y[j];
              let d2 = ddx * ddx + ddy * ddy;
              if (d2 >= cut * cut) continue;
              if (d2 < 1e-12) { ddx = 1e-6 * (1 + (i % 3)); ddy = 1e-6; d2 = 2e-12; }
              const f = (k * k) / d2;
              dx[i] += ddx * f; dy[i] += ddy * f;
              dx[j] -= ddx * f; dy[j] -= ddy * f;
            }
          }
        }
      }
      for (let e = 0; e < ea.length; e++) {
        const a = ea[e], b = eb[e];
        const ddx = x[a] - x[b], ddy = y[a] - y[b];
        const d = Math.sqrt(ddx * ddx + ddy * ddy) || 1e-9;
        const f = d / k;
        dx[a] -= ddx * f; dy[a] -= ddy * f;
        dx[b] += ddx * f; dy[b] += ddy * f;
      }
      for (let i = 0; i < n; i++) {
        const d = Math.sqrt(dx[i] * dx[i] + dy[i] * dy[i]) || 1;
        const step = Math.min(d, temp);
        x[i] += (dx[i] / d) * step;
        y[i] += (dy[i] / d) * step;
      }
      temp = Math.max(0.002, temp * 0.96);
    }
    return normalise(x, y);
  }
}

/** Positions scaled into the unit square (keeping the aspect ratio, centred). */
function normalise(x, y) {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let i = 0; i < x.length; i++) {
    x0 = Math.min(x0, x[i]); x1 = Math.max(x1, x[i]);
    y0 = Math.min(y0, y[i]); y1 = Math.max(y1, y[i]);
  }
  const s = Math.max(x1 - x0, y1 - y0) || 1;
  const ox = (s - (x1 - x0)) / 2, oy = (s - (y1 - y0)) / 2;
  for (let i = 0; i < x.length; i++) {
    x[i] = (x[i] - x0 + ox) / s;
    y[i] = (y[i] - y0 + oy) / s;
  }
  return { x, y };
}

/**
 * How readable a layout is, measured: edges that cross (among up to `sample` pairs
 * of edges, as a share), nodes nearer than `gap` to another (as a share), and the mean
 * edge length (unit square).
 */
export function measure(space, { x, y }, { sample = 200000, gap = 0.004 } = {}) {
  const m = space.from.length;
  const cross = (a, b, c, d) => {
    const o = (p, q, r) => Math.sign((x[q] - x[p]) * (y[r] - y[p]) - (y[q] - y[p]) * (x[r] - x[p]));
    if (a === c || a === d || b === c || b === d) return false;
    return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
  };
  let crossings = 0, pairs = 0, seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) % m);
  for (let s = 0; s < Math.min(sample, (m * (m - 1)) / 2); s++) {
    const e = rand(), f = rand();
    if (e === f) continue;
    pairs++;
    if (cross(space.from[e], space.to[e], space.from[f], space.to[f])) crossings++;
  }
  let close = 0;
  const order = [...x.keys()].sort((a, b) => x[a] - x[b]);
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length && x[order[j]] - x[order[i]] < gap; j++) {
      if (Math.abs(y[order[j]] - y[order[i]]) < gap) { close++; break; }
    }
  }
  let length = 0;
  for (let e = 0; e < m; e++) length += Math.hypot(x[space.from[e]] - x[space.to[e]], y[space.from[e]] - y[space.to[e]]);
  return { crossings: pairs ? crossings / pairs : 0, overlaps: close / space.n, edgeLength: m ? length / m : 0 };
}
