// The Compare panel: several algorithms, one after another in a worker, on the same
// level and goal; a side-by-side table (metrics × algorithms) with the optimal plan
// length highlighted. Game-agnostic through the game's solve adapter (see
// solver-panel.js).

import { h, button, fmt, fmtMs } from './ui.js';
import { SolverClient } from './solver-client.js';
import { formState, applyFormState, markDefaults } from './view-state.js';
import { COURSE_ALGORITHMS } from './solve-common.js';

export class ComparePanel {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} panel
   * @param {import('./contracts.js').SolveAdapter} adapter
   */
  constructor(game, panel, adapter) {
    this.game = game;
    this.panel = panel;
    this.adapter = adapter;
    this.algorithms = adapter.algorithms;
    this.client = null;
    this.running = false;
    this.rows = [];
    this.build();
    game.addEventListener('level', () => this.markStale());
  }

  build() {
    this.checks = {};
    const boxes = h('div.algo-checks');
    for (const [id, short, long] of this.algorithms) {
      // The course's searches are ticked at first; the others (IDA* can take long) on request.
      const cb = h(`input#cmp-${id}.cmp-algo`, { type: 'checkbox', value: id, checked: id !== 'random' && COURSE_ALGORITHMS.includes(id) });
      this.checks[id] = cb;
      boxes.append(h('label.check', { title: long }, cb, ` ${short}`));
    }
    this.controls = this.adapter.compareControls();
    this.maxStates = h('input#cmp-max-states', { type: 'number', min: '1000', step: '1000', value: '2000000' });
    this.runBtn = button('.btn.primary#compare-run', { icon: 'bolt', label: 'Run comparison', onclick: () => this.run() });
    this.cancelBtn = button('.btn#compare-cancel', { icon: 'stop', label: 'Cancel', disabled: true, onclick: () => this.cancel() });
    this.summary = h('p.summary#compare-summary');
    this.tableWrap = h('div.table-wrap');
    this.form = h('div.compare-form', { onchange: () => this.game.viewChanged() },
      h('h3', {}, 'Algorithms'),
      boxes,
      h('div.grid2', {},
        ...this.controls.nodes,
        h('label.field', {}, h('span', {}, 'Max states each'), this.maxStates)));
    this.panel.replaceChildren(
      this.form,
      h('div.row', {}, this.runBtn, this.cancelBtn),
      this.summary,
      this.tableWrap,
      h('p.muted.small', {}, this.adapter.compareNote),
    );
    this.renderTable();
    markDefaults(this.form);
  }

  selected() {
    return this.algorithms.map((a) => a[0]).filter((id) => this.checks[id].checked);
  }

  async run() {
    if (this.running) return;
    const algos = this.selected();
    if (!algos.length) {
      this.summary.textContent = 'Tick at least one algorithm.';
      return;
    }
    if (!this.client) this.client = new SolverClient();
    const text = this.game.levelText();
    this.text = text;
    this.goalValue = this.controls.options();
    this.goalText = this.controls.describe();
    this.rows = algos.map((id) => ({ id, state: 'waiting' }));
    this.running = true;
    this.runBtn.disabled = true;
    this.cancelBtn.disabled = false;
    this.summary.textContent = `Running ${algos.length} solvers for ${this.goalText}…`;
    this.renderTable();
    for (const row of this.rows) {
      if (!this.running) break;
      row.state = 'running';
      this.renderTable();
      const options = {
        solver: row.id,
        ...this.goalValue,
        maxStates: Math.max(1, Math.round(Number(this.maxStates.value) || 2000000)),
        seed: 1,
        traceLimit: 0,
      };
      row.options = options;
      try {
        const { result } = await this.client.solve(text, options, (stats) => {
          row.live = stats;
          this.renderTable();
        }, this.adapter.game);
        row.result = result;
        row.state = 'done';
      } catch (err) {
        row.state = err && err.cancelled ? 'cancelled' : 'error';
        row.error = err && err.message;
      }
      this.renderTable();
    }
    this.running = false;
    this.runBtn.disabled = false;
    this.cancelBtn.disabled = true;
    this.renderSummary();
  }

  cancel() {
    if (!this.running) return;
    this.running = false;
    this.client.cancel();
    for (const r of this.rows) if (r.state === 'waiting') r.state = 'skipped';
    this.renderTable();
  }

  markStale() {
    if (this.rows.length && this.text !== this.game.levelText()) {
      this.summary.textContent = 'The level changed since this comparison: run it again.';
      this.summary.className = 'summary warn';
    }
  }

  ok(r) {
    return !!(r.result && this.adapter.success(r.result));
  }

  len(result) {
    return (this.adapter.plan(result) || '').length;
  }

  best() {
    const lengths = this.rows.filter((r) => this.ok(r)).map((r) => this.len(r.result));
    return lengths.length ? Math.min(...lengths) : null;
  }

  renderSummary() {
    const best = this.best();
    const unit = this.adapter.unit;
    const optimal = this.adapter.optimal(this.goalValue);
    const exact = this.rows.filter((r) => optimal.includes(r.id) && this.ok(r));
    const lens = new Set(exact.map((r) => this.len(r.result)));
    let text;
    let cls = 'summary';
    if (best === null) {
      text = 'No algorithm met the goal within its limits.';
      cls += ' warn';
    } else if (exact.length >= 2 && lens.size === 1) {
      text = `✓ ${exact.map((r) => this.label(r.id)).join(', ')} agree: the fewest-${unit} plan has ${best} ${unit}.`;
      cls += ' ok';
    } else if (lens.size > 1) {
      text = `⚠ The optimal solvers disagree on the plan length (${[...lens].join(' vs ')}).`;
      cls += ' bad';
    } else {
      text = `Shortest plan found: ${best} ${unit}.`;
    }
    if (this.adapter.summaryExtra) text += this.adapter.summaryExtra(this.rows, this.goalValue);
    this.summary.textContent = text;
    this.summary.className = cls;
  }

  renderTable() {
    const rows = this.rows;
    const table = h('table#compare-table.compare');
    if (!rows.length) {
      table.append(h('tbody', {}, h('tr', {}, h('td.muted', {}, 'Pick algorithms and press "Run comparison".'))));
      this.tableWrap.replaceChildren(table);
      return;
    }
    const best = this.best();
    const done = rows.filter((r) => r.result);
    const searched = done.filter((r) => r.id !== 'random');
    const maxOf = (f) => Math.max(1, ...searched.map((r) => f(r.result)));
    const minOf = (f) => Math.min(...searched.map((r) => f(r.result)));
    const head = h('tr', {}, h('th', {}, ''), ...rows.map((r) => h('th', { scope: 'col', dataset: { algo: r.id } }, this.label(r.id))));
    /** @type {(name: string, fn: (res: any) => any, opts?: {bar?: (res: any) => number, best?: (res: any) => number, search?: boolean}) => HTMLElement} */
    const metric = (name, fn, { bar, best: isBest, search = false } = {}) => h('tr', {}, h('th', { scope: 'row' }, name), ...rows.map((r) => {
      if (!r.result) return h('td.muted', {}, name === 'Outcome' ? stateText(r) : '');
      if (search && r.id === 'random') return h('td.muted', { title: 'the random solver does not search' }, '–');
      const v = fn(r.result);
      const td = h('td', {}, v.text ?? String(v));
      if (bar) td.append(h('div.mini-bar', { style: `width:${Math.max(2, (100 * bar(r.result)) / maxOf(bar))}%` }));
      if (isBest && searched.length > 1 && r.id !== 'random' && isBest(r.result) === minOf(isBest)) td.classList.add('best');
      return td;
    }));
    const body = h('tbody', {},
      metric('Outcome', (res) => ({ text: SHORT[res.outcome] || res.outcome })),
      metric(this.adapter.successLabel, (res) => ({ text: this.adapter.success(res) ? 'yes' : 'no' })),
      h('tr.plan-row', {}, h('th', { scope: 'row' }, 'Plan length'), ...rows.map((r) => {
        if (!r.result) return h('td.muted', {}, '');
        const plan = this.adapter.plan(r.result) || '';
        const opt = this.ok(r) && best !== null && plan.length === best;
        return h(`td${opt ? '.optimal' : ''}`, { title: plan }, String(plan.length), opt ? h('span.badge', {}, 'shortest') : null);
      })),
      metric('Score', (res) => res.score),
      metric('Expanded', (res) => ({ text: fmt(res.stats.expanded) }), { bar: (res) => res.stats.expanded, best: (res) => res.stats.expanded, search: true }),
      metric('Generated', (res) => ({ text: fmt(res.stats.generated) }), { bar: (res) => res.stats.generated, search: true }),
      metric('Peak frontier', (res) => ({ text: fmt(res.stats.peakFrontier) }), { bar: (res) => res.stats.peakFrontier, search: true }),
      metric('Duplicates', (res) => ({ text: fmt(res.stats.duplicates) }), { search: true }),
      metric('Time', (res) => ({ text: fmtMs(res.stats.elapsedMs).replace(' ', '\u202f') }), { bar: (res) => res.stats.elapsedMs, best: (res) => res.stats.elapsedMs }),
      h('tr', {}, h('th', { scope: 'row' }, ''), ...rows.map((r) => h('td', {}, r.result && this.adapter.plan(r.result)
        ? button('.btn.small.ghost', { label: 'Show', title: 'Open this plan in the Solve tab', onclick: () => this.show(r) })
        : ''))),
    );
    table.append(h('thead', {}, head), body);
    this.tableWrap.replaceChildren(table);
  }

  show(row) {
    this.game.shell.selectTab('solve');
    this.game.solver.showCompared(row.result, this.text, row.options);
  }

  /** The comparison's form in a link (the table is not: press Run again). */
  viewState() {
    return formState(this.form, 'c.');
  }

  applyView(view) {
    applyFormState(this.form, 'c.', view);
  }

  label(id) {
    return (this.algorithms.find((a) => a[0] === id) || [id, id])[1];
  }

  dispose() {
    this.running = false;
    if (this.client) this.client.dispose();
  }
}

const SHORT = { found: 'found', no_plan: 'no plan', limit_reached: 'limit', cancelled: 'cancelled' };

function stateText(r) {
  if (r.state === 'running') return r.live ? `running… ${fmt(r.live.expanded)}` : 'running…';
  if (r.state === 'error') return `error: ${r.error || ''}`;
  return r.state;
}

