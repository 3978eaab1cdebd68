// The Solve tab's "Heuristic lab": a code box for h(state, help) (or a starting point;
// the built-in heuristic runs natively), A* or greedy, Run and Cancel. The code runs in
// its own worker (heuristic-worker.js) with a time limit a call; a watchdog here ends
// the worker when it sends nothing for WATCHDOG_MS (a runaway h). The verdicts:
// admissible (the states where h > h*, each shown on the board on a click), consistent
// (the edges where h drops by more than the move's cost), and a comparison with the
// built-in heuristic and h = 0. The run's record goes to the Solve panel's result,
// debugger and heat-map (SolverPanel.showResult). A link carries the code (compressed),
// and code from a link runs only after the person agrees.

import { h, button, fmt, fmtMs } from './ui.js';
import { compress, decompress } from './url.js';
import { STARTERS } from './heuristic-help.js';

/** A worker that sends nothing for this long is ended (h runs away). */
export const WATCHDOG_MS = 4000;
/** Most milliseconds one call of h may take (measured in the worker). */
export const CALL_LIMIT_MS = 100;
/** Longest code the box (and a link) carries. */
export const MAX_CODE = 20000;

const describeState = (s) => (s ? JSON.stringify(s) : '');

/**
 * One run of the lab's worker (heuristic-worker.js) on `game`'s level `text` with the
 * solve `options`: h is `code` (the text defining `h(state, help)`) or `builtin`
 * ('builtin' or 'zero'). The watchdog ends the worker when it sends nothing for
 * WATCHDOG_MS. `promise` resolves to the wasm `heuristic_lab` report, or rejects with
 * `{message}` (a sentence for the page: the runaway or failing h, a worker that did
 * not load) or `{cancelled: true}` after `cancel()`.
 * @param {{game: string, text: string, options: Record<string, any>, code?: string, builtin?: string | null, onProgress?: (stats: any) => void}} job
 * @returns {{promise: Promise<any>, cancel: () => void}}
 */
export function runLab({ game, text, options, code = '', builtin = null, onProgress }) {
  const worker = new Worker(new URL('./heuristic-worker.js', import.meta.url), { type: 'module' });
  let watchdog = 0;
  let settle = (_ok, _value) => {};
  const promise = new Promise((resolve, reject) => {
    settle = (ok, value) => {
      settle = () => {};
      clearInterval(watchdog);
      worker.terminate();
      if (ok) resolve(value);
      else reject(value);
    };
  });
  let last = performance.now();
  watchdog = setInterval(() => {
    if (performance.now() - last > WATCHDOG_MS) {
      settle(false, { message: `Your h did not return for ${WATCHDOG_MS / 1000} s (an endless loop?): the search was stopped. The page is fine: edit h and run again.` });
    }
  }, 250);
  worker.onerror = (e) => {
    e.preventDefault();
    settle(false, { message: `The lab's worker failed: ${e.message || 'load error'}` });
  };
  worker.onmessage = (e) => {
    const m = e.data;
    last = performance.now();
    if (m.type === 'progress') {
      if (onProgress) onProgress(m.stats);
    } else if (m.type === 'result') settle(true, m.result);
    else if (m.type === 'error') {
      const where = m.error.state ? ` State: ${describeState(m.error.state)}.` : '';
      settle(false, { message: `Your h failed: ${m.error.message}.${where}` });
    }
  };
  worker.postMessage({ type: 'run', game, text, options, code, builtin, limitMs: CALL_LIMIT_MS });
  return { promise, cancel: () => settle(false, { cancelled: true }) };
}

/**
 * A lab report as a solve tool's result for the solve adapters (`actions`, `goalMet`,
 * `victory`: the plan and whether it met the goal).
 * @param {any} r
 */
export const asSolveResult = (r) => {
  const found = r.outcome === 'found';
  return { ...r, actions: r.moves, goalMet: found, victory: found };
};

