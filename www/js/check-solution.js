// "Check a solution" (the Play and Solve tabs of a game whose spec has `judge`: Pengu,
// Act-Man): a solver's output in the course format, or a plan alone, pasted, opened or
// dropped (the one FileInput), checked for the level on the board against an assignment
// (the algorithm; the game's goal or turn limit, by default the assignment's) by the
// game's `judge` tool in the solver worker (cancellable). The verdict (check-verdict.js)
// names the first problem where it is; the student's plan plays beside an optimal plan
// on one transport (check-boards.js). The link carries what was checked (`j.` keys).
//
// The game spec's `judge`: { limit: {key, label, all?, n, option(v)}: the goal or limit
// field (`v`: null for the assignment's, 'all', or a number; `option(v)` the tool's
// option), scene(game, session): the board's scene of a session at rest }.

import { h, button } from './ui.js';
import { FileInput } from './file-input.js';
import { SolverClient } from './solver-client.js';
import { toolsOf } from './tools.js';
import { toBase64Url, decodeText } from './url.js';
import { PairPlayer } from './check-boards.js';
import { verdictNodes } from './check-verdict.js';
import { COURSE_ALGORITHMS } from './solve-common.js';

const MIB = 1 << 20;
/** The most bytes a solution may have: the `judge` tool's limit (`MAX_OUTPUT_BYTES`). */
export const MAX_SOLUTION_BYTES = 16 * MIB;
/** The most bytes of solution a link carries (a longer one is left out of the link). */
export const MAX_LINK_SOLUTION = 30_000;
/** A file longer than this many characters is checked but not copied into the text box. */
export const TEXT_BOX_CHARS = 200_000;
/** The link's keys: `j.checked`, `j.algo`, `j.<limit key>`, `j.sol` (base64url of UTF-8). */
const PREFIX = 'j.';

const count = (n) => n.toLocaleString('en-US');

/** "Check a solution": its form, the run, the verdict, the two boards and the link. */
export class CheckSolution {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {import('./contracts.js').JudgeSpec} spec
   */
  constructor(game, spec) {
    this.game = game;
    this.spec = spec;
    const tool = toolsOf(game.api, game.id).tools.find((t) => t.name === 'judge');
    const defaults = /** @type {Record<string, any>} */ ((tool && tool.defaults) || {});
    /** @type {SolverClient | null} made at the first check */
    this.client = null;
    /** @type {'idle' | 'running' | 'done' | 'error' | 'cancelled'} */
    this.state = 'idle';
    /** @type {any} the last report */
    this.report = null;
    /** @type {any} the last error */
    this.error = null;
    /** @type {{text: string, algo: string, limit: string, level: string, link: string | null} | null} what the verdict is of (`link`: the solution as the link has it, null when too long) */
    this.checked = null;
    /** the level text of the check under way */
    this.runLevel = '';
    /** @type {{text: string, name: string} | null} a file too long for the text box */
    this.loaded = null;
    this.algo = h('select#sol-algo', { 'aria-label': 'The assignment’s algorithm' },
      ...game.spec.solve.algorithms.filter(([id]) => COURSE_ALGORITHMS.includes(id))
        .map(([id, , long]) => h('option', { value: id, selected: id === defaults.algo }, long)));
    const lim = spec.limit;
    this.limitKind = h('select#sol-limit', { 'aria-label': lim.label },
      h('option', { value: '' }, 'The assignment’s'),
      lim.all ? h('option', { value: 'all' }, lim.all) : null,
      h('option', { value: 'n' }, lim.n));
    this.limitN = h('input#sol-limit-n', { type: 'number', min: '0', step: '1', value: '10', 'aria-label': `${lim.label}: N`, disabled: true });
    this.limitKind.addEventListener('change', () => (this.limitN.disabled = this.limitKind.value !== 'n'));
    this.root = h('details.check-solution#check-solution');
    this.cancelBtn = button('.btn#sol-cancel', { icon: 'stop', label: 'Cancel', disabled: true, onclick: () => this.cancel() });
    this.files = new FileInput({
      prefix: 'sol-', accept: '.out,.txt,text/plain', rows: 6, what: 'solution',
      placeholder: 'Paste a solver’s output (moves, score, final grid) or a plan alone…',
      label: 'The solution to check',
      load: { label: 'Check', icon: 'check', title: 'Check this solution for the level on the board' },
      after: [this.cancelBtn], maxBytes: MAX_SOLUTION_BYTES, limit: `${MAX_SOLUTION_BYTES / MIB} MiB`,
      dropOn: [this.root], signal: game.shell.signal,
      onText: (text, name) => this.onText(text, name),
    });
    this.files.text.addEventListener('input', () => (this.loaded = null));
    this.fileNote = h('p.small.muted#sol-file', { hidden: true });
    this.status = h('p.small.tool-status#sol-status', { 'aria-live': 'polite' });
    this.result = h('div.cs-result#sol-result');
    this.linkNote = h('p.note.warn.small#sol-link-note', { hidden: true });
    this.pair = new PairPlayer(game);
    this.root.append(
      h('summary', {}, h('b', {}, 'Check a solution')),
      h('p.small.muted', {}, `Paste, open or drop a solver’s output (or a plan alone) for this ${game.spec.noun}: it is replayed by the rules, checked line by line and against the proved optimum, as gridlab ${game.id} judge does.`),
      h('div.cs-form', {},
        h('label.field', {}, h('span', {}, 'Algorithm'), this.algo),
        h('label.field', {}, h('span', {}, lim.label), h('div.goal', {}, this.limitKind, this.limitN))),
      ...this.files.nodes,
      this.fileNote,
      this.status,
      this.result,
      this.linkNote,
      this.pair.root);
    const tab = game.shell.activeTab();
    this.place(tab === 'solve' ? 'solve' : 'play');
    game.shell.onTab((t) => {
      this.place(t);
      this.pair.transport.pause();
    });
    game.addEventListener('level', () => this.levelChanged());
  }

