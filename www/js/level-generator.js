// "Generate a level" (Edit tab): the game's `generate` tool (`run_tool`) in a worker, with its
// options as a form (size, items, target difficulty, seed, time limit), progress and cancel;
// the proved level it returns is loaded like any other (undo brings the old one back) and
// the form, seed included, goes into the shared link. Game-agnostic: the game's spec
// lists the fields ({key, label, type: 'number' | 'checkbox' | 'select', value, options,
// title}); each number field's limits come from the tool's options schema (`tools()`),
// shown beside it and as the input's min/max, and a value out of range is the module's
// error naming the field (never clamped). Progress comes from the first candidate
// (candidates, the best so far, the seconds this page measures); the time limit (the
// schema's `timeLimit`) or Cancel stops the worker, and the best level so far, which
// every progress report carries, is offered. `name(options)` names the level,
// `summary(result)` says what was proved, `unit` names the measure (moves, turns).

import { h, button, fmt, toast } from './ui.js';
import { SolverClient } from './solver-client.js';
import { formState, applyFormState, markDefaults, viewInt } from './view-state.js';
import { toolsOf } from './tools.js';

const PREFIX = 'g.';
/** The page's time limit by default, in seconds. */
const DEFAULT_TIME_LIMIT = 60;
/** How often the elapsed time is redrawn while generating, in ms. */
const TICK_MS = 200;

/** `min_moves` → `minMoves` (the module names fields as its structs do). */
const camel = (field) => field.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/**
 * A number field with the limits of its schema entry (`minimum`, `maximum`).
 * @param {import('./contracts.js').GeneratorField} f
 * @param {any} schema
 */
function withLimits(f, schema) {
  if (f.type === 'checkbox' || f.type === 'select' || !schema) return f;
  return { ...f, min: schema.minimum ?? f.min, max: schema.maximum ?? f.max };
}

