// The Solve tab's "Race": two to four algorithms on the level on the board, side by
// side, stepping together on one Transport (its TransportBar): each entrant a card with
// a small board (SessionBoard) and its heat-map of the expansions so far, its counters
// (expanded, frontier now and at its peak, the plan found) and, at the end, its place.
// The solves run one after another in a solver worker (the `solve` tool with its
// record; the goal and limits are the Solve form's), cancellable; an entrant whose run
// fails says why in its card. In a game with the heuristic lab an entrant can also be
// A* or greedy with the built-in heuristic, h = 0 or the lab's code: it runs through
// the lab's own worker and watchdog (`runLab`), and the lab's code from a link only
// once the person has agreed to it in the lab. The model is race.js. In the embed view the race takes
// the board's place (the presenter's keys step it) and the GIF export records its
// boards as one frame (`recordFrame`). The link carries `r.algos` (the entrants: `bfs`,
// `astar:zero`, ...) and,
// once run, `r.run=1` and `r.pos` (reopened, the race runs again and stops there).

import { h, button, fmt } from './ui.js';
import { SolverClient } from './solver-client.js';
import { Transport } from './transport.js';
import { TransportBar } from './transport-bar.js';
import { SessionBoard } from './session-board.js';
import { viridisGradient } from './heatmap.js';
import { RECORD_LIMIT } from './solver-panel.js';
import { viewInt } from './view-state.js';
import { Race, RaceRun, raceAlgorithms, entrantFor, labEntrants, parseAlgos, ordinal, MIN_ENTRANTS, MAX_ENTRANTS } from './race.js';
import { HeuristicLab, runLab, asSolveResult } from './heuristic-lab.js';

/** Race speeds: expansions a second (of every running entrant). */
export const RACE_SPEEDS = [1, 2, 5, 10, 25, 60, 150, 400, 1000, 4000].map((rate) => ({ label: `${fmt(rate)}/s`, rate }));
/** The entrants a new race has. */
const DEFAULT_ALGOS = ['bfs', 'astar', 'greedy'];
/** About how long a race lasts at the speed picked for it, in seconds. */
const RACE_SECONDS = 8;
/** The GIF of a race: its largest side (its boards are side by side). */
const GIF_SIDE = 720;
/** The long side of each board in a recorded frame, in CSS pixels. */
const FRAME_BOARD = 240;

/**
 * Set an element's text when it changed (the counters change every frame of a race:
 * unchanged ones cost no layout).
 * @param {HTMLElement} el
 * @param {string} text
 */
const setText = (el, text) => {
  if (el.textContent !== text) el.textContent = text;
};

/** The speed that runs `n` steps in about RACE_SECONDS. */
const speedFor = (n) => {
  let best = 0;
  const want = Math.max(1, n / RACE_SECONDS);
  RACE_SPEEDS.forEach((s, i) => {
    if (Math.abs(Math.log(s.rate / want)) < Math.abs(Math.log(RACE_SPEEDS[best].rate / want))) best = i;
  });
  return best;
};

/** One entrant's card: caption, board with its heat-map, counters, its place. */
class Card {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {RaceRun} run
   * @param {number} n 1-based
   * @param {string} levelText
   */
  constructor(game, run, n, levelText) {
    this.run = run;
    this.n = n;
    const id = (part) => `race-${n}-${part}`;
    this.place = h(`span.race-place#${id('place')}`);
    this.state = h(`span.small.muted#${id('state')}`);
    this.expanded = h(`dd#${id('expanded')}`, {}, '0');
    this.frontier = h(`dd#${id('frontier')}`, {}, '0');
    this.peak = h(`dd#${id('peak')}`, {}, '0');
    this.plan = h(`dd#${id('plan')}`, {}, '–');
    this.note = h(`p.small.race-note#${id('note')}`, { hidden: true });
    this.host = h(`div.race-board#${id('board')}`);
    this.root = h(`figure.race-card#race-card-${n}`, { dataset: { entrant: run.entrant.key } },
      h('figcaption.row-between', {}, h('span.race-label', {}, run.label), this.place),
      this.host,
      h('dl.race-counters', {},
        h('dt', {}, 'Expanded'), this.expanded,
        h('dt', { title: 'States on the open list after this expansion’s pushes, as the search debugger counts them' }, 'Frontier'), this.frontier,
        h('dt', { title: 'The longest the open list has been so far' }, 'Peak frontier'), this.peak,
        h('dt', {}, 'Plan'), this.plan),
      this.state, this.note);
    this.view = new SessionBoard(game, this.host, {
      id: `race-${n}`, canvasId: `race-${n}-canvas`, label: `${run.label}: the board with its heat-map`,
      overlay: () => (this.run.model ? { heat: this.run.heat() } : null),
    });
    this.view.load(levelText);
  }