export class HeuristicLab {
  /**
   * The lab for games that have one (Pengu, Act-Man); null for the others.
   * @param {any} game
   * @param {HTMLElement} panel
   * @param {any} adapter the game's solve adapter
   */
  static mount(game, panel, adapter) {
    return HeuristicLab.serves(adapter) ? new HeuristicLab(game, panel, adapter) : null;
  }

  constructor(game, panel, adapter) {
    this.game = game;
    this.adapter = adapter;
    /** @type {{promise: Promise<any>, cancel: () => void} | null} the run under way */
    this.job = null;
    /** @type {Promise<void>} the link's part being read (applyView) */
    this.applied = Promise.resolve();
    this.linkCode = '';
    this.fromLink = false;
    const starters = STARTERS[adapter.game];
    this.starter = h('select#lab-starter', { 'aria-label': 'Starting point', onchange: () => this.pickStarter() },
      ...starters.map(([id, label]) => h('option', { value: id }, label)));
    this.code = h('textarea#lab-code', { rows: 8, spellcheck: false, 'aria-label': 'Your heuristic h(state, help)', oninput: () => this.codeChanged() });
    this.algo = h('select#lab-algo', { 'aria-label': 'Algorithm', onchange: () => this.game.viewChanged() }, h('option', { value: 'astar' }, 'A*'), h('option', { value: 'greedy' }, 'Greedy best-first'));
    this.runBtn = button('.btn.primary#lab-run', { icon: 'bolt', label: 'Run and judge', onclick: () => this.run() });
    this.cancelBtn = button('.btn#lab-cancel', { icon: 'stop', label: 'Cancel', disabled: true, onclick: () => this.stop('Cancelled.') });
    this.linkNote = h('div.lab-link-note#lab-link-note', { hidden: true });
    this.status = h('div.lab-status#lab-status', { role: 'status' });
    this.result = h('div.lab-result#lab-result');
    this.section = h('details.heuristic-lab#heuristic-lab', {},
      h('summary', {}, 'Heuristic lab'),
      h('p.muted.small', {}, 'Write h(state, help) and see it judged: admissible (h ≤ h*, the true cost to go, on every state the search stored), consistent, and how much search it saves. ',
        adapter.game === 'pengu'
          ? 'state = {row, col, fish: [indices of the fish left]}; help: fish (their {row, col}), slide(i, state) (fewest moves that eat fish i), manhattan(a, b), chebyshev(a, b), need, maxPerMove.'
          : 'state = {row, col, bulletUsed, monsters: [{kind, alive, row, col}]}; help: corpses, corpseDistance(p), chebyshev(a, b), manhattan(a, b), costBased, shotCost.'),
      h('div.grid2', {}, h('label.field', {}, h('span', {}, 'Start from'), this.starter), h('label.field', {}, h('span', {}, 'Algorithm'), this.algo)),
      this.code,
      this.linkNote,
      h('div.row', {}, this.runBtn, this.cancelBtn),
      this.status,
      this.result);
    panel.append(this.section);
    this.pickStarter();
  }

  pickStarter() {
    const s = STARTERS[this.adapter.game].find((x) => x[0] === this.starter.value);
    this.builtin = s && s[2] === null;
    this.code.value = this.builtin ? '// The built-in heuristic runs natively (in Rust).' : s[2];
    this.code.disabled = this.builtin;
    this.codeChanged();
  }

  codeChanged() {
    this.fromLink = false;
    this.linkNote.hidden = true;
    const code = this.builtin ? '' : this.code.value.slice(0, MAX_CODE);
    const bytes = new TextEncoder().encode(code);
    compress(bytes).then((z) => {
      if (this.code.value.slice(0, MAX_CODE) !== code && !this.builtin) return;
      this.linkCode = z || '';
      this.game.viewChanged();
    });
  }

  /** The link's part: the starting point, the algorithm and the code (compressed) when
   * it is not the starting point's own. */
  viewState() {
    const v = {};
    if (this.starter.value !== 'zero') v['hl.start'] = this.starter.value;
    if (this.algo.value !== 'astar') v['hl.algo'] = this.algo.value;
    const s = STARTERS[this.adapter.game].find((x) => x[0] === this.starter.value);
    const edited = !s || s[2] !== this.code.value;
    if (!this.builtin && this.linkCode && edited) v['hl.code'] = this.linkCode;
    return v;
  }

