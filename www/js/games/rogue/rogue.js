// Rogue in the playground: owns the wasm RogueSession (through ../game-base.js), lets
// the chosen strategies step, play and run, lets a human play either side (the other
// side's strategy answers), keeps the game's whole line so that undo and the scrub
// slider can go back and forth, and draws the exact solution and the cycle rogue's
// cycles over the dungeon. Every rule (legality, strategies, the referee's transcript,
// the exact solution) comes from the wasm module; this file only draws and routes.

import { roguePainter, tileSwatch, TILE_INFO, terrainOf } from './rogue-tiles.js';
import { catalog } from './rogue-levels.js';
import { RogueUi } from './rogue-ui.js';
import { RogueScene } from './rogue-scene.js';
import { rogueViewState, applyRogueView } from './rogue-link.js';
import { MONSTERS, ROGUES, SPEEDS, MAX_LIMIT, otherSide, sideAt } from './rogue-players.js';
import { rogueKey, rogueGameKey } from './rogue-keys.js';
import { digitToward } from '../../input.js';
import { gameModule, sameCell as same, formatParseError, seedField } from '../../game-base.js';
import { h } from '../../ui.js';
import { AutoGame } from '../../auto-game.js';
import { SingleRun } from '../../single-run.js';
import { load, save } from '../../storage.js';

/** @typedef {import('../../../pkg/gridlab_play.js').RogueSession} RogueSession */
/** @typedef {import('./rogue-players.js').Side} Side */

/**
 * A new dungeon of rooms, N × N, the rogue in the top-left corner and the monster opposite.
 * @param {number} n
 */
function blankDungeon(n) {
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = new Array(n).fill('.');
    if (r === 0) row[0] = '@';
    if (r === n - 1) row[n - 1] = 'A';
    rows.push(row.join(' '));
  }
  return `${n}\n${rows.join('\n')}\n`;
}

/**
 * Rogue: its strategies (or you) on the game's line.
 * @extends {AutoGame<RogueSession>}
 */
