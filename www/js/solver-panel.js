// The Solve panel: algorithm, goal and limits; runs the wasm solver in a Web Worker
// with live progress and cancel; shows the result, the plan player and the search
// replay (heat-map). Game-agnostic: the game's solve adapter (games/<id>/<id>-solve.js) gives
// the worker key, the algorithms, the goal and limit controls, the presets and how a
// result reads (plan, success, statistics).

import { h, button, fmt, fmtMs } from './ui.js';
import { SolverClient } from './solver-client.js';
import { PlanPlayer } from './plan-player.js';
import { TracePanel } from './trace-panel.js';
import { SearchDebugger, DEFAULT_SPEED as DEBUGGER_SPEED } from './search-debugger.js';
import { formState, applyFormState, markDefaults, viewInt } from './view-state.js';

export const labelOf = (algorithms, id) => (algorithms.find((a) => a[0] === id) || [id, id])[1];

export const OUTCOMES = {
  found: ['Plan found', 'ok'],
  no_plan: ['No plan', 'bad'],
  limit_reached: ['Limit reached', 'warn'],
  cancelled: ['Cancelled', 'warn'],
};

export const TRACE_LIMIT = 200000;
/** Most events of the debugger's record (about 4 MB of typed arrays). */
export const RECORD_LIMIT = 200000;

