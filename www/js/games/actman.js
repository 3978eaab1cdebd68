// Act-Man II in the playground: owns the wasm ActmanSession, turns keys, clicks and
// swipes into actions, animates the turn reports, draws the monsters' next moves, and
// wires the panels. Every rule (legality, chases, deaths, score, output) comes from
// the wasm module; this file only draws and routes.

import { actmanPainter, tileSwatch, TILE_INFO } from './actman-tiles.js';
import { levelById, levelByText, defaultLevelId } from './actman-levels.js';
import { ActmanUi } from './actman-ui.js';
import { actmanSolve } from './actman-solve.js';
import { TurnAnimation, FIRE_ANGLE, facingOf, deathCause } from './actman-anim.js';
import { actmanKey } from './actman-keys.js';
import { digitToward, attachPointer, fireToward, fireOfDigit } from '../input.js';
import { Editor, blankLevel } from '../editor.js';
import { SolverPanel } from '../solver-panel.js';
import { ComparePanel } from '../compare.js';
import { debouncedSaver, load, save } from '../storage.js';

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

export const formatParseError = (e) =>
  e && e.line != null ? `Line ${e.line}, column ${e.column}: ${e.message}` : (e && e.message) || String(e);

const same = (a, b) => (a && b ? a.row === b.row && a.col === b.col : a === b);

class ActmanGame extends EventTarget {
  constructor(shell) {
    super();
    this.shell = shell;
    this.api = shell.api;
    this.board = shell.board;
    this.session = null;
    this.view = null;
    this.initial = { monsters: 0 };
    this.tilesKey = 0;
    this.baseText = '';
    this.levelName = '';
    this.redoMoves = [];
    this.anim = null;
    this.animSpeed = 1;
    this.hover = null;
    this.hoverShift = false;
    this.preview = null; // {key, chases} for the hovered neighbour
    this.facing = 0;
    this.overlay = null;
    this.planBanner = null;
    this.deathCause = '';
    this.aiming = false;
    const prefs = load('prefs') || {};
    this.showArrows = prefs.actmanArrows !== false;
    this.saver = debouncedSaver('actman');
    this.board.setPainter(actmanPainter);
    this.board.setScene(() => this.scene());
    this.ui = new ActmanUi(this);
    this.editor = new Editor(this, shell.panels.edit, this.editSpec());
    this.solver = new SolverPanel(this, shell.panels.solve, actmanSolve);
    this.compare = new ComparePanel(this, shell.panels.compare, actmanSolve);
    attachPointer(this.board, {
      mode: () => (shell.activeTab() === 'edit' ? 'edit' : 'play'),
      onTap: (cell, e) => this.tapCell(cell, e),
      onSwipe: (digit) => this.swipe(digit),
      onHover: (cell, e) => this.setHover(cell, e),
      onPaintStart: (cell, erase) => this.editor.strokeStart(cell, erase),
      onPaintMove: (cell) => this.editor.strokeMove(cell),
      onPaintEnd: () => this.editor.strokeEnd(),
    });
    shell.onTab(() => {
      this.hover = null;
      this.board.invalidate();
    });
    // Holding Shift over the board turns the hover mark into a fire mark at once.
    const shiftKey = (e) => {
      if (e.key !== 'Shift' || this.hoverShift === (e.type === 'keydown')) return;
      this.hoverShift = e.type === 'keydown';
      if (this.hover) this.board.invalidate();
    };
    addEventListener('keydown', shiftKey, { signal: shell.signal });
    addEventListener('keyup', shiftKey, { signal: shell.signal });
  }

