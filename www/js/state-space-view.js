// The "State space" section of the Solve tab (Pengu, Act-Man: a game whose registry has
// the `state-space` tool): a small level's every state a node and every move an edge
// on a canvas, laid out by a force layout (the default: it reads better, see
// state-space.js) or in layers by depth from the start;
// the optimal plans in green, the start and the goals marked; the search debugger's
// step drawn on it as it steps (the nodes expanded, the frontier now, the node taken);
// a hover names a node (depth, g, h*, h), a click plays its moves on the board as the
// debugger's "Show" does. The tool runs in its own worker when the section is opened
// and after each solve while it is open, with the solve's options, so that its record
// is the debugger's, event for event. The model and the layouts: state-space.js.

import { h, fmt } from './ui.js';
import { SolverClient } from './solver-client.js';
import { toolsOf } from './tools.js';
import { RECORD_LIMIT } from './solver-panel.js';
import { StateSpace, LAYOUTS, UNSEEN, EXPANDED, FRONTIER } from './state-space.js';

const TOOL = 'state-space';
/** The canvas's height against its width, and its bounds (CSS pixels). */
const ASPECT = 0.7;
const MIN_HEIGHT = 260;
const MAX_HEIGHT = 900;
/** Colours (Okabe–Ito where they mean something). */
const C = {
  edge: 'rgba(120, 134, 156, 0.28)', optimal: '#009e73', unseen: '#aab4c3', expanded: '#33415c',
  frontier: '#ffffff', frontierRing: '#0072b2', current: '#e69f00', start: '#000000', goal: '#009e73',
};

export class StateSpaceView {
  /**
   * The section, when the game's registry has the tool (else null).
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} host the Solve panel
   */
  static mount(game, host) {
    const adapter = game.spec.solve;
    if (!adapter || !game.solver) return null;
    const id = adapter.game || 'pengu';
    if (!toolsOf(game.api, id).tools.some((t) => t.name === TOOL)) return null;
    return new StateSpaceView(game, host, id);
  }

  constructor(game, host, id) {
    this.game = game;
    this.id = id;
    this.client = null;
    this.space = null;
    this.pos = null;
    this.layoutName = LAYOUTS[0][0];
    this.layoutMs = 0;
    this.hover = -1;
    /** The text and options the graph was drawn for. */
    this.drawnFor = null;
    this.following = false;
    this.layoutBox = h('select#ss-layout', { 'aria-label': 'Layout', onchange: () => this.setLayout(this.layoutBox.value) },
      ...LAYOUTS.map(([v, l]) => h('option', { value: v }, l)));
    this.message = h('p.small#ss-message', { 'aria-live': 'polite' });
    this.counts = h('p.small.muted#ss-counts');
    this.tip = h('div.ss-tip#ss-tip', { hidden: true });
    this.canvas = h('canvas#ss-canvas', { tabIndex: 0, 'aria-label': 'The state space: every state a node, every move an edge' });
    // The view on its canvas, for the tests (its nodes' places, its model).
    /** @type {any} */ (this.canvas).stateSpace = this;
    this.wrap = h('div.ss-wrap', {}, this.canvas, this.tip);
    this.legend = h('p.small.ss-legend', {},
      h('span.ss-key.ss-start'), ' start ', h('span.ss-key.ss-goal'), ' goal ', h('span.ss-key.ss-opt'), ' optimal moves ',
      h('span.ss-key.ss-exp'), ' expanded ', h('span.ss-key.ss-front'), ' frontier ', h('span.ss-key.ss-cur'), ' node taken');
    this.body = h('div.ss-body', {}, h('div.row', {}, h('label.field', {}, h('span', {}, 'Layout'), this.layoutBox)),
      this.message, this.wrap, this.legend, this.counts);
    this.root = h('details.state-space#state-space', { ontoggle: () => this.opened() },
      h('summary', {}, 'State space'), this.body);
    host.append(this.root);
    this.canvas.addEventListener('pointermove', (e) => this.pointer(e));
    this.canvas.addEventListener('pointerleave', () => this.setHover(-1));
    this.canvas.addEventListener('click', (e) => this.clicked(e));
    this.resize = new ResizeObserver(() => this.fit());
    this.resize.observe(this.wrap);
    const dbg = game.solver.debugger;
    dbg.transport.addEventListener('change', () => this.step());
    game.addEventListener('solved', (e) => this.solved(/** @type {CustomEvent} */ (e).detail));
    game.addEventListener('level', () => this.levelChanged());
  }

  // ---- running the tool ------------------------------------------------------------------

  opened() {
    if (!this.root.open) return;
    const s = this.game.solver;
    const solved = s.solvedText !== null && s.solvedText === this.game.levelText() && s.solvedOptions;
    this.run(solved ? s.solvedOptions : s.options());
  }

  /** A solve shown (solver-panel.js): the graph for its options, when the section is open. */
  solved(detail) {
    if (this.root.open && detail && detail.options) this.run(detail.options);
  }

  levelChanged() {
    if (this.drawnFor && this.drawnFor.text !== this.game.levelText()) {
      this.drawnFor = null;
      this.space = null;
      this.show('The level changed: open the section again or solve to draw its state space.', 'muted');
      this.draw();
    }
  }

