// The Compare panel: several algorithms, one after another in a worker, on the same
// level and goal; a side-by-side table (metrics × algorithms) with the optimal plan
// length highlighted.

import { h, button, fmt, fmtMs } from './ui.js';
import { SolverClient } from './solver-client.js';
import { ALGORITHMS, goalControls, describeGoal } from './solver-panel.js';

const OPTIMAL = ['bfs', 'iddfs', 'astar']; // return fewest-moves plans for the goal

export class ComparePanel {
  constructor(game, panel) {
    this.game = game;
    this.panel = panel;
    this.client = null;
    this.running = false;
    this.rows = [];
    this.build();
    game.addEventListener('level', () => this.markStale());
  }

  build() {
    this.checks = {};
    const boxes = h('div.algo-checks');
    for (const [id, short, long] of ALGORITHMS) {
      const cb = h(`input#cmp-${id}.cmp-algo`, { type: 'checkbox', value: id, checked: id !== 'random' });
      this.checks[id] = cb;
      boxes.append(h('label.check', { title: long }, cb, ` ${short}`));
    }
    this.goal = goalControls('cmp-');
    this.maxStates = h('input#cmp-max-states', { type: 'number', min: '1000', step: '1000', value: '2000000' });
    this.runBtn = button('.btn.primary#compare-run', { icon: 'bolt', label: 'Run comparison', onclick: () => this.run() });
    this.cancelBtn = button('.btn#compare-cancel', { icon: 'stop', label: 'Cancel', disabled: true, onclick: () => this.cancel() });
    this.summary = h('p.summary#compare-summary');
    this.tableWrap = h('div.table-wrap');
    this.panel.replaceChildren(
      h('h3', {}, 'Algorithms'),
      boxes,
      h('div.grid2', {},
        h('label.field', {}, h('span', {}, 'Goal'), h('div.goal', {}, this.goal.kind, this.goal.n)),
        h('label.field', {}, h('span', {}, 'Max states each'), this.maxStates)),
      h('div.row', {}, this.runBtn, this.cancelBtn),
      this.summary,
      this.tableWrap,
      h('p.muted.small', {}, 'BFS, ID-DFS and A* return a fewest-moves plan for the goal, so their plan lengths should agree; greedy returns some plan, usually after far fewer expansions. Random plays seeded random legal moves.'),
    );
    this.renderTable();
  }

  selected() {
    return ALGORITHMS.map((a) => a[0]).filter((id) => this.checks[id].checked);
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
    this.goalValue = this.goal.value();
    this.rows = algos.map((id) => ({ id, state: 'waiting' }));
    this.running = true;
    this.runBtn.disabled = true;
    this.cancelBtn.disabled = false;
    this.summary.textContent = `Running ${algos.length} solvers for ${describeGoal(this.goalValue)}…`;
    this.renderTable();
    for (const row of this.rows) {
      if (!this.running) break;
      row.state = 'running';
      this.renderTable();
      const options = {
        solver: row.id,
        goal: this.goalValue,
        maxStates: Math.max(1, Math.round(Number(this.maxStates.value) || 2000000)),
        seed: 1,
        traceLimit: 0,
      };
      row.options = options;
      try {
        const { result } = await this.client.solve(text, options, (stats) => {
          row.live = stats;
          this.renderTable();
        });
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

  best() {
    const lengths = this.rows.filter((r) => r.result && r.result.goalMet).map((r) => r.result.moves.length);
    return lengths.length ? Math.min(...lengths) : null;
  }

  renderSummary() {
    const best = this.best();
    const exact = this.rows.filter((r) => OPTIMAL.includes(r.id) && r.result && r.result.goalMet);
    const lens = new Set(exact.map((r) => r.result.moves.length));
    let text;
    let cls = 'summary';
    if (best === null) {
      text = 'No algorithm met the goal within its limits.';
      cls += ' warn';
    } else if (exact.length >= 2 && lens.size === 1) {
      text = `✓ ${exact.map((r) => label(r.id)).join(', ')} agree: the fewest-moves plan has ${best} moves.`;
      cls += ' ok';
    } else if (lens.size > 1) {
      text = `⚠ The optimal solvers disagree on the plan length (${[...lens].join(' vs ')}).`;
      cls += ' bad';
    } else {
      text = `Shortest plan found: ${best} moves.`;
    }
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
    const head = h('tr', {}, h('th', {}, ''), ...rows.map((r) => h('th', { scope: 'col', dataset: { algo: r.id } }, label(r.id))));
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
      metric('Goal met', (res) => ({ text: res.goalMet ? 'yes' : 'no' })),
      h('tr.plan-row', {}, h('th', { scope: 'row' }, 'Plan length'), ...rows.map((r) => {
        if (!r.result) return h('td.muted', {}, '');
        const ok = r.result.goalMet;
        const opt = ok && best !== null && r.result.moves.length === best;
        return h(`td${opt ? '.optimal' : ''}`, { title: r.result.moves }, String(r.result.moves.length), opt ? h('span.badge', {}, 'shortest') : null);
      })),
      metric('Score', (res) => res.score),
      metric('Expanded', (res) => ({ text: fmt(res.stats.expanded) }), { bar: (res) => res.stats.expanded, best: (res) => res.stats.expanded, search: true }),
      metric('Generated', (res) => ({ text: fmt(res.stats.generated) }), { bar: (res) => res.stats.generated, search: true }),
      metric('Peak frontier', (res) => ({ text: fmt(res.stats.peakFrontier) }), { bar: (res) => res.stats.peakFrontier, search: true }),
      metric('Duplicates', (res) => ({ text: fmt(res.stats.duplicates) }), { search: true }),
      metric('Time', (res) => ({ text: fmtMs(res.stats.elapsedMs).replace(' ', '\u202f') }), { bar: (res) => res.stats.elapsedMs, best: (res) => res.stats.elapsedMs }),
      h('tr', {}, h('th', { scope: 'row' }, ''), ...rows.map((r) => h('td', {}, r.result && r.result.moves
        ? button('.btn.small.ghost', { label: 'Show', title: 'Open this plan in the Solve tab', onclick: () => this.show(r) })
        : ''))),
    );
    table.append(h('thead', {}, head), body);
    this.tableWrap.replaceChildren(table);
  }

  show(row) {
    const solver = this.game.solver;
    solver.showResult(row.result, null, this.text, row.options);
    this.game.shell.selectTab('solve');
  }
}

const SHORT = { found: 'found', no_plan: 'no plan', limit_reached: 'limit', cancelled: 'cancelled' };

const label = (id) => (ALGORITHMS.find((a) => a[0] === id) || [id, id])[1];

function stateText(r) {
  if (r.state === 'running') return r.live ? `running… ${fmt(r.live.expanded)}` : 'running…';
  if (r.state === 'error') return `error: ${r.error || ''}`;
  return r.state;
}