  /**
   * Read the link's part; code from a link waits for the person's consent. `applied`
   * is the reading under way (the race waits for it before it runs the lab's code).
   */
  applyView(view) {
    this.applied = this.readView(view);
    return this.applied;
  }

  /** @param {Record<string, string>} view */
  async readView(view) {
    if (view['hl.algo'] === 'greedy') this.algo.value = 'greedy';
    if (view['hl.start'] && STARTERS[this.adapter.game].some((s) => s[0] === view['hl.start'])) {
      this.starter.value = view['hl.start'];
      this.pickStarter();
    }
    if (!view['hl.code']) return;
    let code;
    try {
      code = (await decompress(view['hl.code'])).slice(0, MAX_CODE);
    } catch {
      this.status.textContent = 'The heuristic in the link could not be read.';
      return;
    }
    this.section.open = true;
    this.builtin = false;
    this.code.disabled = false;
    this.code.value = code;
    this.codeChanged();
    this.fromLink = true;
    this.linkNote.hidden = false;
    this.linkNote.replaceChildren(
      h('p', {}, 'This heuristic came from a link: it is someone else’s code. Read it before you run it; it runs only in a worker of this page.'),
      button('.btn#lab-trust', { label: 'I have read it: run the code from the link', onclick: () => {
        this.fromLink = false;
        this.linkNote.hidden = true;
        this.run();
      } }));
  }

  stop(message, kind = 'warn') {
    const job = this.job;
    this.job = null;
    if (job) job.cancel();
    this.runBtn.disabled = false;
    this.cancelBtn.disabled = true;
    if (message) this.showStatus(message, kind);
  }

  showStatus(text, kind) {
    this.status.replaceChildren(h(`div.outcome.${kind}#lab-message`, {}, text));
  }

  /**
   * What the lab's code box runs now, for another panel (the race): `{code, builtin}`
   * (`builtin` 'builtin' when the box is the built-in's starting point), or `{held}`
   * when the code came from a link and the person has not agreed to run it.
   * @returns {{code?: string, builtin?: 'builtin' | null, held?: string}}
   */
  current() {
    if (this.fromLink) return { held: 'run the lab’s code first: it came from a link, and runs only after you agree in the Heuristic lab' };
    return this.builtin ? { code: '', builtin: 'builtin' } : { code: this.code.value, builtin: null };
  }

  run() {
    if (this.job) return;
    if (this.fromLink) {
      this.showStatus('Code from a link runs only after you agree: press the button above the Run button.', 'warn');
      return;
    }
    const text = this.game.levelText();
    const options = { ...(this.game.solver ? this.game.solver.options() : {}), solver: this.algo.value };
    this.result.replaceChildren();
    this.showStatus('Running…', 'info');
    this.runBtn.disabled = true;
    this.cancelBtn.disabled = false;
    const t0 = performance.now();
    const job = runLab({
      game: this.adapter.game, text, options, ...this.current(),
      onProgress: (stats) => this.showStatus(`Running… ${fmt(stats.expanded)} expanded, ${fmt(stats.stored)} stored, ${fmtMs(performance.now() - t0)}`, 'info'),
    });
    this.job = job;
    job.promise.then((result) => {
      if (this.job !== job) return;
      this.stop(null);
      this.status.replaceChildren();
      this.show(result, text, options);
    }, (err) => {
      if (this.job === job && !err.cancelled) this.stop(err.message, 'bad');
    });
  }

