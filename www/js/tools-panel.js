// "More tools" (the end of the Solve tab): every tool of the game in the wasm registry
// (`tools()`, see tools.js) that the page's own panels do not run already, each with a
// form made from its options' JSON schema and defaults, a Run / Cancel button (the
// solver worker's `run_tool`), its progress, and its report as pretty-printed JSON or
// its error (the field, the line and column, or the message). A tool added to a game's
// registry appears here with no code of the page's.
//
// The form from the schema: a number field for "integer" and "number" (a byte count
// marked `x-mib` in MiB; empty is null when the type allows "null"), a checkbox for
// "boolean", a select for an `enum` (or a `oneOf` of constants), a text field for
// "string", and for anything else a text field read as JSON when it parses, else sent
// as text (as the command line reads such a flag). Fields marked `x-page` (what only the
// page's own panels set) are shown too, noted as not a command-line flag.

import { h, button, fmt, copyText, download } from './ui.js';
import { SolverClient } from './solver-client.js';
import { toolsOf } from './tools.js';
import { formState, applyFormState, markDefaults } from './view-state.js';

/** @typedef {import('./contracts.js').GameTool} GameTool */

/** The most characters of a report the page shows (the whole one is copied or saved). */
export const REPORT_CAP = 200_000;
const MIB = 1 << 20;
/** The link's keys of the forms: `t.<input id>`. */
const PREFIX = 't.';

/**
 * What a form field reads and shows.
 * @typedef {'integer' | 'number' | 'boolean' | 'enum' | 'string' | 'json'} FieldKind
 */

/**
 * A field of a tool's form.
 * @typedef {object} ToolField
 * @property {string} key the option's name (camelCase, as the module reads it)
 * @property {string} label
 * @property {FieldKind} kind
 * @property {boolean} nullable empty (or "none") is null
 * @property {boolean} mib a byte count shown in MiB
 * @property {boolean} pageOnly `x-page`: not a flag of the command line
 * @property {string} flag the command line's flag (`x-flag`, else the key in kebab-case)
 * @property {string} description
 * @property {any[]} values an enum's values
 * @property {HTMLInputElement | HTMLSelectElement} input
 */