export class LevelGenerator {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} host
   * @param {import('./contracts.js').GenerateSpec} spec
   */
  constructor(game, host, spec) {
    this.game = game;
    this.spec = spec;
    this.unit = spec.unit || 'moves';
    this.client = null;
    this.generatedText = null;
    /** @type {Record<string, any>} */
    this.inputs = {};
    this.resetProgress();
    const tool = toolsOf(game.api, game.id).tools.find((t) => t.name === 'generate');
    /** @type {Record<string, any>} */
    const schema = (tool && /** @type {any} */ (tool.schema).properties) || {};
    this.fields = spec.fields.map((f) => withLimits(f, schema[f.key]));
    if (schema.timeLimit) {
      this.fields.push(withLimits({ key: 'timeLimit', label: 'Time limit (s)', value: DEFAULT_TIME_LIMIT, title: 'Stop after this many seconds and offer the best level so far (0: no limit)' }, schema.timeLimit));
    }
    this.form = h('div.gen-form#gen-form', {}, ...this.fields.map((f) => this.field(f)));
    this.seed = this.inputs.seed;
    this.goBtn = button('.btn.primary#gen-go', { label: 'Generate', title: 'Generate a level with these options (its difficulty is proved by an exact search)', onclick: () => this.generate() });
    this.cancelBtn = button('.btn#gen-cancel', { label: 'Cancel', onclick: () => this.cancel(), disabled: true });
    this.diceBtn = button('.btn.small#gen-new-seed', { label: 'New seed', title: 'A random seed', onclick: () => this.newSeed() });
    this.bestBtn = button('.btn.small#gen-load-best', { label: 'Load the best so far', hidden: true, onclick: () => this.loadBest() });
    this.status = h('p.small#gen-status', { 'aria-live': 'polite' });
    this.root = h('details.level-generator#gen', {},
      h('summary', {}, h('b', {}, 'Generate a level')),
      this.form,
      h('div.row', {}, this.goBtn, this.cancelBtn, this.diceBtn, this.bestBtn),
      this.status);
    host.append(this.root);
    markDefaults(this.form);
    this.form.addEventListener('change', () => game.viewChanged());
    this.form.addEventListener('input', (e) => {
      const el = /** @type {HTMLElement} */ (e.target);
      if (el.getAttribute('aria-invalid') === 'true') el.removeAttribute('aria-invalid');
    });
  }

  field(f) {
    const id = `gen-${f.key}`;
    let input;
    if (f.type === 'checkbox') input = h(`input#${id}`, { type: 'checkbox', checked: !!f.value });
    else if (f.type === 'select') input = h(`select#${id}`, {}, ...f.options.map(([value, label]) => h('option', { value, selected: value === f.value }, label)));
    else input = h(`input#${id}`, { type: 'number', min: String(f.min), max: String(f.max), value: String(f.value), step: '1' });
    this.inputs[f.key] = input;
    if (f.type === 'checkbox') return h('label.check', { title: f.title || '' }, input, ` ${f.label}`);
    const range = f.type === 'select' || f.min == null ? null : h('span.small.muted.gen-range', {}, ` ${fmt(f.min)} to ${fmt(f.max)}`);
    return h('label.gen-field', { title: f.title || '' }, `${f.label} `, input, range);
  }

  /** The options as the module reads them: numbers as typed (the module checks their range). */
  options() {
    const out = {};
    for (const f of this.fields) {
      const el = this.inputs[f.key];
      if (f.type === 'checkbox') out[f.key] = el.checked;
      else if (f.type === 'select') out[f.key] = el.value;
      else {
        const n = Number(el.value.trim());
        if (el.value.trim() === '' || !Number.isSafeInteger(n)) throw { field: f.key, message: `${el.value.trim() || '(empty)'}: must be a whole number from ${fmt(f.min)} to ${fmt(f.max)}` };
        out[f.key] = n;
      }
    }
    return out;
  }

  newSeed() {
    this.seed.value = String(Math.floor(Math.random() * 1_000_000));
    this.game.viewChanged();
  }

  resetProgress() {
    /** The last progress report: {candidates, best, bestLevel}. */
    this.progress = null;
    /** The first one. */
    this.first = null;
    this.events = 0;
    this.timedOut = false;
  }

  /** The status while generating: candidates, the best so far, the seconds. */
  showProgress(started) {
    const p = this.progress || { candidates: 0, best: 0 };
    this.status.textContent = `Generating… ${fmt(p.candidates)} candidates · best so far ${fmt(p.best)} ${this.unit} · ${((performance.now() - started) / 1000).toFixed(1)} s`;
  }

  /** Show a module's error (or the form's) on the status line, naming its field. */
  showError(err) {
    let text = err && err.message ? String(err.message) : String(err);
    if (err && err.field) {
      const key = camel(String(err.field));
      const f = this.fields.find((x) => x.key === key);
      const el = this.inputs[key];
      text = text.replace(/^bad options: [\w.]+: /, '');
      if (f) text = `${f.label}: ${text}`;
      if (el) el.setAttribute('aria-invalid', 'true');
    }
    this.status.className = 'small goal-no';
    this.status.textContent = text;
    toast(text, 'warn');
  }

  async generate() {
    if (!this.client) this.client = new SolverClient();
    if (this.client.busy) return;
    let options;
    try {
      options = this.options();
    } catch (err) {
      this.showError(err);
      return;
    }
    this.resetProgress();
    this.asked = options;
    this.bestBtn.hidden = true;
    this.goBtn.disabled = true;
    this.cancelBtn.disabled = false;
    this.status.className = 'small';
    const started = performance.now();
    this.showProgress(started);
    const ticker = setInterval(() => this.showProgress(started), TICK_MS);
    const limit = Number(options.timeLimit) || 0;
    const timer = limit > 0 ? setTimeout(() => {
      this.timedOut = true;
      this.cancel();
    }, limit * 1000) : 0;
    try {
      const { result } = await this.client.run('generate', this.game.id, null, options, (p) => {
        this.progress = p;
        this.first ??= p;
        this.events++;
        this.showProgress(started);
      });
      const name = this.spec.name(options);
      if (this.game.loadLevel(result.level, { name })) {
        this.generatedText = this.game.levelText();
        this.status.className = 'small goal-ok';
        this.status.textContent = `${this.spec.summary(result)} (${fmt(result.candidates)} candidates, ${((performance.now() - started) / 1000).toFixed(1)} s)`;
        this.game.viewChanged();
      }
    } catch (err) {
      const p = this.progress || { candidates: 0 };
      if (err && err.cancelled) {
        this.status.className = 'small muted';
        this.status.textContent = `${this.timedOut ? `Time limit (${limit} s) reached` : 'Cancelled'} after ${fmt(p.candidates)} candidates${this.bestText(': the best so far has')}.`;
      } else {
        this.showError(err);
      }
      this.offerBest();
    } finally {
      clearInterval(ticker);
      clearTimeout(timer);
      this.goBtn.disabled = false;
      this.cancelBtn.disabled = true;
    }
  }

  /** " has N moves (asked at least M)" of the best so far, after `lead`; '' when none. */
  bestText(lead) {
    const p = this.progress;
    if (!p || !p.bestLevel) return '';
    const asked = this.asked && (this.asked.minMoves ?? this.asked.minTurns);
    return `${lead} ${fmt(p.best)} ${this.unit}${asked != null ? ` (asked at least ${fmt(asked)})` : ''}`;
  }

  /** Offer the best level so far, if the reports carried one. */
  offerBest() {
    const p = this.progress;
    this.bestBtn.hidden = !(p && p.bestLevel);
    if (!this.bestBtn.hidden) this.bestBtn.replaceChildren(...button('', { label: `Load the best so far (${fmt(p.best)} ${this.unit})` }).childNodes);
  }

  /** Load the best level so far (its measure proved by the generator's exact search). */
  loadBest() {
    const p = this.progress;
    if (!p || !p.bestLevel) return;
    if (this.game.loadLevel(p.bestLevel, { name: `${this.spec.name(this.asked)} (best so far)` })) {
      this.generatedText = this.game.levelText();
      this.status.className = 'small';
      this.status.textContent = `Loaded the best so far${this.bestText(':')}.`;
      this.bestBtn.hidden = true;
      this.game.viewChanged();
    }
  }

  cancel() {
    if (this.client) this.client.cancel();
  }

  /** The form (and the seed, while the generated level shows) for the link. */
  viewState() {
    const v = formState(this.form, PREFIX);
    if (this.generatedText !== null && this.generatedText === this.game.levelText()) v[`${PREFIX}gen-seed`] = String(viewInt({ s: this.seed.value }, 's', 0));
    return v;
  }

  applyView(view) {
    applyFormState(this.form, PREFIX, view);
  }

  /** For tests: whether a generation runs, the status line, and the progress reports. */
  info() {
    return {
      busy: !!(this.client && this.client.busy), status: this.status.textContent, generated: this.generatedText !== null && this.generatedText === this.game.levelText(),
      progress: this.progress, first: this.first, events: this.events,
    };
  }

  dispose() {
    if (this.client) this.client.dispose();
  }
}