export class RogueGame extends AutoGame {
  /** @param {import('../../contracts.js').Shell} shell */
  constructor(shell) {
    super(shell, {
      id: 'rogue',
      Session: 'RogueSession',
      noun: 'dungeon',
      moveNoun: 'half-move',
      catalog,
      painter: roguePainter,
      Ui: RogueUi,
      check: {},
      // The Solve tab's exact solution is the `analyze` tool's (rogue_analyze); its
      // "Check a recorded game" runs `value-game`.
      shownTools: ['analyze', 'value-game'],
      // The exact solution, "Check a recorded game" and the pairings: after the first board.
      panels: (q) => import(`./rogue-panels.js${q}`),
      generate: {
        fields: [
          { key: 'size', label: 'Size', value: 12, title: 'The dungeon is size × size' },
          { key: 'goal', label: 'Goal', type: 'select', value: 'monsterWins', options: [['monsterWins', 'The monster wins'], ['rogueEscapes', 'The rogue escapes (the naive rogue does not)']] },
          { key: 'minMoves', label: 'At least moves', value: 8, title: 'Monster wins: the capture takes at least this many moves. Rogue escapes: the naive rogue is caught no sooner than this turn' },
          seedField('rogue', 'dungeon'),
        ],
        name: (o) => `Generated ${o.size}×${o.size}, seed ${o.seed}`,
        summary: (r) => (r.report.outcome.outcome === 'monsterWins' ? `Proved: the monster wins in ${r.report.outcome.moves} ${r.report.outcome.moves === 1 ? 'move' : 'moves'}` : 'Proved: the rogue is safe forever, and the naive rogue is caught'),
      },
      edit: {
        info: TILE_INFO,
        swatch: tileSwatch,
        hero: '@',
        paintHint: 'Pick a site, then click or drag on the board. Right button: wall. Painting the rogue or the monster moves it (both stand on rooms); an edit restarts the game.',
        formatHint: 'Coursework format: first line N, then N rows with the site of column j at position 2j: "." room, "+" corridor, space wall, "@" the rogue, a capital letter the monster (its name). Text after the last row is ignored. You can also drop a .txt file on the board.',
        skip(cell, sym) {
          const line = this.levelText().split('\n')[cell.row + 1] || '';
          return (line[2 * cell.col] || ' ') === (sym === 'A' ? this.terrain.letter : sym);
        },
      },
    });
    const prefs = load('prefs') || {};
    const pick = (list, v, d) => (list.some(([id]) => id === v) ? v : d);
    /** @type {[string, string]} the monster's and the rogue's players */
    this.players = [pick(MONSTERS, prefs.rogueMonster, 'bfs'), pick(ROGUES, prefs.rogueRogue, 'cycle')];
    this.maxMoves = Number.isInteger(prefs.rogueMaxMoves) && prefs.rogueMaxMoves >= 1 ? Math.min(MAX_LIMIT, prefs.rogueMaxMoves) : 1000;
    this.speedIndex = Number.isInteger(prefs.rogueSpeed) ? Math.max(0, Math.min(SPEEDS.length - 1, prefs.rogueSpeed)) : 3;
    this.showExact = prefs.rogueExact === true;
    this.showCycles = prefs.rogueCycles === true;
    this.showTrail = prefs.rogueTrail !== false;
    this.answers = new SingleRun(); // the strategy's pending answer to a human move
    /** @type {ReturnType<typeof terrainOf> | null} */
    this.terrain = null;
    this.terrainKey = 0;
    /** @type {any[]} the padded short rows of the level read last */
    this.warnings = [];
    /** @type {any[]} the warnings of the session `parse` made, until it is set */
    this.pendingWarnings = [];
    /** What the board shows: the exact solution, the cycles, the trails, the scene. */
    this.drawing = new RogueScene(this);
    /** @type {HTMLSelectElement} */
    this.letterSelect = null;
    this.makeTransport(SPEEDS.map((rate) => ({ label: `${rate}/s`, rate })), this.speedIndex);
    /** @type {import('./rogue-panels.js').ExactPanel | null} the Solve tab's exact solution (after the first board) */
    this.exactPanel = null;
    /** @type {import('./rogue-check.js').CheckPanel | null} the Solve tab's "Check a recorded game" */
    this.checkPanel = null;
    /** @type {import('./rogue-panels.js').PairingsPanel | null} the Compare tab's pairings */
    this.pairings = null;
    this.mountPanels();
    shell.onTab(() => this.ui.update());
  }

  /** @param {typeof import('./rogue-panels.js')} panels */
  mountOwnPanels(panels) {
    panels.mountRoguePanels(this);
    this.addLetterPicker();
  }

  /** Rogue's panels keep a part of the view too ("Check a recorded game": `transcript`). */
  viewParts() {
    return [...super.viewParts(), this.checkPanel].filter(Boolean);
  }

  /** @param {import('../../contracts.js').View | null} view */
  lazyView(view) {
    const mine = super.lazyView(view);
    if (view && view.transcript) mine.transcript = view.transcript;
    return mine;
  }

  /** Rogue dungeons are square and start as rooms; the first brush is a room. */
  editSpec() {
    return { ...super.editSpec(), brush: '.', blank: (rows) => blankDungeon(rows) };
  }

  /** The monster's letter, in the Edit panel (the palette paints the monster as it is named). */
  addLetterPicker() {
    this.letterSelect = h('select#monster-letter', { 'aria-label': 'Monster letter', onchange: () => this.renameMonster(this.letterSelect.value) },
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((l) => h('option', { value: l }, l)));
    this.letterSelect.value = this.terrain ? this.terrain.letter : 'A';
    const palette = this.shell.panels.edit.querySelector('#palette');
    if (this.terrain) this.editor.showSwatchAs('A', this.terrain.letter, `Monster ${this.terrain.letter}`);
    palette.after(h('label.row.letter-pick', {}, h('span.muted.small', {}, 'Monster letter (its name in the file and the transcript)'), this.letterSelect));
  }

