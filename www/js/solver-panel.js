// The Solve panel: algorithm, goal and limits; runs the wasm solver in a Web Worker
// with live progress and cancel; shows the result, the plan player and the search
// replay (heat-map).

import { h, button, fmt, fmtMs } from './ui.js';
import { SolverClient } from './solver-client.js';
import { PlanPlayer } from './plan-player.js';
import { TracePanel } from './trace-panel.js';

export const ALGORITHMS = [
  ['astar', 'A*', 'A*'],
  ['bfs', 'BFS', 'Breadth-first (BFS)'],
  ['iddfs', 'ID-DFS', 'Iterative deepening (ID-DFS)'],
  ['greedy', 'Greedy', 'Greedy best-first'],
  ['random', 'Random', 'Random moves'],
];
export const algoLabel = (id) => (ALGORITHMS.find((a) => a[0] === id) || [id, id])[1];

const PRESETS = [
  ['', 'Course assignment presets…'],
  ['1', 'A1: random, at most 6 moves', { algo: 'random', kind: 'atleast', n: 1 }],
  ['2', 'A2: BFS, at least 8 fish', { algo: 'bfs', kind: 'atleast', n: 8 }],
  ['3', 'A3: ID-DFS, at least 20 fish', { algo: 'iddfs', kind: 'atleast', n: 20 }],
  ['4', 'A4: greedy, at least 20 fish', { algo: 'greedy', kind: 'atleast', n: 20 }],
  ['5', 'A5: A*, all fish, fewest moves', { algo: 'astar', kind: 'all' }],
];

export const OUTCOMES = {
  found: ['Plan found', 'ok'],
  no_plan: ['No plan', 'bad'],
  limit_reached: ['Limit reached', 'warn'],
  cancelled: ['Cancelled', 'warn'],
};

export const TRACE_LIMIT = 200000;

/** Goal controls (kind select + N input), shared with the Compare panel. */
export function goalControls(prefix) {
  const kind = h(`select#${prefix}goal-kind`, { 'aria-label': 'Goal' },
    h('option', { value: 'all' }, 'All fish'),
    h('option', { value: 'atleast' }, 'At least N'));
  const n = h(`input#${prefix}goal-n`, { type: 'number', min: '0', value: '8', 'aria-label': 'N fish' });
  const sync = () => (n.disabled = kind.value !== 'atleast');
  kind.addEventListener('change', sync);
  sync();
  return {
    kind, n, sync,
    value: () => (kind.value === 'atleast' ? { at_least: Math.max(0, Math.round(Number(n.value) || 0)) } : 'all'),
    describe: () => (kind.value === 'atleast' ? `at least ${n.value} fish` : 'all fish'),
  };
}

export function statsRows(r, solver) {
  const s = r.stats || {};
  if (solver === 'random') {
    return [['Plan length', r.moves.length], ['Score', r.score], ['Final status', r.status], ['Time', fmtMs(s.elapsedMs)]];
  }
  return [
    ['Plan length', r.moves.length],
    ['Score', r.score],
    ['Final status', r.status],
    ['Expanded', fmt(s.expanded)],
    ['Generated', fmt(s.generated)],
    ['Peak frontier', fmt(s.peakFrontier)],
    ['Duplicates', fmt(s.duplicates)],
    ['Stored', fmt(s.stored)],
    ['Depth', fmt(s.depth)],
    ['Time', fmtMs(s.elapsedMs)],
  ];
}

export class SolverPanel {
  constructor(game, panel) {
    this.game = game;
    this.panel = panel;
    this.client = new SolverClient();
    this.running = false;
    this.plan = '';
    this.solvedText = null;
    this.build();
    game.addEventListener('level', () => this.levelChanged());
  }