  /** What the shared editor needs to know about Act-Man's tiles. */
  editSpec() {
    return {
      palette: this.api.actman_palette(),
      info: TILE_INFO,
      swatch: tileSwatch,
      brush: '#',
      eraseSym: ' ',
      paintHint: 'Pick a tile, then click or drag on the board. Right button: space. Painting Act-Man moves him; paint him elsewhere before painting over his cell.',
      formatHint: 'Format: first line "ROWS COLS", then the rows: # wall, space, A Act-Man, G ogre, D demon, @ corpse. You can also drop a .txt file on the board.',
      blank: (rows, cols) => blankLevel(rows, cols, 'A'),
      skip: (cell, sym) => {
        const line = this.levelText().split('\n')[cell.row + 1] || '';
        return (line[cell.col] || ' ') === sym;
      },
    };
  }

  // ---- level and session -------------------------------------------------------

  parse(text) {
    try {
      return { session: new this.api.ActmanSession(text) };
    } catch (err) {
      return { error: err };
    }
  }

  setSession(session) {
    this.finishAnimation();
    if (this.session) this.session.free();
    this.session = session;
    this.redoMoves = [];
    this.planBanner = null;
    this.aiming = false;
    this.facing = 0;
    this.tilesKey++;
    this.view = session.view();
    this.noteStart();
    this.board.setGrid(this.view.rows, this.view.cols);
  }

  /** Counts of the dungeon as it starts (the session's view before any action). */
  noteStart() {
    const v = this.view;
    if (v.actions) return;
    const ogres = v.monsters.filter((m) => m[1] === 'ogre').length;
    this.initial = { monsters: v.monsters.length, ogres, demons: v.monsters.length - ogres, corpses: v.corpses.length };
  }

  levelText() {
    return this.session ? this.session.level_text() : '';
  }

  /** Load a dungeon text. Bad text: visible error, the current dungeon stays. */
  loadLevel(text, { name, moves = '', base = true, record = true, keepError = false } = {}) {
    const { session, error } = this.parse(text);
    if (error) {
      this.shell.showError(formatParseError(error));
      this.dispatchEvent(new CustomEvent('parseerror', { detail: error }));
      return false;
    }
    const before = this.session ? this.levelText() : null;
    this.setSession(session);
    if (base) {
      this.baseText = session.level_text();
      const bundled = levelByText(this.baseText);
      this.levelName = name || (bundled ? bundled.name : 'Custom dungeon');
    }
    if (record && before !== null && before !== this.levelText()) this.editor.record(before);
    if (!keepError) this.shell.clearError();
    if (moves) this.replayMoves(moves, { quiet: false });
    this.levelChanged();
    return true;
  }

  /** Replace the dungeon by an edited text (editor undo/redo): no new base. */
  replaceLevel(text) {
    const { session, error } = this.parse(text);
    if (error) return false;
    this.setSession(session);
    this.levelChanged();
    return true;
  }

  /** After the session's dungeon was modified in place (paint, resize). */
  levelEdited({ quiet = false } = {}) {
    this.tilesKey++;
    this.view = this.session.view();
    this.noteStart();
    this.redoMoves = [];
    this.planBanner = null;
    this.preview = null;
    this.board.setGrid(this.view.rows, this.view.cols);
    if (quiet) {
      this.board.invalidate();
      this.ui.update();
      return;
    }
    this.levelChanged();
  }

  levelChanged() {
    this.dispatchEvent(new Event('level'));
    this.changed();
  }

  loadShared(shared) {
    const name = levelByText(shared.level) ? undefined : 'Shared dungeon';
    this.loadLevel(shared.level, { name, moves: shared.moves || '' });
  }

  shareState() {
    return { level: this.levelText(), moves: this.playedMoves() };
  }

  // ---- actions --------------------------------------------------------------------

  playedMoves() {
    return this.view ? this.view.actions : '';
  }

  /** A plan has been played to its end without a victory: say how it stands. */
  planFinished(result) {
    const v = this.view;
    if (v.status !== 'playing') return;
    const note = result && result.note;
    this.planBanner = note ? `${note[0].toUpperCase()}${note.slice(1)}.` : 'The monsters are not all dead.';
    this.ui.updateBanner();
  }

