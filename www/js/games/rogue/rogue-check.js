// Rogue's "Check a recorded game" (Solve tab): paste or drop the referee's transcript of
// a game on the dungeon; the engine's `value-game` tool (run in the solver worker, as
// "More tools" runs registry tools) reads it back into its moves and values each one by
// the exact solution. The panel shows the moves as a table (who, from → to, the value
// before → after, the best, the verdict, coloured), the totals per side, and loads the
// game's line: a row click shows that position on the board, and the Play tab's Step
// follows the recorded moves. The link carries the transcript (deflated) up to
// MAX_LINK_TRANSCRIPT characters; a longer one is left out of it, with a note.

import { h, fmt } from '../../ui.js';
import { FileInput } from '../../file-input.js';
import { SolverClient } from '../../solver-client.js';
import { compress, decompress } from '../../url.js';

/** Characters of encoded (deflated, base64url) transcript a link carries. */
export const MAX_LINK_TRANSCRIPT = 60000;
/** Rows of the table shown (the totals count every move). */
export const MAX_ROWS = 2000;
/** The link's key. */
const KEY = 'transcript';

/** A value in the table: monster moves to capture, 0 caught, ∞ safe forever. */
const valueText = (v) => (v == null ? '∞' : String(v));
/** A site as people read it, row and column from 1. */
const siteText = (p) => `${p.row + 1},${p.col + 1}`;

/** A verdict's words and colour class. */
function verdictOf(v) {
  if (v.kind === 'optimal') return ['optimal', 'ok'];
  if (v.kind === 'mistake') return [`mistake, costs ${v.cost} move${v.cost === 1 ? '' : 's'}`, 'warn'];
  return ['blunder', 'bad'];
}

/** A side's totals in words. */
function totalsText(who, t) {
  const s = (n, w) => `${fmt(n)} ${w}${n === 1 ? '' : 's'}`;
  return `${who}: ${s(t.moves, 'move')}, ${fmt(t.optimal)} optimal, ${s(t.mistakes, 'mistake')}${t.mistakes ? ` (costing ${s(t.cost, 'monster move')})` : ''}, ${s(t.blunders, 'blunder')}`;
}

/** How the transcript ends, in words. */
function endText(end) {
  if (end.kind === 'caught') return `Caught by monster in turn ${end.turn}`;
  if (end.kind === 'survived') return `Rogue survived ${end.turns} moves`;
  if (end.kind === 'cheated') return `${end.side === 'monster' ? 'Monster' : 'Rogue'} caught cheating in turn ${end.turn}`;
  return 'the transcript stops before the game ends';
}

export class CheckPanel {
  /**
   * @param {import('./rogue.js').RogueGame} game
   * @param {HTMLElement} host the Solve panel
   */
  constructor(game, host) {
    this.game = game;
    /** @type {SolverClient | null} */
    this.solver = null;
    /** @type {any} the last valued game */
    this.result = null;
    /** @type {string | null} the link's value of the transcript checked */
    this.linkValue = null;
    this.runs = 0;
    this.status = h('p.small#rogue-check-status', { 'aria-live': 'polite' });
    this.totals = h('div#rogue-check-totals');
    this.linkNote = h('p.small.muted#rogue-check-link', { hidden: true });
    this.tableWrap = h('div.table-wrap#rogue-check-moves');
    this.root = h('section.rogue-check#rogue-check', { 'aria-labelledby': 'rogue-check-title' });
    this.input = new FileInput({
      prefix: 'rogue-check-',
      accept: '.txt,.out,.log,text/plain',
      placeholder: 'Move 1\n\n. . A .\n…',
      label: 'Transcript of a game',
      what: 'transcript',
      dropOn: [this.root], // the panel's own element: its listeners go with it
      signal: undefined,
      onText: (text) => this.check(text),
    });
    this.root.append(
      h('h3#rogue-check-title', {}, 'Check a recorded game'),
      h('p.muted.small', {}, 'Paste or drop the transcript of a game on this dungeon, as the coursework’s referee (Game.java) prints it or gridlab rogue play writes it. Each move is read back, checked legal and valued by the exact solution: the value is the monster’s moves to capture under optimal play (∞: the rogue is safe forever). A monster’s move that captures later than it could, or a rogue’s that is caught sooner, is a mistake of that many moves; letting a forced capture go, or walking from safe into lost, is a blunder.'),
      ...this.input.nodes,
      this.status, this.totals, this.linkNote, this.tableWrap);
    host.append(this.root);
    game.addEventListener('level', () => this.clear('The dungeon has changed: check the game again.'));
    game.addEventListener('change', () => this.markRow());
  }