  /** @param {string} letter */
  renameMonster(letter) {
    const m = this.terrain && this.terrain.monster;
    if (!m || letter === this.terrain.letter) return;
    const before = this.levelText();
    try {
      this.session.set_monster_letter(letter);
    } catch (err) {
      this.shell.toast(err.message || String(err), 'warn');
      return;
    }
    this.editor.record(before);
    this.levelEdited();
  }

  // ---- level and session -------------------------------------------------------

  /**
   * Strict coursework reading; short rows are padded with walls (with a warning).
   * @param {string} text
   */
  parse(text) {
    const strict = super.parse(text);
    this.pendingWarnings = [];
    if (!strict.error) return strict;
    let session;
    try {
      session = new this.api.RogueSession(text, true);
    } catch {
      return strict;
    }
    this.pendingWarnings = session.warnings();
    return { session };
  }

  onNewSession() {
    this.stopAll();
    const session = this.session;
    session.set_players(...this.safePlayers());
    if (this.maxMoves !== 1000) session.set_max_moves(this.maxMoves);
    this.view = session.view();
    this.warnings = this.pendingWarnings || [];
    this.pendingWarnings = [];
    if (this.warnings.length) {
      const w = this.warnings[0];
      const text = `Short rows padded with walls (${formatParseError(w)}${this.warnings.length > 1 ? `, and ${this.warnings.length - 1} more` : ''})`;
      setTimeout(() => this.shell.toast(text, 'warn')); // after the editor's "Level loaded"
    }
    this.noteTerrain();
  }

  levelChanged() {
    super.levelChanged();
    this.answerIfDue();
  }

  onLevelEdited() {
    this.stopAll();
    this.warnings = [];
    this.noteTerrain();
  }

  noteTerrain() {
    this.terrain = terrainOf(this.session.level_text());
    this.terrainKey++;
    this.drawing.reset();
    if (this.letterSelect) this.letterSelect.value = this.terrain.letter;
    if (this.editor) this.editor.showSwatchAs('A', this.terrain.letter, `Monster ${this.terrain.letter}`);
    // The optimal players need the exact solution, which a huge dungeon cannot afford.
    if (!this.exactOk() && this.players.includes('optimal')) {
      this.session.set_players(...this.safePlayers());
      this.view = this.session.view();
    }
  }

  /** Most open sites the exact solution is computed for here (from the engine). */
  get exactLimit() {
    return this.api.rogue_exact_limit();
  }

  /** Whether the exact solution is affordable here (open sites ≤ the limit). */
  exactOk() {
    const t = this.terrain;
    return !t || t.rooms + t.corridors <= this.exactLimit;
  }

  /** The players as set, with Optimal replaced when the dungeon is too large for it (the engine's rule). */
  /** @returns {[string, string]} */
  safePlayers() {
    return /** @type {[string, string]} */ (this.session.affordable_players(...this.players));
  }


  viewState() {
    return { ...super.viewState(), ...rogueViewState(this) };
  }

  applyView(view) {
    super.applyView(view);
    applyRogueView(this, view);
  }

  /** @param {Record<string, unknown>} patch */
  savePrefs(patch) {
    save('prefs', { ...(load('prefs') || {}), ...patch });
  }

  // ---- players and settings (each kept in the prefs and carried by links) ---------------

  isHuman(side) {
    return !!side && this.players[side === 'monster' ? 0 : 1] === 'human';
  }

  /** Exactly one side is played by a human (the other one's strategy answers). */
  oneHuman() {
    return this.isHuman('monster') !== this.isHuman('rogue');
  }

  /** The side that a key or a click moves: the human's, else the side to move. */
  actingSide() {
    const side = this.view.toMove;
    if (!side) return null;
    if (this.oneHuman() && !this.isHuman(side)) return otherSide(side);
    return side;
  }

  setPlayers(monster, rogue) {
    this.stopAll();
    this.players = [monster, rogue];
    this.session.set_players(...this.safePlayers());
    this.savePrefs({ rogueMonster: monster, rogueRogue: rogue });
    this.changed();
    this.answerIfDue();
  }