  /**
   * The counters at the race's position (the run already synced).
   * @param {{unit: string, plan: (r: any) => string}} adapter
   * @param {Map<number, {place: number | null, why: string | null}>} places the finished runs'
   */
  render(adapter, places) {
    const r = this.run;
    setText(this.expanded, fmt(r.expanded));
    setText(this.frontier, fmt(r.frontier));
    setText(this.peak, fmt(r.peak));
    const done = places.get(this.n - 1);
    this.root.classList.toggle('finished', !!done);
    this.root.classList.toggle('failed', !!done && done.place == null);
    setText(this.place, !done ? '' : done.place != null ? ordinal(done.place) : '–');
    setText(this.plan, done && r.result ? planText(r.result, adapter) : '–');
    const states = { waiting: 'waiting to run', running: 'searching…', cancelled: 'cancelled', held: 'run the lab’s code first' };
    setText(this.state, r.state in states ? states[r.state]
      : r.state === 'error' ? 'failed'
      : done ? (done.place != null ? `found a plan after ${fmt(r.expansions)} expansions` : r.why)
      : `expanding (${fmt(r.expansions)} in all)`);
    const notes = [];
    if (r.state === 'error') notes.push(`The run failed: ${r.error}`);
    if (r.state === 'held') notes.push(`Not run: ${r.error}.`);
    if (r.truncated) notes.push(`The record ends after ${fmt(r.length)} expansions; the search made ${fmt(r.expansions)}.`);
    if (done && r.result && r.result.note) notes.push(r.result.note);
    this.note.hidden = !notes.length;
    setText(this.note, notes.join(' '));
    this.note.classList.toggle('bad', r.state === 'error');
    this.view.redraw();
  }

  dispose() {
    this.view.dispose();
  }
}

/**
 * A result's plan in words: its length, its cost when the tool gives one, its score.
 * @param {any} result
 * @param {{unit: string, plan: (r: any) => string}} adapter
 */
function planText(result, adapter) {
  const plan = adapter.plan(result) || '';
  const parts = [`${fmt(plan.length)} ${adapter.unit}`];
  if (result.cost != null) parts.push(`cost ${fmt(result.cost)}`);
  if (result.score != null) parts.push(`score ${fmt(result.score)}`);
  return parts.join(' · ');
}

