// "Generate a level" (Edit tab): the game's `generate` tool (`run_tool`) in a worker, with its
// options as a form (size, items, target difficulty, seed), progress and cancel; the
// proved level it returns is loaded like any other (undo brings the old one back) and
// the form, seed included, goes into the shared link. Game-agnostic: the game's spec
// lists the fields ({key, label, type: 'number' | 'checkbox' | 'select', min, max,
// value, options, title}), `name(options)` names the level and `summary(result)` says
// what was proved.

import { h, button, fmt, toast } from './ui.js';
import { SolverClient } from './solver-client.js';
import { formState, applyFormState, markDefaults, viewInt } from './view-state.js';

const PREFIX = 'g.';

export class LevelGenerator {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} host
   * @param {import('./contracts.js').GenerateSpec} spec
   */
  constructor(game, host, spec) {
    this.game = game;
    this.spec = spec;
    this.client = null;
    this.generatedText = null;
    this.inputs = {};
    const fields = spec.fields.map((f) => this.field(f));
    this.seed = this.inputs.seed;
    this.form = h('div.gen-form#gen-form', {}, ...fields);
    this.goBtn = button('.btn.primary#gen-go', { label: 'Generate', title: 'Generate a level with these options (its difficulty is proved by an exact search)', onclick: () => this.generate() });
    this.cancelBtn = button('.btn#gen-cancel', { label: 'Cancel', onclick: () => this.cancel(), disabled: true });
    this.diceBtn = button('.btn.small#gen-new-seed', { label: 'New seed', title: 'A random seed', onclick: () => this.newSeed() });
    this.status = h('p.small#gen-status', { 'aria-live': 'polite' });
    this.root = h('details.level-generator#gen', {},
      h('summary', {}, h('b', {}, 'Generate a level')),
      this.form,
      h('div.row', {}, this.goBtn, this.cancelBtn, this.diceBtn),
      this.status);
    host.append(this.root);
    markDefaults(this.form);
    this.form.addEventListener('change', () => game.viewChanged());
  }

  field(f) {
    const id = `gen-${f.key}`;
    let input;
    if (f.type === 'checkbox') input = h(`input#${id}`, { type: 'checkbox', checked: !!f.value });
    else if (f.type === 'select') input = h(`select#${id}`, {}, ...f.options.map(([value, label]) => h('option', { value, selected: value === f.value }, label)));
    else input = h(`input#${id}`, { type: 'number', min: String(f.min), max: String(f.max), value: String(f.value), step: '1' });
    this.inputs[f.key] = input;
    return f.type === 'checkbox'
      ? h('label.check', { title: f.title || '' }, input, ` ${f.label}`)
      : h('label.gen-field', { title: f.title || '' }, `${f.label} `, input);
  }

  /** The options as the module reads them (numbers clamped to the form's range). */
  options() {
    const out = {};
    for (const f of this.spec.fields) {
      const el = this.inputs[f.key];
      if (f.type === 'checkbox') out[f.key] = el.checked;
      else if (f.type === 'select') out[f.key] = el.value;
      else out[f.key] = Math.max(f.min, Math.min(f.max, Math.round(Number(el.value)) || f.min));
    }
    return out;
  }

  newSeed() {
    this.seed.value = String(Math.floor(Math.random() * 1_000_000));
    this.game.viewChanged();
  }

  async generate() {
    if (!this.client) this.client = new SolverClient();
    if (this.client.busy) return;
    const options = this.options();
    this.goBtn.disabled = true;
    this.cancelBtn.disabled = false;
    this.status.className = 'small';
    this.status.textContent = 'Generating…';
    const started = performance.now();
    try {
      const { result } = await this.client.run('generate', this.game.id, null, options, (p) => {
        this.status.textContent = `Generating… ${fmt(p.candidates)} candidates, the best so far ${fmt(p.best)}`;
      });
      const name = this.spec.name(options);
      if (this.game.loadLevel(result.level, { name })) {
        this.generatedText = this.game.levelText();
        this.status.className = 'small goal-ok';
        this.status.textContent = `${this.spec.summary(result)} (${fmt(result.candidates)} candidates, ${((performance.now() - started) / 1000).toFixed(1)} s)`;
        this.game.viewChanged();
      }
    } catch (err) {
      if (err && err.cancelled) {
        this.status.className = 'small muted';
        this.status.textContent = 'Cancelled.';
      } else {
        this.status.className = 'small goal-no';
        this.status.textContent = err && err.message ? err.message : String(err);
        toast(this.status.textContent, 'warn');
      }
    } finally {
      this.goBtn.disabled = false;
      this.cancelBtn.disabled = true;
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

  /** For tests: whether a generation runs, and the status line. */
  info() {
    return { busy: !!(this.client && this.client.busy), status: this.status.textContent, generated: this.generatedText !== null && this.generatedText === this.game.levelText() };
  }

  dispose() {
    if (this.client) this.client.dispose();
  }
}

// ---- the games' generator forms share these fields --------------------------------------

/**
 * The size fields: rows and columns (border included), 4 to `max`.
 * @param {{max: number, rows: number, cols: number, rowsTitle?: string}} size
 * @returns {import('./contracts.js').GeneratorField[]}
 */
export const sizeFields = ({ max, rows, cols, rowsTitle = 'Rows, border included' }) => [
  { key: 'rows', label: 'Rows', min: 4, max, value: rows, title: rowsTitle },
  { key: 'cols', label: 'Cols', min: 4, max, value: cols, title: 'Columns, border included' },
];

/**
 * The seed field: one seed, one level, the same as the command line's.
 * @param {string} game the `gridlab <game> generate` command
 * @param {string} noun what a level is called
 * @returns {import('./contracts.js').GeneratorField}
 */
export const seedField = (game, noun) => ({
  key: 'seed', label: 'Seed', min: 0, max: 4294967295, value: 1,
  title: `One seed, one ${noun}: the same here and with gridlab ${game} generate --seed`,
});

/**
 * A generated level's name, from its rows, columns and seed.
 * @param {Record<string, any>} o
 */
export const generatedName = (o) => `Generated ${o.rows}×${o.cols}, seed ${o.seed}`;