  /**
   * The section goes to the end of the Play tab, or on the Solve tab before "More tools".
   * @param {string} tab
   */
  place(tab) {
    const { panels } = this.game.shell;
    if (tab === 'play') panels.play.append(this.root);
    else if (tab === 'solve') panels.solve.insertBefore(this.root, panels.solve.querySelector('#more-tools'));
  }

  /** The limit field as text: '' (the assignment's), 'all' or a number. */
  limitText() {
    const kind = this.limitKind.value;
    if (kind === 'n') return String(Math.max(0, Math.round(Number(this.limitN.value) || 0)));
    return kind;
  }

  /**
   * The limit field from text ('' or anything else: the assignment's).
   * @param {string} text
   */
  setLimit(text) {
    const all = text === 'all' && this.spec.limit.all;
    const n = /^\d{1,9}$/.test(text);
    this.limitKind.value = all ? 'all' : n ? 'n' : '';
    if (n) this.limitN.value = text;
    this.limitN.disabled = !n;
  }

  /**
   * Text from the Check button (`name` null: the text box) or from a file.
   * @param {string} text
   * @param {string | null} name
   */
  onText(text, name) {
    this.files.clearError();
    if (name != null) {
      const shown = text.length <= TEXT_BOX_CHARS;
      this.files.text.value = shown ? text : '';
      this.loaded = shown ? null : { text, name };
      this.fileNote.hidden = false;
      this.fileNote.textContent = shown ? `Opened ${name}.` : `Opened ${name} (${count(text.length)} characters: too long to show in the box; Check checks it).`;
    } else if (this.loaded && text === '') {
      text = this.loaded.text;
    }
    this.check(text);
  }

  /**
   * Check `text` against the form's assignment, for the level on the board.
   * @param {string} text
   */
  async check(text) {
    if (this.state === 'running') return;
    if (!text.trim()) return this.fail({ message: 'Nothing to check: paste a solver’s output or a plan, or open a file.' });
    const bytes = new TextEncoder().encode(text).length;
    if (bytes > MAX_SOLUTION_BYTES) {
      return this.fail({ message: `The solution has ${count(bytes)} bytes, more than the ${MAX_SOLUTION_BYTES / MIB} MiB a solution may have.` });
    }
    const { game, spec } = this;
    const algo = this.algo.value;
    const limit = this.limitText();
    const value = limit === '' ? null : limit === 'all' ? 'all' : Number(limit);
    const options = { algo, [spec.limit.key]: spec.limit.option(value), solution: text };
    const level = game.levelText();
    this.runLevel = level;
    const algoName = this.algo.selectedOptions[0] ? this.algo.selectedOptions[0].textContent : algo;
    this.state = 'running';
    this.report = null;
    this.error = null;
    this.checked = null;
    this.result.replaceChildren();
    this.pair.clear();
    this.busy(true);
    const started = performance.now();
    const tick = () => {
      const secs = Math.floor((performance.now() - started) / 1000);
      this.say(`Checking against ${algoName}: replaying the plan and proving the optimum… ${secs} s`, 'muted');
    };
    tick();
    const clock = setInterval(tick, 1000);
    try {
      this.client ??= new SolverClient();
      const { result } = await this.client.run('judge', game.id, level, options, () => {});
      this.state = 'done';
      this.report = result;
      this.checked = { text, algo, limit, level, link: bytes <= MAX_LINK_SOLUTION ? toBase64Url(new TextEncoder().encode(text)) : null };
      this.say('');
      this.show(result, text, level);
      this.result.scrollIntoView({ block: 'nearest' });
    } catch (err) {
      if (err && err.cancelled) {
        this.state = 'cancelled';
        this.say('Cancelled.', 'muted');
      } else {
        this.fail(err);
      }
    } finally {
      clearInterval(clock);
      this.busy(false);
      game.viewChanged(); // the link carries this check, or none
    }
  }

