// The GPac evolution lab (the Compare tab, labelled "Lab"): the course's experiment
// config as INI text (prefilled with the default, presets edit its keys), runs in Web
// Workers (one a run, seeds base + i), a live chart of evaluations against the mean and
// best fitness (each run faintly, their average boldly), the best map over the runs
// (drawn, playable, replayable, exported with its world file), and for two-objective
// configs (1d) the population's objectives with the non-dominated front.

import { h, button, download, fmt } from '../../ui.js';
import { formatParseError } from '../../game-base.js';
import { lineChart, scatterChart, paretoFront } from './gpac-chart.js';
import { drawMiniMap } from './gpac-tiles.js';

const MAX_WORKERS = 32;
const RUN_COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];

/** Set (or with value null remove) `key` in `[section]` of an INI text; adds what is missing. */
export function setIniKey(text, section, key, value) {
  const lines = text.replace(/\r/g, '').split('\n');
  let inSection = false;
  let start = -1;
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*\[([^\]]+)\]\s*$/.exec(lines[i]);
    if (m) {
      if (inSection) {
        end = i;
        break;
      }
      inSection = m[1].trim() === section;
      if (inSection) start = i;
      continue;
    }
    if (!inSection) continue;
    const k = /^\s*([^=:#;\s][^=:]*?)\s*[=:]/.exec(lines[i]);
    if (k && k[1] === key) {
      if (value == null) lines.splice(i, 1);
      else lines[i] = `${key} = ${value}`;
      return lines.join('\n');
    }
  }
  if (value == null) return text;
  if (start < 0) return `${text.replace(/\s*$/, '')}\n\n[${section}]\n${key} = ${value}\n`;
  let at = end;
  while (at - 1 > start && !lines[at - 1].trim()) at--;
  lines.splice(at, 0, `${key} = ${value}`);
  return lines.join('\n');
}

const set = (pairs) => (t) => pairs.reduce((acc, [s, k, v]) => setIniKey(acc, s, k, v), t);
const QUICK = [['EA_configs', 'mu', 20], ['EA_configs', 'num_children', 10]];

/**
 * Presets: [id, label, edit of the default config, evaluations].
 * @type {[string, string, (config: string) => string, number][]}
 */
export const PRESETS = [
  ['green1b', 'Green 1b: (μ+λ) EA, 1-point crossover (course default)', set([]), 2000],
  ['quick', 'Quick demo: μ = 20, λ = 10', set(QUICK), 500],
  ['yellow1b', 'Yellow 1b: multi-dimensional recombination', set([['recombination_kwargs', 'method', 'multi-dimensional']]), 2000],
  ['uniform', 'Uniform recombination, SUS parents, k-tournament survival', set([['recombination_kwargs', 'method', 'uniform'], ['EA_configs', 'parent_selection', 'stochastic_universal_sampling'], ['EA_configs', 'survival_selection', 'k_tournament_without_replacement'], ['survival_selection_kwargs', 'k', 5]]), 2000],
  ['green1c0', 'Green 1c: repair penalty (coefficient 0.2)', set([['fitness_kwargs', 'return_repair_count', 'True'], ['fitness_kwargs', 'penalty_coefficient', 0.2]]), 2000],
  ['green1c1', 'Green 1c: self-adaptive mutation rate', set([['EA_configs', 'individual_class', 'selfAdaptiveMutationGenotype'], ['initialization_kwargs', 'min_mutation', 0.1], ['initialization_kwargs', 'max_mutation', 0.3]]), 2000],
  ['green1d', 'Green 1d: two objectives (−score, −dead ends)', set([['fitness_kwargs', 'minimize_dead_ends', 'True']]), 2000],
  ['quick1d', 'Quick 1d: two objectives, μ = 20, λ = 10', set([...QUICK, ['fitness_kwargs', 'minimize_dead_ends', 'True']]), 500],
];

const field = (label, el, title) => h('label.field', { title }, h('span', {}, label), el);

export class LabPanel {
  /**
   * @param {import('./gpac.js').GpacGame} game
   * @param {HTMLElement} panel
   */
  constructor(game, panel) {
    this.game = game;
    this.panel = panel;
    this.api = game.api;
    this.runs = [];
    this.running = false;
    this.renderTimer = 0;
    this.objective = 0;
    this.config = null;
    this.build();
    game.shell.onTab((tab) => {
      if (tab === 'compare') this.render();
    });
  }