  /** The verdicts and the comparison; the run itself to the Solve panel's result. */
  show(r, text, options) {
    const a = r.admissible;
    const c = r.consistent;
    const how = a.method === 'graph' ? `h* from the whole state graph (${fmt(a.graphStates)} states)`
      : a.method === 'search' ? `h* by ${fmt(a.searches)} searches from single states`
        : 'no h* needed: h never exceeds the built-in admissible heuristic';
    const admissible = a.over === 0 && a.unknown === 0;
    const adText = a.over > 0
      ? `Not admissible: h > h* at ${fmt(a.over)} of ${fmt(a.states)} stored states (worst by ${fmt(a.worst)}).`
      : a.unknown > 0 ? `No overestimate found, but h* of ${fmt(a.unknown)} states is unknown (the limit of the exact searches).`
        : `Admissible on all ${fmt(a.states)} stored states.`;
    const coText = c.bad > 0
      ? `Not consistent: ${fmt(c.bad)} of ${fmt(c.edges)} edges have h(s) > cost + h(s') (worst by ${fmt(c.worst)}).`
      : `Consistent on all ${fmt(c.edges)} edges between stored states.`;
    const row = (x) => h('tr', {}, h('td', {}, x.heuristic), h('td', {}, x.algorithm), h('td', {}, x.outcome.replace('_', ' ')),
      h('td', {}, fmt(x.stats.expanded)), h('td', {}, fmt(x.stats.stored)), h('td', {}, fmtMs(x.stats.elapsedMs)),
      h('td', {}, x.planLength ?? '–'), h('td', {}, x.cost ?? '–'));
    const over = a.listed.map((o, i) => h('li', {}, button('.btn.small.ghost.lab-over', {
      label: `h = ${o.h}, h* = ${o.hStar}, after ${o.moves.length} moves`, dataset: { index: String(i) },
      onclick: () => this.showState(o.moves),
    })));
    const bad = c.listed.map((b) => h('li', {}, button('.btn.small.ghost.lab-edge', {
      label: `h ${b.hFrom} → ${b.hTo} by move ${b.action} (cost ${b.cost}), after ${b.moves.length} moves`,
      onclick: () => this.showState(b.moves),
    })));
    this.result.replaceChildren(
      h(`div.outcome.${admissible ? 'ok' : 'bad'}#lab-admissible`, { dataset: { over: String(a.over) } }, adText),
      h('p.muted.small', {}, `${how}; ${fmt(a.byBuiltin)} states at or below the built-in heuristic, ${fmt(a.exact)} with an exact h*; the check took ${fmtMs(a.elapsedMs)}.`),
      over.length ? h('ol.lab-list#lab-over', {}, ...over) : null,
      h(`div.outcome.${c.bad ? 'warn' : 'ok'}#lab-consistent`, {}, coText),
      bad.length ? h('ol.lab-list#lab-edges', {}, ...bad) : null,
      h('table.lab-compare#lab-compare', {},
        h('thead', {}, h('tr', {}, ...['h', 'algorithm', 'outcome', 'expanded', 'stored', 'time', 'moves', 'cost'].map((t) => h('th', {}, t)))),
        h('tbody', {}, ...r.runs.map(row))),
      h('p.small#lab-optimum', {}, r.optimum != null
        ? `The optimum costs ${r.optimum}; your search's plan costs ${r.runs[0].cost ?? '–'}${r.runs[0].cost != null && r.runs[0].cost > r.optimum ? ' (not optimal: an inadmissible h can lose it)' : ''}.`
        : 'The optimum is not known (the comparison reached its limit).'),
    );
    // The run's plan, statistics, debugger and heat-map: the Solve panel's.
    if (this.game.solver) {
      const result = { ...asSolveResult(r), score: '–', status: '–', note: 'The heuristic lab’s run (your h): its plan, statistics, debugger and heat-map.' };
      this.game.solver.showResult(result, r.trace, text, options);
    }
  }

  /** The board at a state: its moves replayed from the start. */
  showState(moves) {
    this.game.replayMoves(moves, { quiet: false });
    this.game.viewChanged();
  }

  dispose() {
    this.stop(null);
  }

  /**
   * Whether the game has a lab (its starting points in heuristic-help.js).
   * @param {any} adapter the game's solve adapter
   */
  static serves(adapter) {
    return !!(adapter && STARTERS[adapter.game]);
  }
}