  /**
   * The verdict, the link's note and the two boards.
   * @param {any} r
   * @param {string} text
   * @param {string} level
   */
  show(r, text, level) {
    const { game } = this;
    this.result.replaceChildren(...verdictNodes(r, text, { moveNoun: game.spec.moveNoun, level: { rows: game.view.rows, cols: game.view.cols } }));
    const bytes = new TextEncoder().encode(text).length;
    this.linkNote.hidden = this.checked.link != null;
    this.linkNote.textContent = `This solution has ${count(bytes)} bytes, more than the ${count(MAX_LINK_SOLUTION)} a link carries: the page’s link keeps the algorithm and the ${this.spec.limit.label.toLowerCase()} but leaves the solution out.`;
    const plan = r.plan || '';
    const p = r.problem;
    const bad = p && (p.kind === 'illegal_move' || p.kind === 'move_after_end') ? p.index - 1 : -1;
    this.pair.show(level, plan ? { plan, playable: bad >= 0 ? bad : plan.length, bad } : null, r.optimalPlan || '');
  }

  /**
   * Show an error (the tool's field, line and column, or its message).
   * @param {any} err
   */
  fail(err) {
    this.state = 'error';
    this.error = err;
    let text = err && err.message != null ? String(err.message) : String(err);
    if (err && err.line != null) text = `The ${this.game.spec.noun}, line ${err.line}, column ${err.column}: ${text}`;
    else if (err && err.field === 'solution') text = `The solution: ${text}`;
    this.status.setAttribute('role', 'alert');
    this.say(text || 'The check failed without a message.', 'goal-no');
  }

  /**
   * @param {string} text
   * @param {string} [cls] `goal-ok`, `goal-no` or `muted`
   */
  say(text, cls = '') {
    if (cls !== 'goal-no') this.status.removeAttribute('role');
    this.status.className = `small tool-status ${cls}`.trim();
    this.status.textContent = text;
  }

  /** @param {boolean} busy */
  busy(busy) {
    /** @type {HTMLButtonElement} */ (this.root.querySelector('#sol-load')).disabled = busy;
    this.cancelBtn.disabled = !busy;
    this.root.classList.toggle('running', busy);
  }

  cancel() {
    if (this.client && this.state === 'running') this.client.cancel();
  }

  /** The level changed: a verdict of another level goes (a running check stops). */
  levelChanged() {
    if (this.state === 'running' && this.game.levelText() !== this.runLevel) this.cancel();
    if (!this.checked || this.checked.level === this.game.levelText()) return;
    this.checked = null;
    this.report = null;
    this.state = 'idle';
    this.result.replaceChildren();
    this.linkNote.hidden = true;
    this.pair.clear();
    this.say(`The ${this.game.spec.noun} has changed: check again.`, 'muted');
  }

  // ---- the link ---------------------------------------------------------------------

  /** What was checked, for the link (nothing before a check). */
  viewState() {
    const c = this.checked;
    if (!c) return {};
    /** @type {Record<string, string>} */
    const view = { [`${PREFIX}checked`]: '1', [`${PREFIX}algo`]: c.algo };
    if (c.limit) view[`${PREFIX}${this.spec.limit.key}`] = c.limit;
    if (c.link != null) view[`${PREFIX}sol`] = c.link;
    return view;
  }

  /**
   * A link's check: the panel opens with its assignment and checks its solution again.
   * @param {import('./contracts.js').View} view
   */
  applyView(view) {
    if (view[`${PREFIX}checked`] !== '1') return;
    this.root.open = true;
    const algo = view[`${PREFIX}algo`];
    if ([...this.algo.options].some((o) => o.value === algo)) this.algo.value = algo;
    this.setLimit(view[`${PREFIX}${this.spec.limit.key}`] || '');
    const sol = view[`${PREFIX}sol`];
    if (!sol) {
      this.say(`This link carries the assignment but not the solution (a link holds at most ${count(MAX_LINK_SOLUTION)} bytes of it): paste it again.`, 'muted');
      return;
    }
    let text;
    try {
      text = decodeText(sol);
    } catch {
      this.fail({ message: 'The solution in this link is damaged (cannot decode it).' });
      return;
    }
    this.files.text.value = text;
    this.loaded = null;
    this.check(text);
  }

  /** For tests: the state, the report or error, the status and the boards. */
  info() {
    return { open: this.root.open, state: this.state, report: this.report, error: this.error, status: this.status.textContent, pair: this.pair.info(), linkNote: this.linkNote.hidden ? '' : this.linkNote.textContent };
  }

  dispose() {
    if (this.client) this.client.dispose();
    this.client = null;
    this.pair.dispose();
    this.root.remove();
  }
}