  setMaxMoves(turns) {
    const n = Math.max(1, Math.min(MAX_LIMIT, Math.round(Number(turns)) || 1000));
    if (n === this.maxMoves) return;
    this.stopAll();
    const line = this.fullLine().slice(0, 2 * n);
    const moves = this.playedMoves().slice(0, 2 * n);
    this.maxMoves = n;
    this.savePrefs({ rogueMaxMoves: n });
    this.session.set_max_moves(n);
    this.redoMoves = [];
    this.replayMoves(moves);
    this.syncRedo(line);
    this.ui.update();
    this.viewChanged();
  }

  /** The Transport calls this when its speed changes. */
  setSpeed(index) {
    this.speedIndex = index;
    this.animSpeed = SPEEDS[index] / 4;
    this.savePrefs({ rogueSpeed: index });
    this.viewChanged();
  }

  setExact(on) {
    if (on && !this.exactOk()) {
      this.shell.toast(`This dungeon is too large for the exact solution (over ${this.exactLimit} open sites)`, 'warn');
      on = false;
    }
    this.setShown('showExact', 'rogueExact', on);
  }

  setCycles(on) {
    this.setShown('showCycles', 'rogueCycles', on);
  }

  setTrail(on) {
    this.setShown('showTrail', 'rogueTrail', on);
  }

  /** An overlay switched on or off: kept in the prefs, redrawn, carried by links. */
  setShown(field, pref, on) {
    this[field] = on;
    this.savePrefs({ [pref]: on });
    this.ui.update();
    this.board.invalidate();
    this.viewChanged();
  }

  // ---- the line: moves played and the ones undone (fullLine, seek: GameBase) ---------

  /**
   * Load a whole game's line and go to its start (Compare tab: watch a pairing).
   * @param {string} moves
   */
  loadLine(moves) {
    this.stopAll();
    this.redoMoves = [...moves].reverse();
    this.replayMoves('');
  }

  /** Undo and redo stop at the human's turn when one side is human. */
  undoTarget(k) {
    let to = k - 1;
    if (this.oneHuman()) while (to > 0 && !this.isHuman(sideAt(to))) to--;
    return to;
  }

  redoTarget(k) {
    const line = this.fullLine();
    let to = k + 1;
    if (this.oneHuman()) while (to < line.length && !this.isHuman(sideAt(to))) to++;
    return to;
  }

  afterRestart() {
    this.answerIfDue();
  }

  // ---- moves ------------------------------------------------------------------------------

  /** Stop playing, drop a pending answer, end the running animation. */
  stopAll() {
    this.pause();
    this.answers.stop();
    this.finishAnimation();
  }

  /**
   * Play a digit for the side that a key or click moves. With one human side, when the
   * strategy is to move it plays first (undone if the human's move is illegal); after
   * the human's move it answers, once the move's animation is over. `{toMove: true}`
   * plays for the side to move whoever controls it (the exact solution's best moves).
   * @param {string} symbol
   * @param {{fromPlan?: boolean, toMove?: boolean}} [opts]
   */
  move(symbol, opts = {}) {
    if (!this.session) return Promise.resolve(false);
    if (opts.fromPlan) return super.move(symbol, opts);
    this.stopAll();
    const answer = this.answers.start();
    const line = this.fullLine();
    const v = this.view;
    const ahead = !opts.toMove && !!(v.toMove && this.oneHuman() && !this.isHuman(v.toMove) && this.session.step());
    const side = ahead ? otherSide(v.toMove) : v.toMove;
    const before = v.moves.length + (ahead ? 1 : 0);
    const done = super.move(symbol, { fromPlan: true });
    if (this.view.moves.length <= before) {
      if (ahead) this.session.undo();
      return done;
    }
    this.syncRedo(line);
    this.dispatchEvent(new Event('usermove'));
    this.ui.update();
    const next = this.view.toMove;
    if (this.isHuman(side) && next && !this.isHuman(next)) {
      done.then(() => {
        if (!answer.aborted) this.stepStrategy();
      });
    }
    return done;
  }