  /** Replay an action string from the start (no animation). */
  replayMoves(moves, { quiet = true } = {}) {
    this.finishAnimation();
    let ok = true;
    try {
      this.session.replay(moves);
    } catch (err) {
      ok = false;
      if (!quiet) this.shell.toast(`Action ${err.index + 1} ('${err.symbol}') is not possible: ${err.message}`, 'warn');
    }
    const history = this.session.history();
    this.facing = 0;
    let before = null;
    for (const r of history) {
      this.facing = FIRE_ANGLE[r.action] ?? facingOf(r.from, r.to, this.facing);
      before = r;
    }
    this.planBanner = null;
    this.aiming = false;
    this.deathCause = '';
    if (before && before.status === 'dead') this.deathCause = deathCause(before);
    this.tilesKey++;
    this.changed();
    return ok;
  }

  /** Play one action (a move digit or N/S/E/W); resolves when its animation ends. */
  act(symbol, { fromPlan = false } = {}) {
    if (!this.session) return Promise.resolve(false);
    this.finishAnimation();
    const prev = this.view;
    let report;
    try {
      report = this.session.play(symbol);
    } catch (err) {
      this.ui.illegal(symbol, err);
      return Promise.resolve(false);
    }
    if (!fromPlan) {
      this.redoMoves = [];
      this.dispatchEvent(new Event('usermove'));
    }
    this.planBanner = null;
    this.aiming = false;
    this.deathCause = report.status === 'dead' ? deathCause(report) : '';
    const anim = new TurnAnimation(prev, report, this.animSpeed, this.facing);
    this.facing = anim.facing;
    this.tilesKey++;
    const done = this.animate(anim);
    this.changed();
    return done;
  }

  /** The plan player and the shared code call this `move`. */
  move(symbol, opts) {
    return this.act(symbol, opts);
  }

  undo() {
    if (!this.session || !this.view.actions) return false;
    const moves = this.view.actions;
    this.redoMoves.push(moves[moves.length - 1]);
    this.dispatchEvent(new Event('usermove'));
    return this.replayMoves(moves.slice(0, -1));
  }

  redo() {
    const d = this.redoMoves.pop();
    if (!d) return false;
    this.act(d, { fromPlan: true });
    this.dispatchEvent(new Event('usermove'));
    return true;
  }

  restart() {
    if (!this.session) return;
    this.dispatchEvent(new Event('usermove'));
    this.redoMoves = [];
    this.replayMoves('');
  }

  setAiming(on) {
    const can = this.view && /[NSEW]/.test(this.view.legal);
    if (on && !can) {
      this.shell.toast(this.view && this.view.bulletUsed ? 'The bullet is already spent' : 'The game is over', 'warn');
      on = false;
    }
    this.aiming = on;
    this.ui.update();
    this.board.invalidate();
  }

  setArrows(on) {
    this.showArrows = on;
    this.ui.setArrows(on);
    save('prefs', { ...(load('prefs') || {}), actmanArrows: on });
    this.board.invalidate();
  }

  tapCell(cell, e) {
    const a = this.view.actman;
    if (this.aiming || (e && e.shiftKey)) {
      const shot = fireToward(a, cell);
      if (shot) this.act(shot);
      else if (!same(cell, a)) this.shell.toast('Fire north, south, east or west: pick a cell in line with Act-Man', 'warn');
      return;
    }
    const dr = cell.row - a.row;
    const dc = cell.col - a.col;
    if (Math.max(Math.abs(dr), Math.abs(dc)) === 1) this.act(digitToward(a, cell));
    else if (dr || dc) this.shell.toast('Click a cell next to Act-Man to step there (Shift+click in line to fire)');
  }

  swipe(digit) {
    if (!this.aiming) return this.act(digit);
    const shot = fireOfDigit(digit);
    if (shot) return this.act(shot);
    this.shell.toast('The bullet flies north, south, east or west only', 'warn');
    return Promise.resolve(false);
  }