  build() {
    const field = (label, control, cls = '') => h(`label.field${cls}`, {}, h('span', {}, label), control);
    this.algo = h('select#algo', { onchange: () => this.syncAlgo() }, ...ALGORITHMS.map(([v, , l]) => h('option', { value: v }, l)));
    this.goal = goalControls('');
    this.maxStates = h('input#max-states', { type: 'number', min: '1000', step: '1000', value: '2000000' });
    this.maxDepth = h('input#max-depth', { type: 'number', min: '1', value: '1000' });
    this.seed = h('input#seed', { type: 'number', min: '0', value: '1' });
    this.randomMoves = h('input#random-moves', { type: 'number', min: '1', value: '6' });
    this.recordTrace = h('input#record-trace', { type: 'checkbox', checked: true });
    this.preset = h('select#preset', { 'aria-label': 'Assignment preset', onchange: () => this.applyPreset() },
      ...PRESETS.map(([v, l]) => h('option', { value: v }, l)));
    this.solveBtn = button('.btn.primary#solve', { icon: 'bolt', label: 'Solve', onclick: () => this.solve() });
    this.cancelBtn = button('.btn#cancel', { icon: 'stop', label: 'Cancel', disabled: true, onclick: () => this.cancel() });
    this.progress = h('div.progress#progress', { hidden: true });
    this.result = h('div.result#result', { hidden: true });
    this.randomFields = h('div.grid2.only-random', {},
      field('Seed', h('div.input-btn', {}, this.seed,
        button('.btn.small.ghost#random-seed', { label: 'New', title: 'A random seed', onclick: () => (this.seed.value = String(this.game.api.random_seed())) }))),
      field('Moves at most', this.randomMoves));
    this.panel.replaceChildren(
      this.preset,
      h('div.grid2', {}, field('Algorithm', this.algo), field('Goal', h('div.goal', {}, this.goal.kind, this.goal.n))),
      this.randomFields,
      h('details.limits', {}, h('summary', {}, 'Limits and recording'),
        h('div.grid2', {}, field('Max states', this.maxStates), field('Max depth', this.maxDepth)),
        h('label.check', {}, this.recordTrace, ` Record the search for the heat-map (up to ${fmt(TRACE_LIMIT)} events)`)),
      h('div.row', {}, this.solveBtn, this.cancelBtn),
      this.progress,
      this.result,
    );
    this.player = new PlanPlayer(this.game, this.panel);
    this.trace = new TracePanel(this.game, this.panel);
    this.syncAlgo();
  }

  syncAlgo() {
    this.randomFields.hidden = this.algo.value !== 'random';
  }

  applyPreset() {
    const p = PRESETS.find((x) => x[0] === this.preset.value);
    this.preset.value = '';
    if (!p || !p[2]) return;
    const o = p[2];
    this.algo.value = o.algo;
    this.goal.kind.value = o.kind;
    if (o.n != null) this.goal.n.value = String(o.n);
    this.goal.sync();
    this.syncAlgo();
  }

  options() {
    return {
      solver: this.algo.value,
      goal: this.goal.value(),
      maxStates: Math.max(1, Math.round(Number(this.maxStates.value) || 2000000)),
      maxDepth: Math.max(1, Math.round(Number(this.maxDepth.value) || 1000)),
      seed: Math.max(0, Math.round(Number(this.seed.value) || 0)),
      randomMoves: Math.max(1, Math.round(Number(this.randomMoves.value) || 6)),
      traceLimit: this.recordTrace.checked ? TRACE_LIMIT : 0,
    };
  }