  /**
   * The strategy of the side to move plays one half-move. Resolves when its animation
   * ends; null when nothing was played (game over, or a human is to move).
   * @param {{animate?: boolean, quiet?: boolean}} [opts]
   */
  stepStrategy(opts = {}) {
    return this.autoMove(() => this.session.step(), opts, { animate: (report) => this.played(null, report) });
  }


  // ---- the players on the Transport (AutoGame) ------------------------------------------

  autoStep(opts) {
    const recorded = this.checkPanel && this.checkPanel.nextMove(); // a checked game on the board: its next move
    if (recorded) return this.autoMove(() => this.session.play(recorded), opts, { animate: (report) => this.played(null, report) });
    return this.stepStrategy(opts);
  }

  autoRun() {
    this.session.run(2 * this.maxMoves + 2);
  }

  autoFinished() {
    return !this.view.toMove;
  }

  autoBlocked() {
    const v = this.view;
    return v && v.humanToMove ? `Your move: the ${v.toMove} is yours (a direction key, 5 or S to stay)` : null;
  }

  get overText() {
    return 'The game is over: Restart, Undo or scrub back to play on';
  }

  togglePlay() {
    this.answers.stop();
    super.togglePlay();
  }

  /**
   * With one human side and the strategy's side to move (the start, a restart, new
   * players), the strategy answers at once, after the running animation.
   */
  answerIfDue() {
    const v = this.view;
    if (!v || !v.toMove || this.playing || !this.oneHuman() || this.isHuman(v.toMove)) return;
    const answer = this.answers.start();
    setTimeout(() => {
      const now = this.view;
      if (!answer.aborted && now && now.toMove && this.oneHuman() && !this.isHuman(now.toMove) && !this.playing) this.stepStrategy();
    }, 0);
  }

  /** A half-move was played: slide the piece. */
  played(prev, report) {
    const rate = SPEEDS[this.speedIndex];
    const ms = this.playing ? Math.min(200, 700 / rate) : 170;
    if (same(report.from, report.to)) return this.animateFor({ half: report }, Math.min(ms, 90));
    return this.animateFor({ half: report }, ms);
  }

  // ---- pointer ----------------------------------------------------------------------------

  tapCell(cell) {
    const v = this.view;
    if (!v.toMove) {
      this.shell.toast('The game is over: Restart, Undo or scrub back to play on');
      return;
    }
    const side = this.actingSide();
    const at = v[side];
    const dr = cell.row - at.row;
    const dc = cell.col - at.col;
    if (Math.max(Math.abs(dr), Math.abs(dc)) > 1) {
      this.shell.toast(`Click a site next to the ${side} to step there (the ${side} itself to stay)`);
      return;
    }
    this.move(dr || dc ? digitToward(at, cell) : '5');
  }

  setHover(cell) {
    if (same(cell, this.hover)) return;
    this.hover = cell;
    this.ui.showCoords(cell);
    this.board.invalidate();
  }

  /** What the board draws (rogue-scene.js). */
  scene() {
    return this.drawing.scene();
  }

  keyCommand(e) {
    return rogueKey(e);
  }

  gameKey(k) {
    return rogueGameKey(this, k);
  }

  debug() {
    return {
      ...super.debug(),
      players: () => [...this.players],
      setPlayers: (m, r) => this.setPlayers(m, r),
      line: () => this.fullLine(),
      playing: () => this.playing,
      outcomeAt: (row, col) => this.drawing.outcomeAt(row, col),
      exact: () => this.drawing.exactNow(),
      cycles: () => this.drawing.cycles(),
      overlays: () => ({ exact: this.showExact, cycles: this.showCycles, trail: this.showTrail }),
      scene: () => {
        const s = this.scene();
        return { actors: s.actors, marks: s.marks.map((m) => ({ kind: m.kind, row: m.row, col: m.col, side: m.side })), top: s.top };
      },
    };
  }

  unmount() {
    this.stopAll();
    if (this.pairings) this.pairings.dispose();
    if (this.checkPanel) this.checkPanel.dispose();
    super.unmount();
  }
}

export default gameModule('rogue', 'Rogue', RogueGame);