  client() {
    this.solver ??= new SolverClient();
    return this.solver;
  }

  /**
   * A status line.
   * @param {string} text
   * @param {string} [cls] `goal-ok`, `goal-no` or `muted`
   */
  say(text, cls = '') {
    this.status.className = `small ${cls}`.trim();
    this.status.textContent = text;
  }

  /** @param {string} [why] */
  clear(why) {
    if (!this.result && !this.linkValue) return;
    this.result = null;
    this.linkValue = null;
    this.totals.replaceChildren();
    this.tableWrap.replaceChildren();
    this.linkNote.hidden = true;
    this.say(why || '', 'muted');
    this.game.viewChanged();
  }

  /**
   * Read and value `text` on the dungeon now.
   * @param {string} text
   */
  async check(text) {
    const g = this.game;
    const run = ++this.runs;
    this.input.clearError();
    if (this.input.text.value !== text) this.input.text.value = text;
    if (this.solver) this.solver.cancel();
    this.say('Reading and valuing the game…', 'muted');
    let result;
    try {
      ({ result } = await this.client().run('value-game', 'rogue', g.levelText(), { transcript: text }));
    } catch (err) {
      if (run !== this.runs || (err && err.cancelled)) return;
      this.result = null;
      this.linkValue = null;
      this.totals.replaceChildren();
      this.tableWrap.replaceChildren();
      const message = String((err && err.message) || err).replace(/^bad options: transcript: /, '');
      this.input.showError(message.charAt(0).toUpperCase() + message.slice(1));
      this.select(message);
      this.say('');
      g.viewChanged();
      return;
    }
    if (run !== this.runs) return;
    this.result = result;
    const turns = Math.ceil(result.moves.length / 2);
    if (turns > g.maxMoves) g.setMaxMoves(turns);
    const at = g.playedMoves(); // a link's position in the game stays
    g.loadLine(result.moves);
    if (at && result.moves.startsWith(at)) g.seek(at.length);
    this.render(result);
    await this.encode(text, run);
  }

  /**
   * Select the line an error names in the text box.
   * @param {string} message `line L, column C: …`
   */
  select(message) {
    const m = /^line (\d+), column (\d+)/.exec(message);
    if (!m) return;
    const lines = this.input.text.value.split('\n');
    const line = Math.min(Number(m[1]), lines.length) - 1;
    let at = 0;
    for (let i = 0; i < line; i++) at += lines[i].length + 1;
    this.input.text.setSelectionRange(at, at + lines[line].length);
  }

  /**
   * The link's value of the transcript, or the note that it is too long for a link.
   * @param {string} text
   * @param {number} run
   */
  async encode(text, run) {
    const encoded = await compress(new TextEncoder().encode(text));
    if (run !== this.runs) return;
    const fits = !!encoded && encoded.length <= MAX_LINK_TRANSCRIPT;
    this.linkValue = fits ? encoded : null;
    this.linkNote.hidden = fits;
    this.linkNote.textContent = fits ? '' : encoded
      ? `This transcript is too long for a link (${fmt(encoded.length)} characters compressed; a link holds ${fmt(MAX_LINK_TRANSCRIPT)}): the link leaves it out.`
      : 'This browser cannot compress the transcript for a link: the link leaves it out.';
    this.game.viewChanged();
  }