  async solve() {
    if (this.running) return;
    const text = this.game.levelText();
    const options = this.options();
    this.running = true;
    this.solveBtn.disabled = true;
    this.cancelBtn.disabled = false;
    this.result.hidden = true;
    const t0 = performance.now();
    let last = null;
    const render = () => this.showProgress(last, performance.now() - t0, options);
    render();
    const timer = setInterval(render, 100);
    try {
      const { result, trace } = await this.client.solve(text, options, (stats) => {
        last = stats;
        render();
      });
      this.showResult(result, trace, text, options);
    } catch (err) {
      if (err && err.cancelled) this.showMessage(`Cancelled after ${fmtMs(performance.now() - t0)}.`, 'warn');
      else this.showMessage(`The solver stopped: ${(err && err.message) || err}`, 'bad');
    } finally {
      clearInterval(timer);
      this.running = false;
      this.solveBtn.disabled = false;
      this.cancelBtn.disabled = true;
      this.progress.hidden = true;
    }
  }

  cancel() {
    if (this.running) this.client.cancel();
  }

  showProgress(stats, elapsed, options) {
    const s = stats || {};
    const rate = s.expanded && elapsed > 0 ? (s.expanded / elapsed) * 1000 : 0;
    this.progress.hidden = false;
    this.progress.replaceChildren(
      h('div.bar', {}, h('div.bar-fill')),
      h('div.progress-grid', {},
        h('span', {}, 'Expanded'), h('b#progress-expanded', {}, fmt(s.expanded || 0)),
        h('span', {}, 'Frontier'), h('b', {}, `${fmt(s.frontier || 0)} (peak ${fmt(s.peakFrontier || 0)})`),
        h('span', {}, 'Stored'), h('b', {}, `${fmt(s.stored || 0)} / ${fmt(options.maxStates)}`),
        h('span', {}, 'Elapsed'), h('b#progress-elapsed', {}, fmtMs(elapsed)),
        h('span', {}, 'Rate'), h('b', {}, rate ? `${fmt(Math.round(rate))} states/s` : '–')),
    );
  }

  showMessage(text, kind) {
    this.result.hidden = false;
    this.result.replaceChildren(h(`div.outcome.${kind}`, {}, text));
  }

  /** Show a result (also used by the Compare panel's "show" buttons). */
  showResult(result, trace, text, options) {
    const [label, kind] = OUTCOMES[result.outcome] || [result.outcome, 'warn'];
    const stale = text !== this.game.levelText();
    this.result.hidden = false;
    this.result.replaceChildren(...[
      h('div.row-between', {},
        h(`div.outcome.${kind}#outcome`, { dataset: { outcome: result.outcome } }, label),
        h('span.muted.small', {}, `${algoLabel(options.solver)}, goal: ${describeGoal(options.goal)}`,
          result.goalMet ? h('span.goal-ok', {}, ' · goal met') : h('span.goal-no', {}, ' · goal not met'))),
      h('dl.stats', {}, ...statsRows(result, options.solver).flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))])),
      result.note ? h('p.note#solve-note', {}, result.note) : null,
      stale ? h('p.note.warn', {}, 'The level changed since this solve: the plan is not shown.') : null,
    ].filter(Boolean));
    if (stale) return;
    this.solvedText = text;
    this.plan = result.moves;
    this.player.setPlan(result.moves ? result : null);
    if (!result.moves) this.player.clear();
    const why = options.solver === 'random' ? 'The random solver plays moves without searching: no search trace.'
      : !options.traceLimit ? 'No search trace: tick "Record the search" (under Limits) before solving.'
      : trace ? 'The search expanded no states: nothing to replay.' : 'No search trace for this result.';
    this.trace.setTrace(trace, { truncated: result.traceTruncated, cells: this.game.view.rows * this.game.view.cols, why });
  }

  levelChanged() {
    if (this.solvedText !== null && this.solvedText !== this.game.levelText()) {
      this.solvedText = null;
      this.plan = '';
      this.player.clear();
      this.trace.clear();
      if (!this.result.hidden) this.result.prepend(h('p.note.warn', {}, 'The level changed: this result belongs to the previous level.'));
    }
  }

  togglePlay() {
    return this.player.togglePlay();
  }
}

export function describeGoal(goal) {
  return goal && goal.at_least != null ? `at least ${goal.at_least} fish` : 'all fish';
}