export class RacePanel {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} panel the Solve tab
   * @param {import('./contracts.js').SolveAdapter} adapter
   */
  constructor(game, panel, adapter) {
    this.game = game;
    this.adapter = adapter;
    this.algorithms = raceAlgorithms(adapter.algorithms);
    /** Whether the game has the heuristic lab (its entrants offered). */
    this.lab = HeuristicLab.serves(adapter);
    /** @type {SolverClient | null} made at the first race */
    this.client = null;
    /** @type {{promise: Promise<any>, cancel: () => void} | null} a lab entrant's run under way */
    this.labJob = null;
    this.running = false;
    /** @type {Race | null} */
    this.race = null;
    /** @type {Card[]} */
    this.cards = [];
    /** the level the race ran on */
    this.raceText = null;
    /** the finished runs the finish order lists now */
    this.orderKey = '';
    /** @type {HTMLCanvasElement | null} the GIF's frame */
    this.frameCanvas = null;
    /** @type {SessionBoard[] | null} the recorded frame's boards (off screen, of a set size) */
    this.frameBoards = null;
    /** @type {HTMLElement | null} their hosts' parent */
    this.frameHost = null;
    this.selects = [];
    for (let i = 1; i <= MAX_ENTRANTS; i++) {
      const sel = h(`select#race-algo-${i}.race-algo`, { 'aria-label': `Entrant ${i}`, onchange: () => this.game.viewChanged() },
        h('option', { value: '' }, '—'),
        ...this.algorithms.map(([id, , long]) => h('option', { value: id }, long)),
        this.lab ? h('optgroup', { label: 'Heuristic lab' }, ...labEntrants(this.algorithms).map((e) => h('option', { value: e.key }, e.label))) : null);
      sel.value = DEFAULT_ALGOS[i - 1] || '';
      this.selects.push(sel);
    }
    this.startBtn = button('.btn.primary#race-start', { icon: 'play', label: 'Start', title: 'Run the entrants on this level, then race them', onclick: () => this.start() });
    this.cancelBtn = button('.btn#race-cancel', { icon: 'stop', label: 'Cancel', disabled: true, onclick: () => this.cancel() });
    this.status = h('p.small.tool-status#race-status', { 'aria-live': 'polite' });
    this.transport = new Transport(this, { speeds: RACE_SPEEDS, speed: 4 });
    this.bar = new TransportBar(this.transport, {
      prefix: 'race-', unit: 'expansion', posText: (k, n) => `${fmt(k)} / ${fmt(n)}`,
      titles: { play: 'Play / pause the race', step: 'One expansion of every running entrant', back: 'One expansion back', scrub: 'Expansions of every entrant' },
    });
    this.transport.addEventListener('change', () => {
      this.render();
      if (!this.transport.playing) this.game.viewChanged();
    });
    this.cardsEl = h('div.race-cards#race-cards');
    this.order = h('ol.race-order#race-order');
    this.stage = h('div.race-stage#race-stage', { hidden: true },
      this.cardsEl,
      this.bar.root,
      h('div.legend-ramp', {}, h('span', {}, 'expanded: 1'), h('div.ramp', { style: `background:${viridisGradient}` }), h('span', {}, 'most'),
        h('span.frontier-key', {}, 'frontier')),
      h('div.race-result', {}, h('h4', {}, 'Finish order'), this.order));
    this.root = h('details.race#race', { ontoggle: () => this.game.viewChanged() },
      h('summary', {}, 'Race: algorithms side by side'),
      h('p.small.muted', {}, `${MIN_ENTRANTS} to ${MAX_ENTRANTS} searches on the level on the board, with the Solve form’s goal and limits; one step is one expansion of every entrant still searching. The finish order is by expansions to the goal.`,
        this.lab ? ' The heuristic lab’s entrants race two heuristics: A* or greedy with the built-in h, h = 0, or the h in the lab’s code box.' : ''),
      h('div.race-form', {}, ...this.selects),
      h('div.row', {}, this.startBtn, this.cancelBtn),
      this.status,
      this.stage);
    panel.append(this.root);
    game.addEventListener('level', () => this.levelChanged());
    game.shell.onTab(() => this.placeStage());
    this.classes = new MutationObserver(() => this.placeStage());
    this.classes.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  /** The entrants chosen (each once). */
  entrants() {
    const ids = [...new Set(this.selects.map((s) => s.value).filter(Boolean))];
    return ids.map((id) => entrantFor(this.algorithms, id, this.lab)).filter(Boolean);
  }

  /** Run the entrants, then play the race. */
  async start() {
    if (await this.compute()) this.transport.play();
  }

  /**
   * Run every entrant's solve (one after another) and set the race up at its start;
   * resolves to whether a race is ready.
   */
  async compute() {
    if (this.running) return false;
    const entrants = this.entrants();
    if (entrants.length < MIN_ENTRANTS) {
      this.status.textContent = `Pick at least ${MIN_ENTRANTS} different entrants.`;
      return false;
    }
    this.clear();
    const text = this.game.levelText();
    const view = this.game.session.view();
    const cells = view.rows * view.cols;
    const base = this.game.solver ? this.game.solver.options() : {};
    const runs = entrants.map((e) => new RaceRun(e, cells));
    this.cards = runs.map((r, i) => new Card(this.game, r, i + 1, text));
    this.cardsEl.replaceChildren(...this.cards.map((c) => c.root));
    this.cardsEl.dataset.n = String(runs.length);
    this.race = new Race(runs);
    this.raceText = text;
    this.stage.hidden = false;
    if (!this.client) this.client = new SolverClient();
    this.running = true;
    this.startBtn.disabled = true;
    this.cancelBtn.disabled = false;
    let cancelled = false;
    try {
      for (const run of runs) {
        if (cancelled) {
          run.state = 'cancelled';
          continue;
        }
        run.state = 'running';
        this.status.textContent = `Running ${run.label} (${runs.indexOf(run) + 1} of ${runs.length})…`;
        this.renderCards();
        const options = { ...base, ...run.entrant.options, traceLimit: 0, recordLimit: RECORD_LIMIT };
        run.options = options;
        try {
          if (run.entrant.kind === 'lab') await this.runLabEntrant(run, text, options);
          else {
            const { result } = await this.client.run('solve', this.adapter.game, text, options, null);
            run.setResult(result, this.adapter.success(result));
          }
        } catch (err) {
          if (err && err.cancelled) {
            cancelled = true;
            run.state = 'cancelled';
          } else run.setError((err && err.message) || String(err));
        }
      }
    } finally {
      this.running = false;
      this.startBtn.disabled = false;
      this.cancelBtn.disabled = true;
    }
    if (this.raceText !== this.game.levelText()) {
      this.clear();
      this.status.textContent = 'The level changed during the race’s solves: press Start again.';
      return false;
    }
    this.status.textContent = cancelled ? 'Cancelled: the entrants that ran are shown.' : `${runs.length} entrants, with the Solve form’s goal and limits (each card’s title says them).`;
    for (const c of this.cards) if (c.run.options) c.root.title = `${c.run.label}: ${this.adapter.describe(c.run.options)}`;
    this.transport.setSpeed(speedFor(this.race.length));
    this.transport.seek(0);
    this.placeStage();
    this.game.viewChanged();
    return !cancelled;
  }

  /**
   * A lab entrant's run: the lab's worker (`runLab`, with its watchdog) on h =
   * `options.heuristic` ('builtin', 'zero', or 'code': what the lab's code box runs;
   * held when that code came from a link and is not yet agreed to).
   * @param {RaceRun} run
   * @param {string} text
   * @param {Record<string, any>} options
   */
  async runLabEntrant(run, text, options) {
    const { heuristic, ...solve } = options;
    let which = { code: '', builtin: heuristic };
    if (heuristic === 'code') {
      const lab = this.game.heuristicLab;
      if (!lab) throw new Error('this game has no heuristic lab');
      await lab.applied;
      const now = lab.current();
      if (now.held) {
        run.hold(now.held);
        return;
      }
      which = { code: now.code || '', builtin: now.builtin || null };
    }
    const job = runLab({ game: this.adapter.game, text, options: { ...solve, compare: false }, ...which });
    this.labJob = job;
    try {
      const result = asSolveResult(await job.promise);
      run.setResult(result, this.adapter.success(result));
    } finally {
      this.labJob = null;
    }
  }

  cancel() {
    if (!this.running) return;
    if (this.labJob) this.labJob.cancel();
    else if (this.client) this.client.cancel();
  }

  /** Drop the race (a new one, another level). */
  clear() {
    this.transport.cut();
    this.dropFrameBoards();
    for (const c of this.cards) c.dispose();
    this.cards = [];
    this.cardsEl.replaceChildren();
    this.order.replaceChildren();
    this.orderKey = '';
    this.race = null;
    this.raceText = null;
    this.stage.hidden = true;
    this.placeStage();
    this.transport.refresh();
  }

  levelChanged() {
    if (this.race && !this.running && this.raceText !== this.game.levelText()) {
      this.clear();
      this.status.textContent = 'The level changed: press Start to race on this one.';
    }
  }

  // ---- the transport's source ---------------------------------------------------------

  position() {
    return this.race ? this.race.pos : 0;
  }

  length() {
    return this.race && !this.running ? this.race.length : 0;
  }

  get rewinds() {
    return true;
  }

  /** @param {number} k */
  seek(k) {
    if (this.race) this.race.seek(k);
  }

  advance() {
    return !!this.race && !this.running && this.race.advance();
  }

  // ---- drawing ------------------------------------------------------------------------

  renderCards() {
    const places = new Map();
    if (this.race && !this.running) for (const o of this.race.order()) if (!this.race.runs[o.index].runningAt(this.race.pos)) places.set(o.index, o);
    for (const c of this.cards) {
      c.run.sync();
      c.render(this.adapter, places);
    }
    return places;
  }

  render() {
    if (!this.race) return;
    const places = this.renderCards();
    const race = this.race;
    const rows = this.running ? [] : race.order().filter((o) => places.has(o.index));
    this.order.classList.toggle('over', race.over);
    const key = rows.map((o) => o.index).join(',');
    if (key === this.orderKey) return;
    this.orderKey = key;
    this.order.replaceChildren(...rows.map((o) => h('li', { dataset: { place: o.place == null ? '' : String(o.place) } },
      h('b', {}, o.place != null ? ordinal(o.place) : '–'), ` ${o.label}: `,
      o.place != null ? `${fmt(o.expanded)} expansions` : o.why)));
  }

  /**
   * In the embed view the race, once run, takes the board's place (on the Solve tab);
   * elsewhere it stays in its section.
   */
  placeStage() {
    const frame = document.querySelector('.board-frame');
    const on = !!this.race && document.body.classList.contains('embed') && this.game.shell.activeTab() === 'solve' && !!frame;
    if (on && this.stage.parentElement !== frame) frame.append(this.stage);
    else if (!on && this.stage.parentElement !== this.root) this.root.append(this.stage);
    this.stage.classList.toggle('on-stage', on);
  }

  /** Whether the race is what the presenter's keys step: run, and on screen. */
  onScreen() {
    if (!this.race || this.running) return false;
    if (this.stage.classList.contains('on-stage')) return true;
    if (!this.root.open) return false;
    const r = this.stage.getBoundingClientRect();
    return r.height > 0 && r.bottom > 0 && r.top < innerHeight;
  }

  /**
   * The recorded frame's boards: one per card, off screen, FRAME_BOARD pixels on the
   * long side whatever the cards' size (made at the first frame, dropped with the race).
   * @returns {SessionBoard[]}
   */
  boardsForFrames() {
    if (this.frameBoards) return this.frameBoards;
    const v = this.cards.length ? this.cards[0].view.session.view() : { rows: 1, cols: 1 };
    const cell = Math.max(4, Math.floor(FRAME_BOARD / Math.max(v.rows, v.cols)));
    // The Board leaves 24 px of its host around the board.
    const size = `width:${v.cols * cell + 24}px;height:${v.rows * cell + 24}px`;
    this.frameHost = h('div.race-frame-boards', { 'aria-hidden': 'true', style: 'position:fixed;left:-100000px;top:0' });
    document.body.append(this.frameHost);
    this.frameBoards = this.cards.map((c) => {
      const host = h('div', { style: size });
      this.frameHost.append(host);
      const b = new SessionBoard(this.game, host, { id: `race-frame-${c.n}`, canvasId: `race-${c.n}-frame`, label: c.run.label, overlay: c.view.overlay });
      b.load(this.raceText);
      return b;
    });
    return this.frameBoards;
  }

  dropFrameBoards() {
    for (const b of this.frameBoards || []) b.dispose();
    if (this.frameHost) this.frameHost.remove();
    this.frameBoards = null;
    this.frameHost = null;
  }

  /**
   * The GIF's frame (slides.js): the entrants' boards drawn now, side by side (two
   * rows for three or four wide boards), each under its name, expansions and place.
   * @returns {HTMLCanvasElement}
   */
  recordFrame() {
    const canvases = this.boardsForFrames().map((b, i) => {
      this.cards[i].run.sync();
      b.board.draw();
      return b.canvas;
    });
    const w = Math.max(1, ...canvases.map((c) => c.width));
    const hb = Math.max(1, ...canvases.map((c) => c.height));
    const n = Math.max(1, canvases.length);
    const cols = n > 2 && w > hb * 1.2 ? 2 : n;
    const rows = Math.ceil(n / cols);
    const head = Math.max(14, Math.round(w * 0.08));
    const pad = Math.round(head / 2);
    const out = this.frameCanvas || (this.frameCanvas = document.createElement('canvas'));
    const W = cols * w + (cols + 1) * pad;
    const H = rows * (hb + head) + (rows + 1) * pad;
    if (out.width !== W || out.height !== H) {
      out.width = W;
      out.height = H;
    }
    const g = out.getContext('2d', { willReadFrequently: true });
    g.fillStyle = '#fff';
    g.fillRect(0, 0, W, H);
    const places = new Map(this.race && !this.running ? this.race.order().filter((o) => !this.race.runs[o.index].runningAt(this.race.pos)).map((o) => [o.index, o]) : []);
    g.textBaseline = 'middle';
    g.font = `600 ${Math.round(head * 0.55)}px system-ui, sans-serif`;
    canvases.forEach((c, i) => {
      const x = pad + (i % cols) * (w + pad);
      const y = pad + Math.floor(i / cols) * (hb + head + pad);
      const run = this.cards[i].run;
      const done = places.get(i);
      const place = done ? (done.place != null ? `${ordinal(done.place)} · ` : '– · ') : '';
      g.fillStyle = done && done.place == null ? '#a33' : '#111';
      g.fillText(`${place}${run.label}: ${fmt(run.expanded)} expanded`, x, y + head / 2);
      g.drawImage(c, x, y + head);
    });
    return out;
  }

  /** The GIF's largest side (slides.js). */
  get gifSide() {
    return GIF_SIDE;
  }

  // ---- the link -----------------------------------------------------------------------

  /** `r.algos` once the race is open or run; `r.run`, `r.pos` once run on this level. */
  viewState() {
    /** @type {Record<string, string>} */
    const v = {};
    if (!this.root.open && !this.race) return v;
    v['r.algos'] = this.entrants().map((e) => e.key).join(',');
    if (this.race && !this.running && this.raceText === this.game.levelText()) {
      v['r.run'] = '1';
      if (this.race.pos) v['r.pos'] = String(this.race.pos);
    }
    return v;
  }

  /** A link's race: its entrants in the form; `r.run=1` runs it and shows `r.pos`. */
  async applyView(view) {
    if (!('r.algos' in view)) return;
    const { entrants, problems } = parseAlgos(view['r.algos'], this.algorithms, this.lab);
    this.selects.forEach((s, i) => (s.value = entrants[i] ? entrants[i].key : ''));
    this.root.open = true;
    this.status.textContent = problems.length ? `The link’s race: ${problems.join('; ')}.` : '';
    if (view['r.run'] !== '1' || entrants.length < MIN_ENTRANTS) return;
    // The panels after this one (the heuristic lab) read the link first.
    await Promise.resolve();
    if (await this.compute()) this.transport.seek(viewInt(view, 'r.pos', 0));
    if (problems.length) this.status.textContent = `The link’s race: ${problems.join('; ')}.`;
  }

  /** For tests: the race's position and each entrant's counters and outcome. */
  info() {
    const race = this.race;
    if (race) for (const r of race.runs) r.sync();
    return {
      running: this.running,
      pos: race ? race.pos : 0,
      length: race ? race.length : 0,
      over: race ? race.over : false,
      onScreen: this.onScreen(),
      order: race && !this.running ? race.order() : [],
      entrants: race ? race.runs.map((r) => ({
        key: r.entrant.key, kind: r.entrant.kind, label: r.label, state: r.state, error: r.error, running: r.runningAt(race.pos),
        expanded: r.expanded, frontier: r.frontier, peak: r.peak, expansions: r.expansions, replayable: r.length,
        outcome: r.result ? r.result.outcome : null, plan: r.result ? this.adapter.plan(r.result) || '' : null, options: r.options,
      })) : [],
    };
  }

  dispose() {
    this.transport.dispose();
    this.classes.disconnect();
    this.dropFrameBoards();
    for (const c of this.cards) c.dispose();
    if (this.labJob) this.labJob.cancel();
    if (this.client) this.client.dispose();
  }
}

/**
 * The Solve tab's race, for a game with a solve adapter whose spec can draw a session
 * at rest (`judge.scene`); null otherwise.
 * @param {import('./game-base.js').GameBase<any>} game
 * @param {HTMLElement} panel
 */
export function mountRace(game, panel) {
  const { spec } = game;
  return spec.solve && spec.judge && spec.judge.scene ? new RacePanel(game, panel, spec.solve) : null;
}