/** `maxStates` → `Max states`. */
export const fieldLabel = (key) => {
  const words = key.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `maxStates` → `max-states` (the command line's flag, as `src/cli/tools.rs` makes it). */
const kebab = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A name as a part of an element id (`h()` reads ids of word characters and dashes). */
const idPart = (name) => String(name).replace(/[^\w-]/g, '_');

/** `max_states` and `maxStates` name the same field. */
const sameKey = (a, b) => a.replace(/_/g, '').toLowerCase() === b.replace(/_/g, '').toLowerCase();

/**
 * The schema `#/$defs/Name` points at (an empty schema when it is not there).
 * @param {Record<string, any>} root
 * @param {string} ref
 */
function refTarget(root, ref) {
  const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  return (m && root[m[1]] && root[m[1]][m[2]]) || {};
}

/**
 * A schema without its `anyOf` and `oneOf`.
 * @param {Record<string, any>} s
 */
function withoutAlternatives(s) {
  const out = { ...s };
  delete out.anyOf;
  delete out.oneOf;
  return out;
}

/**
 * A property's schema with its `$ref`, single `allOf` and nullable `anyOf` resolved:
 * the schema to read, and whether null is allowed.
 * @param {Record<string, any>} root the options' schema (with its `$defs`)
 * @param {Record<string, any>} prop
 * @returns {{s: Record<string, any>, nullable: boolean}}
 */
export function resolveProp(root, prop) {
  let s = { ...prop };
  let nullable = false;
  for (let depth = 0; depth < 8; depth++) {
    if (typeof s.$ref === 'string') {
      const { $ref, ...rest } = s;
      s = { ...refTarget(root, $ref), ...rest };
      continue;
    }
    if (Array.isArray(s.allOf) && s.allOf.length === 1) {
      const { allOf, ...rest } = s;
      s = { ...allOf[0], ...rest };
      continue;
    }
    const alts = s.anyOf || s.oneOf;
    if (Array.isArray(alts)) {
      const rest = alts.filter((a) => !(a && a.type === 'null'));
      if (rest.length < alts.length) nullable = true;
      if (rest.length > 0 && rest.every((a) => a && ('const' in a || Array.isArray(a.enum)))) {
        s = { ...withoutAlternatives(s), enum: rest.flatMap((a) => ('const' in a ? [a.const] : a.enum)) };
        break;
      }
      if (rest.length === 1) {
        s = { ...rest[0], ...withoutAlternatives(s) };
        continue;
      }
    }
    break;
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes('null')) nullable = true;
  return { s, nullable };
}

/**
 * What kind of field a resolved schema is.
 * @param {Record<string, any>} s
 * @param {boolean} mib
 * @returns {FieldKind}
 */
export function kindOf(s, mib) {
  const types = (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []).filter((t) => t !== 'null');
  if (Array.isArray(s.enum) && s.enum.length && s.enum.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) return 'enum';
  if (mib || types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.length === 1 && types[0] === 'boolean') return 'boolean';
  if (types.length === 1 && types[0] === 'string') return 'string';
  return 'json';
}

/**
 * A value as a field's text (a number in MiB when `mib`).
 * @param {any} v
 * @param {FieldKind} kind
 * @param {boolean} mib
 */
function textOf(v, kind, mib) {
  if (v == null) return '';
  if (mib && typeof v === 'number') return String(v / MIB);
  if (typeof v === 'string') return v;
  return kind === 'json' ? JSON.stringify(v) : String(v);
}

/**
 * A report as JSON text: typed arrays as arrays, maps as objects, big integers as text.
 * @param {any} report
 */
export function reportJson(report) {
  return JSON.stringify(report, (_, v) => {
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return Array.from(/** @type {any} */ (v));
    if (v instanceof Map) return Object.fromEntries(v);
    if (typeof v === 'bigint') return v.toString();
    return v;
  }, 2) ?? 'null';
}

/** One tool of the registry: its form, Run / Cancel, progress and report. */
class ToolRunner {
  /**
   * @param {ToolsPanel} panel
   * @param {GameTool} tool
   */
  constructor(panel, tool) {
    this.panel = panel;
    this.tool = tool;
    this.game = panel.game;
    /** @type {'idle' | 'running' | 'done' | 'error' | 'cancelled'} */
    this.state = 'idle';
    /** @type {any} the last report */
    this.report = null;
    /** @type {any} the last error */
    this.error = null;
    this.ranText = null;
    const id = `tool-${idPart(tool.name)}`;
    this.id = id;
    /** @type {ToolField[]} */
    this.fields = this.makeFields();
    this.form = h(`div.tool-form#${id}-form`, {}, ...this.fields.map((f) => this.fieldNode(f)));
    this.cli = h(`code#${id}-cli`);
    this.runBtn = button(`.btn.primary#${id}-run`, { icon: 'bolt', label: 'Run', title: `Run ${tool.name}${tool.readsLevel ? ' on the level' : ''} with these options`, onclick: () => this.run() });
    this.cancelBtn = button(`.btn#${id}-cancel`, { icon: 'stop', label: 'Cancel', disabled: true, onclick: () => this.cancel() });
    this.status = h(`p.small.tool-status#${id}-status`, { 'aria-live': 'polite' });
    this.output = h(`div.tool-output#${id}-output`);
    this.root = h(`details.tool#${id}`, { dataset: { tool: tool.name } },
      h('summary', {}, h('b.tool-name', {}, tool.name), h('span.muted', {}, ` — ${tool.summary}`)),
      tool.readsLevel ? h('p.small.muted', {}, 'Runs on the level as it is now (the Edit tab’s text).') : null,
      this.form,
      h('p.small.muted.tool-cli', {}, 'Command line: ', this.cli),
      h('div.row', {}, this.runBtn, this.cancelBtn),
      this.status,
      this.output);
    markDefaults(this.form);
    this.form.addEventListener('input', () => this.showCli());
    this.form.addEventListener('change', () => {
      this.showCli();
      this.game.viewChanged();
    });
    this.showCli();
  }

  /** The fields, from the options' schema (its properties in name order). */
  makeFields() {
    const schema = /** @type {Record<string, any>} */ (this.tool.schema || {});
    const defaults = /** @type {Record<string, any>} */ (this.tool.defaults || {});
    const props = schema.properties || {};
    const keys = [...new Set([...Object.keys(props), ...Object.keys(defaults)])].sort();
    return keys.map((key) => {
      const prop = props[key] || {};
      const { s, nullable } = resolveProp(schema, prop);
      const mib = prop['x-mib'] === true || s['x-mib'] === true;
      const kind = kindOf(s, mib);
      const values = kind === 'enum' ? s.enum : [];
      const def = key in defaults ? defaults[key] : prop.default;
      const inputId = `${this.id}-${idPart(key)}`;
      /** @type {HTMLInputElement | HTMLSelectElement} */
      let input;
      if (kind === 'boolean') {
        input = h(`input#${inputId}`, { type: 'checkbox', checked: def === true });
      } else if (kind === 'enum') {
        const options = values.map((v, i) => h('option', { value: String(i), selected: v === def }, String(v)));
        if (nullable && !values.includes(null)) options.unshift(h('option', { value: '', selected: def == null }, '(none)'));
        input = h(`select#${inputId}`, {}, ...options);
      } else if (kind === 'integer' || kind === 'number') {
        const attrs = { type: 'number', step: kind === 'integer' && !mib ? '1' : 'any', value: textOf(def, kind, mib), placeholder: nullable ? 'none' : null };
        if (typeof s.minimum === 'number' && !mib) attrs.min = String(s.minimum);
        if (typeof s.maximum === 'number' && !mib) attrs.max = String(s.maximum);
        input = h(`input#${inputId}.tool-number`, attrs);
      } else {
        input = h(`input#${inputId}.tool-text`, { type: 'text', value: textOf(def, kind, mib), spellcheck: 'false', placeholder: nullable ? 'none' : null });
      }
      const description = String(prop.description || s.description || '').replace(/\s*\n\s*/g, ' ');
      const flag = String(prop['x-flag'] || kebab(key));
      return { key, label: fieldLabel(key) + (mib ? ' (MiB)' : ''), kind, nullable, mib, pageOnly: prop['x-page'] === true, flag, description, values, input };
    });
  }

  /**
   * A field's label, control and description.
   * @param {ToolField} f
   */
  fieldNode(f) {
    const hintId = `${f.input.id}-hint`;
    const note = f.pageOnly ? ' Set by the page’s own panels; not a command-line flag.' : '';
    const hint = f.description || note ? h(`span.small.muted.tool-hint#${hintId}`, {}, f.description + note) : null;
    if (hint) f.input.setAttribute('aria-describedby', hintId);
    if (f.kind === 'boolean') return h('div.tool-field', {}, h('label.check', {}, f.input, ` ${f.label}`), hint);
    return h('div.tool-field', {}, h('label.field', {}, h('span', {}, f.label), f.input), hint);
  }

  /**
   * A field's value as the module reads it, or the error saying what is wrong with it.
   * @param {ToolField} f
   * @returns {{value?: any, error?: string}}
   */
  valueOf(f) {
    const el = f.input;
    if (f.kind === 'boolean') return { value: /** @type {HTMLInputElement} */ (el).checked };
    if (f.kind === 'enum') return { value: el.value === '' ? null : f.values[Number(el.value)] };
    const raw = el.value.trim();
    if (f.kind === 'integer' || f.kind === 'number') {
      // A number field whose text is not a number has the value '' (badInput).
      const bad = /** @type {HTMLInputElement} */ (el).validity.badInput;
      if (raw === '' && !bad) return f.nullable ? { value: null } : { error: 'enter a number' };
      const n = Number(raw);
      if (bad || !Number.isFinite(n)) return { error: 'not a number' };
      return { value: f.mib ? Math.round(n * MIB) : n };
    }
    if (f.kind === 'string') return { value: el.value };
    if (raw === '' && f.nullable) return { value: null };
    try {
      return { value: JSON.parse(raw) };
    } catch {
      return { value: el.value };
    }
  }

  /**
   * The options of the form, or the first field error.
   * @returns {{options?: Record<string, any>, error?: {field: string, message: string}}}
   */
  options() {
    /** @type {Record<string, any>} */
    const options = {};
    for (const f of this.fields) {
      const { value, error } = this.valueOf(f);
      if (error) return { error: { field: f.key, message: `${f.label}: ${error}` } };
      options[f.key] = value;
    }
    return { options };
  }

  /** The command line that runs the tool with the form's options (those not the default). */
  showCli() {
    const { game, tool } = this;
    const parts = ['gridlab', game.id, tool.name];
    if (tool.readsLevel) parts.push('LEVEL.txt');
    for (const f of this.fields) {
      if (f.pageOnly) continue;
      const el = f.input;
      const now = el.type === 'checkbox' ? (/** @type {HTMLInputElement} */ (el).checked ? '1' : '0') : el.value;
      if (now === el.dataset.viewDefault) continue;
      if (f.kind === 'boolean') {
        if (now === '1') parts.push(`--${f.flag}`);
        continue;
      }
      const { value } = this.valueOf(f);
      let text = f.kind === 'enum' ? String(value) : el.value.trim();
      if (f.mib && value != null) text = String(Math.floor(value / MIB));
      parts.push(`--${f.flag}`, /^[\w.,:/+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
    }
    parts.push('--json');
    this.cli.textContent = parts.join(' ');
  }

  /** @param {boolean} busy */
  setBusy(busy) {
    this.runBtn.disabled = busy;
    this.cancelBtn.disabled = !busy;
    this.root.classList.toggle('running', busy);
  }

  /**
   * Show a status line.
   * @param {string} text
   * @param {string} [cls] `goal-ok`, `goal-no` or `muted`
   */
  say(text, cls = '') {
    this.status.className = `small tool-status ${cls}`.trim();
    this.status.textContent = text;
  }

  clearInvalid() {
    for (const f of this.fields) f.input.removeAttribute('aria-invalid');
  }

  async run() {
    const { panel, tool, game } = this;
    if (panel.busy()) return;
    this.clearInvalid();
    this.status.removeAttribute('role');
    const { options, error } = this.options();
    if (error) return this.fail(error);
    const text = tool.readsLevel ? game.levelText() : '';
    this.state = 'running';
    this.report = null;
    this.error = null;
    panel.setBusy(this);
    this.output.replaceChildren();
    const started = performance.now();
    let progress = '';
    const tick = () => {
      const secs = Math.floor((performance.now() - started) / 1000);
      this.say(`Running ${tool.name}… ${secs} s${progress ? ` · ${progress}` : ''}`);
    };
    tick();
    const clock = setInterval(tick, 1000);
    try {
      const { result } = await panel.client().run(tool.name, game.id, text, options, (p) => {
        progress = progressText(p);
        tick();
      });
      this.state = 'done';
      this.report = result;
      this.ranText = text;
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      this.say(`Done in ${secs} s${tool.readsLevel ? ` on ${game.levelName || 'the level'}` : ''}.`, 'goal-ok');
      this.showReport(result);
    } catch (err) {
      if (err && err.cancelled) {
        this.state = 'cancelled';
        this.say('Cancelled.', 'muted');
      } else {
        this.fail(err);
      }
    } finally {
      clearInterval(clock);
      panel.setBusy(null);
    }
  }

  /**
   * Show an error: its field marked and named, its line and column, or its message.
   * @param {any} err
   */
  fail(err) {
    this.state = 'error';
    this.error = err;
    this.output.replaceChildren();
    let text = err && err.message != null ? String(err.message) : String(err);
    if (err && err.line != null) text = `${this.tool.readsLevel ? 'The level, line' : 'Line'} ${err.line}, column ${err.column}: ${text}`;
    if (err && typeof err.field === 'string') {
      const f = this.fields.find((x) => sameKey(x.key, err.field));
      if (f) {
        f.input.setAttribute('aria-invalid', 'true');
        if (!String(err.message).startsWith(f.label)) text = `${f.label}: ${err.message}`;
      }
    }
    this.status.setAttribute('role', 'alert');
    this.say(text || 'The tool failed without a message.', 'goal-no');
  }

  /**
   * The report: JSON, capped at REPORT_CAP characters, with Copy and Download.
   * @param {any} report
   */
  showReport(report) {
    this.status.removeAttribute('role');
    const json = reportJson(report);
    const capped = json.length > REPORT_CAP;
    const name = `${this.game.id}-${this.tool.name}.json`;
    this.output.replaceChildren(...[
      h('div.row', {},
        button(`.btn.small#${this.id}-copy`, { icon: 'copy', label: 'Copy JSON', onclick: () => copyText(json, 'The report') }),
        button(`.btn.small#${this.id}-download`, { icon: 'download', label: 'Download', title: name, onclick: () => download(name, json) })),
      capped ? h(`p.note.warn.small#${this.id}-capped`, {}, `The report is ${fmt(json.length)} characters: the first ${fmt(REPORT_CAP)} show here; Copy and Download take the whole of it.`) : null,
      h(`pre.tool-report#${this.id}-report`, { tabindex: '0', 'aria-label': `${this.tool.name} report (JSON)` }, capped ? `${json.slice(0, REPORT_CAP)}\n…` : json),
      h(`p.small.muted.tool-stale#${this.id}-stale`, { hidden: true }, 'The level has changed since this run.'),
    ].filter(Boolean));
  }

  /** The level changed: say so under a report of the old one. */
  levelChanged() {
    const stale = this.output.querySelector('.tool-stale');
    if (stale instanceof HTMLElement && this.tool.readsLevel) stale.hidden = this.ranText === this.game.levelText();
  }

  cancel() {
    this.panel.cancel();
  }

  /** For tests: the form's fields, the state, the last report or error. */
  info() {
    /** @type {Record<string, any>} */
    const fields = {};
    for (const f of this.fields) fields[f.key] = { label: f.label, kind: f.kind, text: f.input.type === 'checkbox' ? /** @type {HTMLInputElement} */ (f.input).checked : f.input.value };
    return { name: this.tool.name, state: this.state, fields, report: this.report, error: this.error, status: this.status.textContent };
  }
}

/**
 * Progress as a short line: its numbers and words, at most six of them.
 * @param {any} p
 */
function progressText(p) {
  if (p == null || typeof p !== 'object') return p == null ? '' : String(p);
  return Object.entries(p)
    .filter(([, v]) => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean')
    .slice(0, 6)
    .map(([k, v]) => `${fieldLabel(k).toLowerCase()} ${typeof v === 'number' ? fmt(v) : v}`)
    .join(' · ');
}

/** The "More tools" section: the tools of the registry that the page's panels do not run. */
export class ToolsPanel {
  /**
   * The section for `game` at the end of `host`, or null when every tool of the game
   * already has its panel (then nothing is shown).
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} host
   * @param {Iterable<string>} shown the tools the page's own panels run
   * @returns {ToolsPanel | null}
   */
  static mount(game, host, shown) {
    const skip = new Set(shown);
    const tools = toolsOf(game.api, game.id).tools.filter((t) => !skip.has(t.name));
    return tools.length ? new ToolsPanel(game, host, tools) : null;
  }

  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} host
   * @param {GameTool[]} tools
   */
  constructor(game, host, tools) {
    this.game = game;
    /** @type {SolverClient | null} one worker for the section, made at the first run */
    this.solver = null;
    /** @type {ToolRunner | null} */
    this.running = null;
    this.runners = tools.map((t) => new ToolRunner(this, t));
    this.root = h('section.more-tools#more-tools', { 'aria-labelledby': 'more-tools-title' },
      h('h3#more-tools-title', {}, 'More tools'),
      h('p.small.muted', {}, `The engine’s other tools for this ${game.spec.noun}, with the options of the command line (gridlab ${game.id} TOOL --help); the report is the tool’s JSON.`),
      ...this.runners.map((r) => r.root));
    host.append(this.root);
    game.addEventListener('level', () => this.runners.forEach((r) => r.levelChanged()));
  }

  client() {
    this.solver ??= new SolverClient();
    return this.solver;
  }

  busy() {
    return !!this.running;
  }

  /**
   * One tool runs at a time: the others' Run buttons wait.
   * @param {ToolRunner | null} runner
   */
  setBusy(runner) {
    this.running = runner;
    for (const r of this.runners) {
      r.setBusy(r === runner);
      if (runner && r !== runner) r.runBtn.disabled = true;
    }
  }

  cancel() {
    if (this.solver) this.solver.cancel();
  }

  /** The forms' fields that differ from their defaults, for the link. */
  viewState() {
    return Object.assign({}, ...this.runners.map((r) => formState(r.form, PREFIX)));
  }

  /** @param {import('./contracts.js').View} view */
  applyView(view) {
    for (const r of this.runners) applyFormState(r.form, PREFIX, view);
  }

  /** For tests: the tools listed and each one's state. */
  info() {
    return { tools: this.runners.map((r) => r.tool.name), runners: this.runners.map((r) => r.info()) };
  }

  dispose() {
    if (this.solver) this.solver.dispose();
    this.solver = null;
  }
}