  setHover(cell, e) {
    const shift = e ? !!e.shiftKey : this.hoverShift;
    if (same(cell, this.hover) && shift === this.hoverShift) return;
    this.hover = cell;
    this.hoverShift = shift;
    this.ui.showCoords(cell);
    this.board.invalidate();
  }

  /** Where the monsters would step if Act-Man moved to the hovered neighbour. */
  previewChases(cell) {
    const key = `${this.view.actions}|${cell.row},${cell.col}|${this.tilesKey}`;
    if (!this.preview || this.preview.key !== key) {
      this.preview = { key, chases: this.session.chases_towards(cell.row, cell.col) };
    }
    return this.preview.chases;
  }

  // ---- animation ------------------------------------------------------------------

  animate(anim) {
    if (reducedMotion.matches) return Promise.resolve(true);
    return new Promise((resolve) => {
      this.anim = { turn: anim, t0: performance.now(), t: 0, resolve };
      const tick = (now) => {
        const a = this.anim;
        if (!a || a.resolve !== resolve) return;
        a.t = now - a.t0;
        this.board.invalidate();
        if (a.t >= a.turn.duration) this.finishAnimation();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  finishAnimation() {
    const a = this.anim;
    if (!a) return;
    this.anim = null;
    a.resolve(true);
    this.board.invalidate();
    this.ui.updateBanner();
  }

  // ---- drawing --------------------------------------------------------------------

  tiles(session = this.session) {
    return new Uint8Array(this.shell.memory.buffer, session.tiles_ptr(), session.tiles_len());
  }

  /** A session at the dungeon's start, for the Edit tab while a game is under way. */
  startSession() {
    if (!this.view.actions) return null;
    const text = this.levelText();
    if (!this.startCopy || this.startCopy.text !== text) {
      if (this.startCopy) this.startCopy.session.free();
      const { session } = this.parse(text);
      this.startCopy = session ? { text, session, view: session.view() } : null;
    }
    return this.startCopy;
  }

  scene() {
    if (!this.session) return null;
    const tab = this.shell.activeTab();
    const start = tab === 'edit' ? this.startSession() : null;
    const v = start ? start.view : this.view;
    const scene = {
      rows: v.rows,
      cols: v.cols,
      tiles: this.tiles(start ? start.session : this.session),
      tilesKey: start ? `start${this.tilesKey}` : this.tilesKey,
      patches: [],
      marks: [],
      actors: [],
      top: [],
      heat: tab === 'edit' ? null : this.overlay,
    };
    if (this.anim && !start) {
      Object.assign(scene, this.anim.turn.frame(this.anim.t, v.cols));
      return scene;
    }
    for (const [p, kind] of v.monsters) scene.actors.push({ kind, ...p });
    scene.actors.push({ kind: v.status === 'dead' ? 'dead' : 'actman', ...v.actman, facing: start ? 0 : this.facing });
    const playing = v.status === 'playing' && tab !== 'edit';
    let chases = v.nextChases;
    if (this.hover && tab === 'edit') scene.marks.push({ kind: 'target', ...this.hover });
    else if (this.hover && playing) {
      const a = v.actman;
      const dr = this.hover.row - a.row;
      const dc = this.hover.col - a.col;
      if (this.aiming || this.hoverShift) {
        if (fireToward(a, this.hover)) scene.marks.push({ kind: 'fire', ...this.hover });
      } else if (Math.max(Math.abs(dr), Math.abs(dc)) === 1) {
        const digit = digitToward(a, this.hover);
        if (v.legal.includes(digit)) {
          chases = this.previewChases(this.hover);
          const caught = chases.some((c) => same(c.to, this.hover));
          scene.marks.push({ kind: caught ? 'bad' : 'target', ...this.hover });
        } else {
          scene.marks.push({ kind: 'bad', ...this.hover });
        }
      }
    }
    if (this.showArrows && playing) {
      const preview = chases !== v.nextChases;
      for (const c of chases) scene.top.push({ kind: 'arrow', monster: c.kind, ...c.from, to: c.to, preview });
    }
    if (this.aiming && playing) scene.top.push({ kind: 'aim', ...v.actman });
    return scene;
  }

  setOverlay(overlay) {
    this.overlay = overlay;
    this.board.invalidate();
  }

  // ---- change propagation ---------------------------------------------------------

  changed() {
    this.view = this.session.view();
    this.preview = null;
    this.ui.update();
    this.board.invalidate();
    const state = this.shareState();
    this.saver.save({ level: state.level, moves: state.moves, base: this.baseText, name: this.levelName });
    this.shell.updateHash(state);
    this.dispatchEvent(new Event('change'));
  }

  onKey(e) {
    const tab = this.shell.activeTab();
    const k = actmanKey(e, { aiming: this.aiming });
    switch (k.type) {
      case 'undo':
        if (tab === 'edit') this.editor.undo();
        else this.undo();
        return true;
      case 'redo':
        if (tab === 'edit') this.editor.redo();
        else this.redo();
        return true;
      case 'restart':
        this.restart();
        return true;
      case 'aim':
        this.setAiming(!this.aiming);
        return true;
      case 'cancel':
        if (!this.aiming) return false;
        this.setAiming(false);
        return true;
      case 'arrows':
        this.setArrows(!this.showArrows);
        this.shell.toast(this.showArrows ? 'Monster arrows on' : 'Monster arrows off');
        return true;
      case 'space':
        return tab === 'solve' ? this.solver.togglePlay() : false;
      case 'heat':
        if (!this.solver.trace.replay) return false;
        this.solver.trace.toggleHeat();
        return true;
      case 'fire':
        this.act(k.symbol);
        return true;
      case 'diagonal':
        this.aiming = false;
        this.ui.update();
        this.board.invalidate();
        this.shell.toast('The bullet flies north, south, east or west only', 'warn');
        return true;
      case 'move':
        this.act(k.symbol);
        return true;
      default:
        return false;
    }
  }

  debug() {
    return {
      levelText: () => this.levelText(),
      moves: () => this.view.actions,
      status: () => this.view.status,
      score: () => this.view.score,
      view: () => this.session.view(),
      plan: () => this.solver.plan,
      animating: () => !!this.anim,
      arrows: () => this.showArrows,
      aiming: () => this.aiming,
      scene: () => {
        const s = this.scene();
        return { actors: s.actors, marks: s.marks, top: s.top };
      },
      loadLevel: (text, moves) => this.loadLevel(text, { moves }),
    };
  }

  /** Another game takes the stage: stop workers, timers and animations. */
  unmount() {
    this.finishAnimation();
    this.saver.flush();
    this.solver.dispose();
    this.compare.dispose();
    if (this.session) this.session.free();
    if (this.startCopy) this.startCopy.session.free();
    this.session = null;
    this.startCopy = null;
  }

  begin(shared) {
    let saved = load('actman');
    if (shared && saved && saved.level === shared.level) {
      // A reload keeps the hash: the autosave knows more (the level as first loaded).
      saved = { ...saved, moves: shared.moves || '' };
      shared = null;
    }
    let ok = false;
    if (shared) {
      const name = levelByText(shared.level) ? undefined : 'Shared dungeon';
      ok = this.loadLevel(shared.level, { moves: shared.moves || '', name, record: false });
    } else if (saved && saved.level) {
      ok = this.loadLevel(saved.base || saved.level, { name: saved.name, record: false });
      if (ok && saved.base && saved.base !== saved.level) ok = this.replaceLevel(saved.level);
      if (ok && saved.moves) this.replayMoves(saved.moves);
    }
    if (!ok) this.loadLevel(levelById(defaultLevelId).text, { record: false, keepError: !!shared });
    this.editor.resetHistory();
  }
}

export default {
  id: 'actman',
  name: 'Act-Man',
  mount(shell, shared) {
    const game = new ActmanGame(shell);
    game.begin(shared);
    return game;
  },
};