  async run(options) {
    const text = this.game.levelText();
    const opts = { ...options, recordLimit: RECORD_LIMIT, traceLimit: 0 };
    if (opts.solver === 'random') opts.solver = 'astar';
    const key = JSON.stringify([text, opts]);
    if (this.drawnFor && this.drawnFor.key === key) return this.step();
    if (!this.client) this.client = new SolverClient();
    if (this.client.busy) this.client.cancel();
    this.show('Exploring the state space…', 'muted');
    try {
      const { result } = await this.client.run(TOOL, this.id, text, opts);
      if (text !== this.game.levelText()) return;
      this.space = new StateSpace(result);
      this.drawnFor = { key, text, solver: opts.solver };
      this.pos = null;
      this.setLayout(this.layoutName);
      this.show(`${fmt(this.space.n)} states, ${fmt(this.space.edgeCount)} moves; ` +
        (this.space.report.optimum == null ? 'no goal can be reached.' : `the optimum costs ${fmt(this.space.report.optimum)}, ` +
          `${fmt(this.space.optimalEdges)} moves lie on optimal plans.`), '');
      this.step();
    } catch (err) {
      if (err && err.cancelled) return;
      this.space = null;
      this.drawnFor = null;
      this.show((err && err.message) || String(err), 'bad');
      this.draw();
    }
  }

  show(text, kind) {
    this.message.textContent = text;
    this.message.className = `small ${kind}`;
  }

  setLayout(name) {
    this.layoutName = LAYOUTS.some(([v]) => v === name) ? name : LAYOUTS[0][0];
    this.layoutBox.value = this.layoutName;
    if (this.space) {
      const t0 = performance.now();
      this.pos = this.space.layout(this.layoutName);
      this.layoutMs = performance.now() - t0;
    }
    this.canvas.dataset.layout = this.layoutName;
    this.canvas.dataset.layoutMs = this.layoutMs.toFixed(1);
    this.edgesCache = null;
    this.draw();
  }

  // ---- the debugger's step ---------------------------------------------------------------

  /** The debugger's step on the graph, when its record is this graph's. */
  step() {
    const s = this.space;
    const m = this.game.solver.debugger.model;
    this.following = !!(s && m && s.matches(m.r));
    if (s && this.following) s.follow(m);
    else if (s) s.resetStep();
    const c = s ? s.counts() : { expanded: 0, frontier: 0, current: -1 };
    Object.assign(this.canvas.dataset, { expanded: String(c.expanded), frontier: String(c.frontier), current: String(c.current), following: String(this.following), step: String(m ? m.k : 0) });
    if (s) {
      this.counts.textContent = this.following
        ? `Debugger step ${fmt(m.k)}: ${fmt(c.expanded)} states expanded, ${fmt(c.frontier)} on the frontier` + (c.current >= 0 ? `, taken: state ${c.current} (${this.describe(c.current)})` : '')
        : m ? 'The debugger shows another search (other options or level): solve again to follow it here.' : 'Solve (with "Record the search") to step the search on the graph.';
    }
    this.draw();
  }

  describe(node) {
    const i = this.space.info(node);
    const f = (v) => (v == null ? '–' : fmt(v));
    return `depth ${i.depth}, g ${i.g}, h* ${f(i.hStar)}, h ${f(i.h)}${i.goal ? ', a goal' : ''}`;
  }

  // ---- drawing ---------------------------------------------------------------------------