  /** @param {any} r the valued game */
  render(r) {
    const start = r.start == null ? 'the rogue is safe forever' : `the monster wins in ${r.start}`;
    this.say(`${fmt(r.valued.length)} half-moves read and valued. From the start, ${start}; the transcript: ${endText(r.end)}.`, 'goal-ok');
    this.totals.replaceChildren(
      h('p.check-totals#rogue-check-monster', { dataset: { mistakes: r.monster.mistakes, blunders: r.monster.blunders } }, totalsText('Monster', r.monster)),
      h('p.check-totals#rogue-check-rogue', { dataset: { mistakes: r.rogue.mistakes, blunders: r.rogue.blunders } }, totalsText('Rogue', r.rogue)));
    const rows = r.valued.slice(0, MAX_ROWS).map((m) => {
      const [verdict, cls] = verdictOf(m.verdict);
      return h(`tr.check-move.${cls}`, { dataset: { half: m.half, verdict: m.verdict.kind }, tabindex: '0', title: `Show the position after half-move ${m.half} (line ${m.line} of the transcript)`,
        onclick: () => this.show(m.half),
        onkeydown: (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            this.show(m.half);
          }
        } },
      h('td', {}, `${m.turn}${m.side === 'monster' ? 'a' : 'b'}`),
      h('td', {}, m.side === 'monster' ? 'Monster' : 'Rogue'),
      h('td', {}, `${siteText(m.from)} → ${siteText(m.to)}`),
      h('td', {}, `${valueText(m.before)} → ${valueText(m.after)}`),
      h('td', {}, valueText(m.best)),
      h(`td.verdict-cell.${cls}`, {}, verdict));
    });
    this.tableWrap.replaceChildren(
      r.valued.length > MAX_ROWS ? h('p.note.warn.small#rogue-check-capped', {}, `The first ${fmt(MAX_ROWS)} of ${fmt(r.valued.length)} half-moves are listed; the totals count them all.`) : null,
      r.valued.length ? h('table.compare.check-moves#rogue-check-table', {},
        h('caption.small.muted', {}, 'Click a move to see the position after it. Values: the monster’s moves to capture under optimal play (∞ safe forever), before → after the move; best: after the best move.'),
        h('thead', {}, h('tr', {}, ...['Move', 'Who', 'From → to', 'Value', 'Best', 'Verdict'].map((t) => h('th', {}, t)))),
        h('tbody', {}, ...rows)) : h('p.muted.small', {}, 'No moves: the transcript holds the starting board only.'));
    this.markRow();
  }

  /**
   * Show the position after half-move `half` of the checked game.
   * @param {number} half
   */
  show(half) {
    const g = this.game;
    if (!this.result) return;
    if (!this.following()) g.loadLine(this.result.moves);
    g.seek(half);
  }

  /** Whether the game on the board is the checked one (its line). */
  following() {
    return !!this.result && this.game.fullLine() === this.result.moves;
  }

  /** The recorded game's next move when the board follows it (the transport's Step plays it). */
  nextMove() {
    if (!this.following()) return null;
    return this.result.moves[this.game.playedMoves().length] || null;
  }

  /** Mark the row of the position shown. */
  markRow() {
    const at = this.following() ? this.game.playedMoves().length : -1;
    for (const row of this.tableWrap.querySelectorAll('tr.check-move')) {
      const on = Number(/** @type {HTMLElement} */ (row).dataset.half) === at;
      row.classList.toggle('current', on);
      if (on) row.setAttribute('aria-current', 'step');
      else row.removeAttribute('aria-current');
    }
  }

  /** The link's part: the transcript checked, deflated (when it fits). */
  viewState() {
    return { [KEY]: this.linkValue };
  }

  /** @param {import('../../contracts.js').View} view */
  applyView(view) {
    const value = view[KEY];
    if (typeof value !== 'string' || !value || value === this.linkValue) return;
    decompress(value).then((text) => this.check(text), (err) => {
      this.input.showError(`the link's transcript cannot be read: ${err.message || err}`);
    });
  }

  /** For tests: the rows and totals. */
  info() {
    return { result: this.result, link: this.linkValue };
  }

  dispose() {
    if (this.solver) this.solver.dispose();
    this.solver = null;
  }
}