export class SolverPanel {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} panel
   * @param {import('./contracts.js').SolveAdapter} adapter
   */
  constructor(game, panel, adapter) {
    this.game = game;
    this.panel = panel;
    this.adapter = adapter;
    this.client = new SolverClient();
    this.running = false;
    this.plan = '';
    this.solvedText = null;
    this.build();
    game.addEventListener('level', () => this.levelChanged());
  }

  build() {
    const a = this.adapter;
    const field = (label, control, cls = '') => h(`label.field${cls}`, {}, h('span', {}, label), control);
    this.algo = h('select#algo', { onchange: () => this.syncAlgo() }, ...a.algorithms.map(([v, , l]) => h('option', { value: v }, l)));
    this.controls = a.controls();
    this.seed = h('input#seed', { type: 'number', min: '0', value: '1' });
    this.recordTrace = h('input#record-trace', { type: 'checkbox', checked: true });
    this.preset = a.presets && a.presets.length
      ? h('select#preset', { 'aria-label': 'Assignment preset', onchange: () => this.applyPreset() },
        ...a.presets.map(([v, l]) => h('option', { value: v }, l)))
      : null;
    this.solveBtn = button('.btn.primary#solve', { icon: 'bolt', label: 'Solve', onclick: () => this.solve() });
    this.form = h('div.solve-form');
    this.cancelBtn = button('.btn#cancel', { icon: 'stop', label: 'Cancel', disabled: true, onclick: () => this.cancel() });
    this.progress = h('div.progress#progress', { hidden: true });
    this.result = h('div.result#result', { hidden: true });
    this.randomFields = h('div.grid2.only-random', {},
      field('Seed', h('div.input-btn', {}, this.seed,
        button('.btn.small.ghost#random-seed', { label: 'New', title: 'A random seed', onclick: () => (this.seed.value = String(this.game.api.random_seed())) }))),
      ...this.controls.random);
    this.form.replaceChildren(...[
      h('div.grid2', {}, field('Algorithm', this.algo), ...this.controls.main),
      this.randomFields,
      h('details.limits', {}, h('summary', {}, 'Limits and recording'),
        h('div.grid2', {}, ...this.controls.limits),
        h('label.check', {}, this.recordTrace, ` Record the search for the heat-map and the debugger (up to ${fmt(TRACE_LIMIT)} events)`)),
    ].filter(Boolean));
    this.form.addEventListener('change', () => this.game.viewChanged());
    this.panel.replaceChildren(...[
      this.preset,
      this.form,
      h('div.row', {}, this.solveBtn, this.cancelBtn),
      this.progress,
      this.result,
    ].filter(Boolean));
    this.player = new PlanPlayer(this.game, this.panel);
    this.trace = new TracePanel(this.game, this.panel);
    this.debugger = new SearchDebugger(this.game, this.panel, { trace: this.trace });
    for (const t of [this.player.transport, this.trace.transport, this.debugger.transport]) t.addEventListener('change', () => !t.playing && this.game.viewChanged());
    this.syncAlgo();
    markDefaults(this.form);
  }

  /** The form, whether a result is shown, and the plan and search replay positions. */
  viewState() {
    const v = formState(this.form, 's.');
    if (this.solvedText !== null && this.solvedText === this.game.levelText()) {
      v['s.solved'] = '1';
      if (this.player.pos) v['s.plan'] = String(this.player.pos);
      const r = this.trace.replay;
      if (r && r.expandedTotal !== r.expansions) v['s.trace'] = String(r.expandedTotal);
      if (!this.trace.toggle.checked) v['s.heat'] = '0';
      const dbg = this.debugger.transport;
      if (this.debugger.position() > 0) v['s.dbg'] = String(this.debugger.position());
      if (dbg.speedIndex !== DEBUGGER_SPEED) v['s.dbgspeed'] = String(dbg.speedIndex);
      if (this.debugger.followBox.checked) v['s.dbgfollow'] = '1';
    }
    return v;
  }

  /** Set the form from a link; `s.solved` solves again and restores the positions. */
  async applyView(view) {
    applyFormState(this.form, 's.', view);
    this.syncAlgo();
    if (view['s.solved'] !== '1') return;
    await this.solve();
    if (this.trace.replay && 's.trace' in view) this.trace.transport.seek(viewInt(view, 's.trace', this.trace.replay.expansions));
    if (view['s.heat'] === '0' && this.trace.toggle.checked) this.trace.toggleHeat();
    if ('s.dbgspeed' in view) this.debugger.transport.setSpeed(viewInt(view, 's.dbgspeed', DEBUGGER_SPEED));
    if ('s.dbg' in view) this.debugger.transport.seek(viewInt(view, 's.dbg', 0));
    if (this.plan && 's.plan' in view) this.player.transport.seek(viewInt(view, 's.plan', 0));
    // Following the debugger: the board at its step (after the plan's, which replays).
    if (view['s.dbgfollow'] === '1' && this.debugger.model) {
      this.debugger.followBox.checked = true;
      this.debugger.follow();
    }
  }

  syncAlgo() {
    if (this.debugger) this.debugger.clearVerdict();
    this.randomFields.hidden = this.algo.value !== 'random';
    this.controls.sync(this.algo.value);
  }

  applyPreset() {
    const p = this.adapter.presets.find((x) => x[0] === this.preset.value);
    this.preset.value = '';
    if (!p || !p[2]) return;
    const o = p[2];
    this.algo.value = o.algo;
    this.controls.apply(o);
    this.syncAlgo();
  }

  options() {
    return {
      solver: this.algo.value,
      ...this.controls.options(),
      seed: Math.max(0, Math.round(Number(this.seed.value) || 0)),
      traceLimit: this.recordTrace.checked ? TRACE_LIMIT : 0,
      recordLimit: this.recordTrace.checked ? RECORD_LIMIT : 0,
    };
  }

  async solve() {
    if (this.running) return;
    const text = this.game.levelText();
    const options = this.options();
    this.running = true;
    this.solveBtn.disabled = true;
    this.cancelBtn.disabled = false;
    this.forget();
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
      }, this.adapter.game);
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

  /**
   * Show a result (also used by the Compare panel's "show" buttons).
   * @param {any} result
   * @param {Uint32Array | null} trace
   * @param {string} text the level solved
   * @param {Record<string, any>} options
   * @param {{why?: string}} [extra] why: the note when there is no plan
   */
  showResult(result, trace, text, options, { why: whyNone } = {}) {
    const a = this.adapter;
    const [label, kind] = OUTCOMES[result.outcome] || [result.outcome, 'warn'];
    const stale = text !== this.game.levelText();
    const plan = a.plan(result) || '';
    const ok = a.success(result);
    this.result.hidden = false;
    this.result.replaceChildren(...[
      h('div.row-between', {},
        h(`div.outcome.${kind}#outcome`, { dataset: { outcome: result.outcome } }, label),
        h('span.muted.small', {}, `${labelOf(a.algorithms, options.solver)}, ${a.describe(options)}`,
          h(ok ? 'span.goal-ok' : 'span.goal-no', {}, a.successText(ok)))),
      h('dl.stats', {}, ...a.statsRows(result, options.solver).flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))])),
      result.note ? h('p.note#solve-note', {}, result.note) : null,
      stale ? h('p.note.warn', {}, 'The level changed since this solve: the plan is not shown.') : null,
    ].filter(Boolean));
    if (stale) return;
    this.solvedText = text;
    this.plan = plan;
    this.player.setPlan(plan ? result : null, plan);
    if (!plan) this.player.clear();
    const why = whyNone || (options.solver === 'random' ? 'The random solver plays at random without searching: no search trace.'
      : !options.traceLimit ? 'No search trace: tick "Record the search" (under Limits) before solving.'
      : trace ? 'The search expanded no states: nothing to replay.' : 'No search trace for this result.');
    const s = result.stats || {};
    this.trace.setTrace(trace, {
      truncated: result.traceTruncated, cells: this.game.view.rows * this.game.view.cols, why,
      total: (s.expanded || 0) + (s.generated || 0), expansions: s.expanded || 0,
    });
    this.debugger.setRecord(result.record || null, options.solver, result.outcome === 'found');
    // The state-space view (state-space-view.js) draws the graph of the options solved.
    this.solvedOptions = options;
    this.game.dispatchEvent(new CustomEvent('solved', { detail: { text, options } }));
  }

  /** Drop the shown plan and search replay (a new solve, a cancel, another level). */
  forget() {
    this.solvedText = null;
    this.plan = '';
    this.player.clear();
    this.trace.clear();
    this.debugger.clear();
  }

  /** A result from the Compare panel: its algorithm in the form, its plan to play. */
  showCompared(result, text, options) {
    this.algo.value = options.solver;
    this.syncAlgo();
    this.showResult(result, null, text, options, {
      why: 'The Compare tab does not record searches: press Solve to record this one for the heat-map.',
    });
    this.game.viewChanged();
  }

  levelChanged() {
    if (this.solvedText !== null && this.solvedText !== this.game.levelText()) {
      this.forget();
      if (!this.result.hidden) this.result.prepend(h('p.note.warn', {}, 'The level changed: this result belongs to the previous level.'));
    }
  }

  /** What the presenter's keys step: the debugger on screen, else the heat-map's replay. */
  searchTransport() {
    if (this.debugger.onScreen()) return this.debugger.transport;
    return this.trace.replay && this.trace.toggle.checked ? this.trace.transport : null;
  }

  togglePlay() {
    return this.player.togglePlay();
  }

  /** Stop everything (the game is being unmounted). */
  dispose() {
    this.player.dispose();
    this.trace.transport.dispose();
    this.client.dispose();
  }
}