  fit() {
    const w = Math.max(120, Math.floor(this.wrap.clientWidth));
    const hgt = Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, w * ASPECT, Math.min(innerHeight * 0.8, w * ASPECT * 1.4))));
    const dpr = devicePixelRatio || 1;
    if (this.canvas.width === Math.round(w * dpr) && this.canvas.height === Math.round(hgt * dpr)) return;
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${hgt}px`;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(hgt * dpr);
    this.edgesCache = null;
    this.draw();
  }

  /** Node radius and margin (device pixels). */
  sizes() {
    const dpr = devicePixelRatio || 1;
    const n = this.space ? this.space.n : 1;
    const area = this.canvas.width * this.canvas.height;
    const r = Math.max(1.5 * dpr, Math.min(7 * dpr, Math.sqrt(area / n) * 0.18));
    return { r, pad: r + 8 * dpr };
  }

  /** Node `i`'s place on the canvas (device pixels). */
  at(i) {
    const { pad } = this.sizes();
    return [pad + this.pos.x[i] * (this.canvas.width - 2 * pad), pad + this.pos.y[i] * (this.canvas.height - 2 * pad)];
  }

  /** A node's centre in the page's client coordinates (tests click it). */
  clientPoint(i) {
    const b = this.canvas.getBoundingClientRect();
    const [x, y] = this.at(i);
    return { x: b.left + (x * b.width) / this.canvas.width, y: b.top + (y * b.height) / this.canvas.height };
  }

  edges() {
    if (this.edgesCache) return this.edgesCache;
    const cache = document.createElement('canvas');
    cache.width = this.canvas.width;
    cache.height = this.canvas.height;
    const ctx = cache.getContext('2d');
    const s = this.space;
    const dpr = devicePixelRatio || 1;
    const path = (optimal) => {
      ctx.beginPath();
      for (let e = 0; e < s.edgeCount; e++) {
        if (!!s.optimal[e] !== optimal) continue;
        const [x0, y0] = this.at(s.from[e]);
        const [x1, y1] = this.at(s.to[e]);
        ctx.moveTo(x0, y0);
        ctx.lineTo(x1, y1);
      }
    };
    ctx.lineWidth = dpr;
    ctx.strokeStyle = C.edge;
    path(false);
    ctx.stroke();
    ctx.lineWidth = 2.5 * dpr;
    ctx.strokeStyle = C.optimal;
    path(true);
    ctx.stroke();
    this.edgesCache = cache;
    return cache;
  }

  draw() {
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const s = this.space;
    this.canvas.hidden = !s;
    this.legend.hidden = !s;
    this.canvas.dataset.nodes = String(s ? s.n : 0);
    if (!s || !this.pos || !this.canvas.width) return;
    ctx.drawImage(this.edges(), 0, 0);
    const { r } = this.sizes();
    const dpr = devicePixelRatio || 1;
    const batch = (status, fill, stroke) => {
      ctx.beginPath();
      for (let i = 0; i < s.n; i++) {
        if (s.status[i] !== status) continue;
        const [x, y] = this.at(i);
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
      }
      ctx.fillStyle = fill;
      ctx.fill();
      if (stroke) {
        ctx.lineWidth = Math.max(1, r / 3);
        ctx.strokeStyle = stroke;
        ctx.stroke();
      }
    };
    batch(UNSEEN, C.unseen, null);
    batch(EXPANDED, C.expanded, null);
    batch(FRONTIER, C.frontier, C.frontierRing);
    const ring = (i, color, radius, width) => {
      const [x, y] = this.at(i);
      ctx.beginPath();
      ctx.arc(x, y, radius, 0, 2 * Math.PI);
      ctx.lineWidth = width;
      ctx.strokeStyle = color;
      ctx.stroke();
    };
    // Goals: a green ring; the start: a black square.
    for (let i = 0; i < s.n; i++) if (s.goal[i]) ring(i, C.goal, r + 2 * dpr, 2 * dpr);
    const [sx, sy] = this.at(0);
    ctx.lineWidth = 2 * dpr;
    ctx.strokeStyle = C.start;
    ctx.strokeRect(sx - r - 3 * dpr, sy - r - 3 * dpr, 2 * r + 6 * dpr, 2 * r + 6 * dpr);
    if (s.current >= 0) {
      const [x, y] = this.at(s.current);
      ctx.beginPath();
      ctx.arc(x, y, r * 1.8 + 2 * dpr, 0, 2 * Math.PI);
      ctx.fillStyle = C.current;
      ctx.fill();
      ctx.lineWidth = dpr;
      ctx.strokeStyle = '#000';
      ctx.stroke();
    }
    if (this.hover >= 0) ring(this.hover, '#000', r + 4 * dpr, 1.5 * dpr);
  }

  // ---- pointer ---------------------------------------------------------------------------

  /** The node under a pointer event (within a few pixels), or -1. */
  nodeAt(e) {
    if (!this.space || !this.pos) return -1;
    const b = this.canvas.getBoundingClientRect();
    const px = ((e.clientX - b.left) * this.canvas.width) / b.width;
    const py = ((e.clientY - b.top) * this.canvas.height) / b.height;
    const { r } = this.sizes();
    const reach = Math.max(r * 2, 6 * (devicePixelRatio || 1));
    let best = -1, bestD = reach * reach;
    for (let i = 0; i < this.space.n; i++) {
      const [x, y] = this.at(i);
      const d = (x - px) ** 2 + (y - py) ** 2;
      if (d <= bestD) { best = i; bestD = d; }
    }
    return best;
  }

  pointer(e) {
    this.setHover(this.nodeAt(e), e);
  }

  setHover(node, e = null) {
    if (node === this.hover) return;
    this.hover = node;
    this.tip.hidden = node < 0;
    if (node >= 0 && e) {
      const i = this.space.info(node);
      this.tip.textContent = `State ${node}${i.goal ? ' (goal)' : node === 0 ? ' (start)' : ''}: ${this.describe(node)}; moves ${i.moves || '(start)'}`;
      const b = this.wrap.getBoundingClientRect();
      this.tip.style.left = `${Math.min(e.clientX - b.left + 12, b.width - 220)}px`;
      this.tip.style.top = `${e.clientY - b.top + 12}px`;
    }
    this.canvas.dataset.hover = String(node);
    this.draw();
  }

  /** A click on a node: the board plays its moves from the start (as the debugger's Show). */
  clicked(e) {
    const node = this.nodeAt(e);
    if (node < 0) return;
    this.canvas.dataset.shown = String(node);
    this.game.replayMoves(this.space.moves(node));
    this.game.solver.debugger.boardIntoView();
  }

  info() {
    return { ...this.canvas.dataset };
  }
}