  build() {
    const defaultText = this.api.gpac_default_config();
    this.defaultText = defaultText;
    this.preset = h('select#lab-preset', { 'aria-label': 'Preset', onchange: () => this.applyPreset(this.preset.value) },
      h('option', { value: '' }, 'Presets…'), ...PRESETS.map(([id, label]) => h('option', { value: id }, label)));
    this.text = h('textarea#lab-config', { spellcheck: 'false', rows: '14', wrap: 'off', 'aria-label': 'Experiment config (INI)' });
    this.text.value = defaultText;
    const cores = Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 4));
    this.evals = h('input#lab-evals', { type: 'number', min: '1', step: '100', value: '2000' });
    this.workers = h('input#lab-workers', { type: 'number', min: '1', max: String(MAX_WORKERS), step: '1', value: String(cores) });
    this.seed = h('input#lab-seed', { type: 'number', min: '0', step: '1', value: '1' });
    this.startBtn = button('.btn.primary#lab-start', { icon: 'play', label: 'Start', title: 'Start the runs (one Web Worker each)', onclick: () => this.start() });
    this.stopBtn = button('.btn#lab-stop', { icon: 'stop', label: 'Stop', title: 'Stop every run (terminates the workers; the results so far stay)', onclick: () => this.stop() });
    this.error = h('div.lab-error#lab-error', { role: 'alert', hidden: true });
    this.status = h('p.small#lab-status', {}, 'Not started.');
    this.bar = h('div.lab-bar', {}, h('div.lab-bar-fill#lab-progress'));
    this.objectiveSelect = h('select#lab-objective', { 'aria-label': 'Objective', onchange: () => {
      this.objective = Number(this.objectiveSelect.value);
      this.render();
    } }, h('option', { value: '0' }, 'Fitness (−mean score)'), h('option', { value: '1' }, '−Dead ends'));
    this.chart = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.chart.id = 'lab-chart';
    this.chart.setAttribute('role', 'img');
    this.chart.setAttribute('aria-label', 'Evaluations against mean and best fitness');
    this.chart.dataset.points = '0';
    this.front = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.front.id = 'lab-front';
    this.front.setAttribute('role', 'img');
    this.front.setAttribute('aria-label', 'The population\'s objectives and the non-dominated front');
    this.bestCanvas = h('canvas#lab-best-map', { 'aria-label': 'The best map so far' });
    this.bestInfo = h('p.small#lab-best-info', {}, 'No map evaluated yet.');
    this.bestButtons = [
      button('.btn.primary#lab-play-best', { icon: 'play', label: 'Play this map', title: 'Load the best map in the Play tab', onclick: () => this.playBest() }),
      button('.btn#lab-replay-best', { icon: 'play', label: 'Replay its game', title: 'Open the world file of its representative game in the Replay tab', onclick: () => this.replayBest() }),
      button('.btn#lab-export-map', { icon: 'download', label: 'Map .txt', title: 'Download the best map (course format)', onclick: () => this.exportMap() }),
      button('.btn#lab-export-world', { icon: 'download', label: 'World file', title: 'Download the world file of its representative game', onclick: () => this.exportWorld() }),
      button('.btn#lab-export-log', { icon: 'download', label: 'Log .csv', title: 'Download every run\'s log (evaluations, mean and best of each objective)', onclick: () => this.exportLog() }),
    ];
    this.frontBox = h('div#lab-front-box', { hidden: true },
      h('h3', {}, 'Objectives (1d)'),
      h('p.small.muted', {}, 'Each member of the populations: fitness (−mean score, right = harder) against −dead ends (up = fewer). Filled green: each run\'s first non-dominated front; the green staircase: the front over all runs.'),
      this.front);
    this.panel.replaceChildren(
      h('h3', {}, 'Experiment'),
      h('p.small.muted', {}, 'Evolve hard maps as in the course\'s assignment series 1: the fitness of a map is minus the mean score of Pac-Man over its sample games. The config is the course\'s INI format; edit it or pick a preset.'),
      this.configBox = h('details.lab-config-box#lab-config-box', { open: true },
        h('summary', {}, 'Config (INI)'),
        this.preset,
        this.text),
      h('div.grid3', {},
        field('Evaluations / run', this.evals, 'The evaluation budget of each run (the course: 2000)'),
        field('Runs (workers)', this.workers, 'One Web Worker a run; defaults to the number of cores'),
        field('Base seed', this.seed, 'Run i is seeded base + i')),
      h('div.row', {}, this.startBtn, this.stopBtn, button('.btn.ghost.small#lab-reset', { label: 'Default config', onclick: () => this.applyPreset('green1b') })),
      this.error,
      this.status,
      this.bar,
      h('div.row-between', {}, h('h3', {}, 'Fitness'), this.objectiveWrap = h('span', { hidden: true }, this.objectiveSelect)),
      this.chart,
      h('div.chart-legend', {},
        h('span', {}, h('i.key-best'), 'best (average of the runs)'),
        h('span', {}, h('i.key-mean'), 'mean (average of the runs)'),
        h('span', {}, h('i.key-run'), 'best of each run (faint)')),
      h('h3', {}, 'Best map'),
      this.bestCanvas,
      this.bestInfo,
      h('div.row.lab-best-buttons', {}, ...this.bestButtons),
      this.frontBox,
    );
    this.update();
  }

  applyPreset(id) {
    const p = PRESETS.find(([pid]) => pid === id);
    this.preset.value = '';
    if (!p) return;
    this.text.value = p[2](this.defaultText);
    this.evals.value = String(p[3]);
    this.hideError();
    this.game.shell.toast(`Preset: ${p[1]}`);
  }

  showError(message) {
    this.configBox.open = true;
    this.error.replaceChildren(h('strong', {}, 'Config error. '), h('span.msg', {}, message));
    this.error.hidden = false;
  }

  hideError() {
    this.error.hidden = true;
  }

  /** Point the text area at a config error's line. */
  select(err) {
    if (!err || err.line == null) return;
    const lines = this.text.value.split('\n');
    let offset = 0;
    for (let i = 0; i < err.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    const len = (lines[err.line - 1] || '').length;
    try {
      this.text.setSelectionRange(offset, offset + Math.max(1, len));
    } catch {
      /* not focused */
    }
  }

  // ---- runs ---------------------------------------------------------------------------

  start() {
    const text = this.text.value;
    const evaluations = Math.max(1, Math.round(Number(this.evals.value)) || 2000);
    const n = Math.max(1, Math.min(MAX_WORKERS, Math.round(Number(this.workers.value)) || 1));
    const seed = Math.max(0, Math.round(Number(this.seed.value)) || 0);
    let config;
    try {
      const lab = new this.api.GpacLab(text, seed, evaluations);
      config = lab.config();
      lab.free();
    } catch (err) {
      this.showError(formatParseError(err));
      this.select(err);
      return;
    }
    this.terminate();
    this.hideError();
    this.configBox.open = false; // room for the chart
    this.config = config;
    this.budget = evaluations;
    this.objective = 0;
    this.objectiveSelect.value = '0';
    this.runs = [];
    this.t0 = performance.now();
    this.running = true;
    this.stopped = false;
    for (let i = 0; i < n; i++) {
      const run = { i, seed: seed + i, log: [], best: null, bestWorld: '', population: null, done: false, error: null, evaluations: 0 };
      let worker;
      try {
        worker = new Worker(new URL('./gpac-worker.js', import.meta.url), { type: 'module' });
      } catch (err) {
        this.showError(`Cannot start a Web Worker: ${err.message || err}`);
        this.terminate();
        return;
      }
      run.worker = worker;
      worker.onmessage = (e) => this.onMessage(run, e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        this.onMessage(run, { type: 'error', error: { message: e.message || 'the worker failed' } });
      };
      worker.postMessage({ type: 'start', config: text, seed: run.seed, evaluations });
      this.runs.push(run);
    }
    this.update();
    this.render();
  }

  onMessage(run, m) {
    if (!m || !run.worker || !this.runs.includes(run)) return; // a stopped run's last words
    if (m.type === 'gen') {
      run.log.push(m.line);
      run.evaluations = m.evaluations;
      if (m.best) {
        run.best = m.best;
        run.bestWorld = m.bestWorld;
      }
      if (m.population) run.population = m.population;
    } else if (m.type === 'done') {
      run.done = true;
      if (m.population) run.population = m.population;
      this.release(run);
    } else if (m.type === 'error') {
      run.error = m.error;
      run.done = true;
      this.release(run);
      this.showError(`Run ${run.i + 1}: ${formatParseError(m.error)}`);
      this.select(m.error);
    }
    if (this.running && this.runs.every((r) => r.done)) {
      this.running = false;
      this.elapsed = performance.now() - this.t0;
    }
    this.scheduleRender();
  }

  release(run) {
    if (run.worker) run.worker.terminate();
    run.worker = null;
  }

  terminate() {
    for (const run of this.runs) this.release(run);
  }

  stop() {
    if (!this.running) return;
    this.terminate();
    this.running = false;
    this.stopped = true;
    this.elapsed = performance.now() - this.t0;
    this.render();
  }

  dispose() {
    this.terminate();
    this.running = false;
    clearTimeout(this.renderTimer);
  }

  /** The best individual over the runs (highest fitness): {run, best, world} or null. */
  bestOverall() {
    let out = null;
    for (const r of this.runs) {
      if (!r.best) continue;
      if (!out || r.best.objectives[0] > out.best.objectives[0]) out = { run: r, best: r.best, world: r.bestWorld };
    }
    return out;
  }

  // ---- actions ------------------------------------------------------------------------

  bestOrToast() {
    const b = this.bestOverall();
    if (!b) this.game.shell.toast('No map yet: start the lab first', 'warn');
    return b;
  }

  playBest() {
    const b = this.bestOrToast();
    if (!b) return;
    if (this.game.loadLevel(b.best.map, { name: `Evolved map (run ${b.run.i + 1}, fitness ${fmt(b.best.objectives[0])})` })) this.game.shell.selectTab('play');
  }

  replayBest() {
    const b = this.bestOrToast();
    if (b && this.game.replay.open(b.world, `best map of run ${b.run.i + 1}`)) this.game.shell.selectTab('solve');
  }

  exportMap() {
    const b = this.bestOrToast();
    if (b) download(`gpac-best-map-run${b.run.i + 1}.txt`, b.best.map);
  }

  exportWorld() {
    const b = this.bestOrToast();
    if (b) download(`gpac-best-world-run${b.run.i + 1}.txt`, b.world);
  }

  exportLog() {
    if (!this.runs.some((r) => r.log.length)) {
      this.game.shell.toast('No log yet: start the lab first', 'warn');
      return;
    }
    const k = this.runs[0].log[0] ? this.runs[0].log[0].mean.length : 1;
    const head = ['run', 'seed', 'evaluations', ...Array.from({ length: k }, (_, j) => [`mean${j}`, `best${j}`]).flat(), 'meanParameter'];
    const rows = [head.join(',')];
    for (const r of this.runs) {
      for (const l of r.log) rows.push([r.i + 1, r.seed, l.evaluations, ...l.mean.flatMap((m, j) => [m, l.best[j]]), l.meanParameter ?? ''].join(','));
    }
    download('gpac-lab-log.csv', `${rows.join('\n')}\n`);
  }

  // ---- drawing ------------------------------------------------------------------------

  scheduleRender() {
    if (this.renderTimer) return;
    this.renderTimer = setTimeout(() => {
      this.renderTimer = 0;
      this.render();
    }, 120);
  }

  /** The average over the runs of generation g's mean and best (objective k). */
  averaged(k) {
    const gens = Math.max(0, ...this.runs.map((r) => r.log.length));
    const mean = [];
    const best = [];
    for (let g = 0; g < gens; g++) {
      const lines = this.runs.map((r) => r.log[g]).filter(Boolean);
      const x = lines[0].evaluations;
      mean.push([x, lines.reduce((s, l) => s + l.mean[k], 0) / lines.length]);
      best.push([x, lines.reduce((s, l) => s + l.best[k], 0) / lines.length]);
    }
    return { mean, best };
  }

  update() {
    const evals = this.runs.reduce((s, r) => s + r.evaluations, 0);
    const total = this.runs.length * (this.budget || 0);
    this.startBtn.disabled = this.running;
    this.stopBtn.disabled = !this.running;
    const fill = /** @type {HTMLElement} */ (this.bar.firstChild);
    fill.style.width = `${total ? Math.min(100, (100 * evals) / total) : 0}%`;
    this.bar.classList.toggle('running', this.running);
    if (!this.runs.length) {
      this.status.textContent = 'Not started.';
      return;
    }
    const gens = Math.max(...this.runs.map((r) => r.log.length));
    const secs = ((this.running ? performance.now() - this.t0 : this.elapsed || 0) / 1000).toFixed(1);
    const failed = this.runs.filter((r) => r.error).length;
    const state = this.running ? 'Running' : this.stopped && !this.runs.every((r) => r.done) ? 'Stopped' : failed ? 'Failed' : 'Done';
    const c = this.config;
    const param = this.runs.map((r) => r.log[r.log.length - 1]).find((l) => l && l.meanParameter != null);
    this.status.textContent = `${state}: ${this.runs.length} run${this.runs.length === 1 ? '' : 's'} (μ = ${c.mu}, λ = ${c.lambda}, ${c.samples} games a map), ` +
      `${fmt(evals)} of ${fmt(total)} evaluations, ${gens} generation${gens === 1 ? '' : 's'}, ${secs} s` +
      (param ? `; mean ${c.genotype.kind === 'selfAdaptiveMutation' ? 'mutation rate' : 'parameter'} ${param.meanParameter.toFixed(3)}` : '') + '.';
    this.status.dataset.state = state.toLowerCase();
  }

  /** The chart's right end: the budget, or less while the runs are far from it. */
  xMax(points) {
    const budget = this.budget || 2000;
    const c = this.config;
    const reached = points.length ? points[points.length - 1][0] : 0;
    const floor = c ? c.mu + 4 * c.lambda : 0;
    return Math.min(budget, Math.max(floor, Math.ceil(reached * 1.25)));
  }

  render() {
    this.update();
    const twoObjectives = !!(this.config && this.config.deadEnds);
    this.objectiveWrap.hidden = !twoObjectives;
    const k = twoObjectives ? this.objective : 0;
    const { mean, best } = this.averaged(k);
    /** @type {import('./gpac-chart.js').Series[]} */
    const series = this.runs.length > 1
      ? this.runs.map((r) => ({ points: r.log.map((l) => [l.evaluations, l.best[k]]), color: RUN_COLORS[r.i % RUN_COLORS.length], width: 1, opacity: 0.35, cls: 'run' }))
      : [];
    series.push({ points: mean, color: '#0072B2', width: 2.5, dash: '6 4', cls: 'mean', marks: mean.length < 60 });
    series.push({ points: best, color: '#D55E00', width: 2.5, cls: 'best', marks: best.length < 60 });
    lineChart(this.chart, {
      series,
      xDomain: [0, this.xMax(best)],
      xLabel: 'Evaluations',
      yLabel: k === 0 ? (this.config && this.config.penalty != null ? 'Fitness (penalised)' : 'Fitness = −mean score') : '−Dead ends',
      emptyText: this.running ? 'Evaluating the first population…' : 'Start the lab to see the fitness',
    });
    this.chart.dataset.points = String(best.length);
    // Best map.
    const b = this.bestOverall();
    for (const btn of this.bestButtons) btn.disabled = !b && btn.id !== 'lab-export-log';
    if (b) {
      const key = `${b.run.i}|${b.best.map}`;
      if (key !== this.bestKey) {
        this.bestKey = key;
        const m = b.best.map.split('\n')[0].split(' ').map(Number);
        const width = Math.max(200, (this.panel.clientWidth || 380) - 36);
        drawMiniMap(this.bestCanvas, b.best.map, Math.max(3, Math.min(14, Math.floor(width / (m[0] || 35)))));
      }
      const o = b.best.objectives;
      this.bestInfo.textContent = `Run ${b.run.i + 1} (seed ${b.run.seed}): fitness ${fmt(o[0])}, Pac-Man's mean score ${fmt(b.best.meanScore)}` +
        `${o.length > 1 ? `, ${b.best.deadEnds} dead ends` : ''}, ${b.best.repairs} repair${b.best.repairs === 1 ? '' : 's'}` +
        `${b.best.parameter != null ? `, parameter ${b.best.parameter.toFixed(3)}` : ''}.`;
      this.bestCanvas.hidden = false;
    } else {
      this.bestKey = null;
      this.bestCanvas.hidden = true;
      this.bestInfo.textContent = this.running ? 'Evaluating…' : 'No map evaluated yet.';
    }
    // The objectives of 1d.
    this.frontBox.hidden = !twoObjectives;
    if (twoObjectives) {
      const groups = [];
      const fronts = [];
      for (const r of this.runs) {
        if (!r.population) continue;
        const { objectives, front } = r.population;
        const inFront = new Set(front);
        const color = RUN_COLORS[r.i % RUN_COLORS.length];
        groups.push({ points: objectives.filter((_, j) => !inFront.has(j)), color, r: 2.5, opacity: 0.35, cls: 'member' });
        const fp = front.map((j) => objectives[j]);
        fronts.push(...fp);
        groups.push({ points: fp, color: '#009E73', r: 4, stroke: '#003b2b', cls: 'front' });
      }
      scatterChart(this.front, { groups, front: paretoFront(fronts), xLabel: 'Fitness = −mean score', yLabel: '−Dead ends' });
      this.front.dataset.front = String(fronts.length);
    }
  }

  info() {
    const b = this.bestOverall();
    return {
      running: this.running,
      runs: this.runs.length,
      points: Number(this.chart.dataset.points),
      generations: this.runs.map((r) => r.log.length),
      evaluations: this.runs.map((r) => r.evaluations),
      best: b ? { run: b.run.i, ...b.best } : null,
      front: this.front.dataset.front ? Number(this.front.dataset.front) : 0,
      errors: this.runs.filter((r) => r.error).map((r) => r.error),
    };
  }
}
