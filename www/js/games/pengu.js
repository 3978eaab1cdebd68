// Pengu in the playground: owns the wasm PenguSession, turns input into moves, animates
// the move reports, and wires the panels. Every rule (legality, slides, score, output)
// comes from the wasm module; this file only draws and routes.

import { penguPainter, tileSwatch, TILE_INFO } from './pengu-tiles.js';
import { levelById, levelByText, defaultLevelId } from './pengu-levels.js';
import { PenguUi } from './pengu-ui.js';
import { penguSolve } from './pengu-solve.js';
import { digitForKey, digitToward, digitDelta, attachPointer } from '../input.js';
import { Editor, blankLevel } from '../editor.js';
import { SolverPanel } from '../solver-panel.js';
import { ComparePanel } from '../compare.js';
import { debouncedSaver, load } from '../storage.js';

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

export const formatParseError = (e) =>
  e && e.line != null ? `Line ${e.line}, column ${e.column}: ${e.message}` : (e && e.message) || String(e);

class PenguGame extends EventTarget {
  constructor(shell) {
    super();
    this.shell = shell;
    this.api = shell.api;
    this.board = shell.board;
    this.session = null;
    this.view = null;
    this.tilesKey = 0;
    this.baseText = '';
    this.levelName = '';
    this.redoMoves = [];
    this.anim = null;
    this.animSpeed = 1;
    this.hover = null;
    this.lastPath = [];
    this.facing = 1;
    this.overlay = null;
    this.goalBanner = null;
    this.saver = debouncedSaver('pengu');
    this.board.setPainter(penguPainter);
    this.board.setScene(() => this.scene());
    this.ui = new PenguUi(this);
    this.editor = new Editor(this, shell.panels.edit, this.editSpec());
    this.solver = new SolverPanel(this, shell.panels.solve, penguSolve);
    this.compare = new ComparePanel(this, shell.panels.compare, penguSolve);
    attachPointer(this.board, {
      mode: () => (shell.activeTab() === 'edit' ? 'edit' : 'play'),
      onTap: (cell) => this.tapCell(cell),
      onSwipe: (digit) => this.move(digit),
      onHover: (cell) => this.setHover(cell),
      onPaintStart: (cell, erase) => this.editor.strokeStart(cell, erase),
      onPaintMove: (cell) => this.editor.strokeMove(cell),
      onPaintEnd: () => this.editor.strokeEnd(),
    });
    shell.onTab(() => {
      this.hover = null;
      this.board.invalidate();
    });
  }

  /** What the shared editor needs to know about Pengu's tiles. */
  editSpec() {
    return {
      palette: this.api.pengu_palette(),
      info: TILE_INFO,
      swatch: tileSwatch,
      brush: '#',
      eraseSym: ' ',
      paintHint: 'Pick a tile, then click or drag on the board. Right button: ice. Painting Pengu moves it.',
      formatHint: 'Format: first line "ROWS COLS", then the rows: # wall, space ice, 0 snow, * fish, U bear, S shark, P Pengu. You can also drop a .txt file on the board.',
      blank: (rows, cols) => blankLevel(rows, cols, 'P'),
      skip: (cell, sym) => {
        const v = this.view;
        const onPengu = cell.row === v.start.row && cell.col === v.start.col;
        if (onPengu) return sym === 'P';
        return sym !== 'P' && this.session.level_tiles()[cell.row * v.cols + cell.col] === sym;
      },
    };
  }

  // ---- level and session -------------------------------------------------------

  parse(text) {
    try {
      return { session: new this.api.PenguSession(text) };
    } catch (err) {
      return { error: err };
    }
  }

  setSession(session) {
    this.finishAnimation();
    if (this.session) this.session.free();
    this.session = session;
    this.redoMoves = [];
    this.lastPath = [];
    this.goalBanner = null;
    this.tilesKey++;
    this.view = session.view();
    this.board.setGrid(this.view.rows, this.view.cols);
  }

  levelText() {
    return this.session ? this.session.level_text() : '';
  }

  /** Load a level text. Bad text: visible error, the current level stays. */
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
      this.levelName = name || (bundled ? bundled.name : 'Custom level');
    }
    if (record && before !== null && before !== this.levelText()) this.editor.record(before);
    if (!keepError) this.shell.clearError();
    if (moves) this.replayMoves(moves, { quiet: false });
    this.levelChanged();
    return true;
  }

  /** Replace the level by an edited text (editor undo/redo): no new base. */
  replaceLevel(text) {
    const { session, error } = this.parse(text);
    if (error) return false;
    this.setSession(session);
    this.levelChanged();
    return true;
  }

  /** After the session's level was modified in place (paint, resize). */
  levelEdited({ quiet = false } = {}) {
    this.tilesKey++;
    this.view = this.session.view();
    this.redoMoves = [];
    this.lastPath = [];
    this.goalBanner = null;
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
    const name = levelByText(shared.level) ? undefined : 'Shared level';
    this.loadLevel(shared.level, { name, moves: shared.moves || '' });
  }

  shareState() {
    return { level: this.levelText(), moves: this.view ? this.view.moves : '' };
  }

  // ---- moves ----------------------------------------------------------------------

  /** The move string played so far (the plan player compares it with the plan). */
  playedMoves() {
    return this.view ? this.view.moves : '';
  }

  /** A plan has been played to its end: say so when its goal is met short of victory. */
  planFinished(result) {
    if (this.view.status === 'playing' && result.goalMet) {
      this.goalBanner = `The plan's goal is met: ${this.view.score} fish eaten and Pengu is alive.`;
      this.ui.updateBanner();
    }
  }

  /** Replay a move string from the start (no animation). */
  replayMoves(moves, { quiet = true } = {}) {
    this.finishAnimation();
    let ok = true;
    try {
      this.session.replay(moves);
    } catch (err) {
      ok = false;
      if (!quiet) this.shell.toast(`Move ${err.index + 1} ('${err.symbol}') is not possible: ${err.message}`, 'warn');
    }
    const history = this.session.history();
    const last = history[history.length - 1];
    this.lastPath = last ? last.path : [];
    this.facingFrom(history);
    this.tilesKey++;
    this.changed();
    return ok;
  }

  facingFrom(history) {
    for (let i = history.length - 1; i >= 0; i--) {
      const d = digitDelta(DIGIT_OF[history[i].dir]);
      if (d && d[1]) {
        this.facing = d[1];
        return;
      }
    }
    this.facing = 1;
  }

  /** Play one move; resolves when its animation ends. */
  move(digit, { fromPlan = false } = {}) {
    if (!this.session) return Promise.resolve(false);
    this.finishAnimation();
    const from = { ...this.view.pengu };
    let report;
    try {
      report = this.session.play(digit);
    } catch (err) {
      this.ui.illegal(digit, err);
      return Promise.resolve(false);
    }
    if (!fromPlan) {
      this.redoMoves = [];
      this.dispatchEvent(new Event('usermove'));
    }
    this.goalBanner = null;
    const d = digitDelta(digit);
    if (d && d[1]) this.facing = d[1];
    this.lastPath = report.path;
    this.tilesKey++;
    const done = this.animate(from, report);
    this.changed();
    return done;
  }

  undo() {
    if (!this.session || !this.view.moves) return false;
    const moves = this.view.moves;
    this.redoMoves.push(moves[moves.length - 1]);
    this.dispatchEvent(new Event('usermove'));
    return this.replayMoves(moves.slice(0, -1));
  }

  redo() {
    const d = this.redoMoves.pop();
    if (!d) return false;
    this.move(d, { fromPlan: true });
    this.dispatchEvent(new Event('usermove'));
    return true;
  }

  restart() {
    if (!this.session) return;
    this.dispatchEvent(new Event('usermove'));
    this.redoMoves = [];
    this.replayMoves('');
  }

  tapCell(cell) {
    const p = this.view.pengu;
    const digit = digitToward(p, cell);
    if (digit) this.move(digit);
  }

  setHover(cell) {
    const same = (a, b) => (a && b ? a.row === b.row && a.col === b.col : a === b);
    if (same(cell, this.hover)) return;
    this.hover = cell;
    this.ui.showCoords(cell);
    this.board.invalidate();
  }

  // ---- animation ------------------------------------------------------------------

  animate(from, report) {
    const cells = [from, ...report.path];
    const steps = cells.length - 1;
    if (!steps || reducedMotion.matches) return Promise.resolve(true);
    const cols = this.view.cols;
    const eaten = new Map();
    for (const e of report.eaten) {
      const k = report.path.findIndex((p) => p.row === e.row && p.col === e.col);
      eaten.set(e.row * cols + e.col, k + 1);
    }
    const duration = Math.min(900, Math.max(110, 62 * steps)) / this.animSpeed;
    return new Promise((resolve) => {
      this.anim = { cells, eaten, died: report.died, t0: performance.now(), duration, resolve, pos: { ...from } };
      const tick = (now) => {
        const a = this.anim;
        if (!a || a.resolve !== resolve) return;
        const t = Math.max(0, Math.min(1, (now - a.t0) / a.duration));
        const f = (1 - (1 - t) * (1 - t)) * steps; // ease out: slides slow down at the end
        const i = Math.min(steps - 1, Math.floor(f));
        const u = f - i;
        a.pos = {
          row: cells[i].row + (cells[i + 1].row - cells[i].row) * u,
          col: cells[i].col + (cells[i + 1].col - cells[i].col) * u,
        };
        a.f = f;
        this.board.invalidate();
        if (t >= 1) this.finishAnimation();
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

  tiles() {
    const s = this.session;
    return new Uint8Array(this.shell.memory.buffer, s.tiles_ptr(), s.tiles_len());
  }

  scene() {
    if (!this.session) return null;
    const v = this.view;
    const a = this.anim;
    const patches = [];
    const marks = [];
    let actor;
    if (a) {
      for (const [index, k] of a.eaten) if (k > a.f + 0.5) patches.push({ index, sym: '*' });
      actor = { kind: 'pengu', row: a.pos.row, col: a.pos.col, facing: this.facing };
    } else {
      actor = { kind: v.status === 'dead' ? 'dead' : 'pengu', row: v.pengu.row, col: v.pengu.col, facing: this.facing };
      for (const p of this.lastPath.slice(0, -1)) marks.push({ kind: 'trail', ...p });
    }
    if (v.moves && (v.start.row !== v.pengu.row || v.start.col !== v.pengu.col)) marks.push({ kind: 'start', ...v.start });
    const tab = this.shell.activeTab();
    if (this.hover && !a) {
      if (tab === 'edit') marks.push({ kind: 'target', ...this.hover });
      else if (v.status === 'playing') {
        const digit = digitToward(v.pengu, this.hover);
        const d = digit && digitDelta(digit);
        if (d) marks.push({ kind: v.legal.includes(digit) ? 'target' : 'bad', row: v.pengu.row + d[0], col: v.pengu.col + d[1] });
      }
    }
    return {
      rows: v.rows,
      cols: v.cols,
      tiles: this.tiles(),
      tilesKey: this.tilesKey,
      patches,
      marks,
      heat: tab === 'edit' ? null : this.overlay,
      actor,
    };
  }

  setOverlay(overlay) {
    this.overlay = overlay;
    this.board.invalidate();
  }

  // ---- change propagation ---------------------------------------------------------

  changed() {
    this.view = this.session.view();
    this.ui.update();
    this.board.invalidate();
    const state = this.shareState();
    this.saver.save({ level: state.level, moves: state.moves, base: this.baseText, name: this.levelName });
    this.shell.updateHash(state);
    this.dispatchEvent(new Event('change'));
  }

  onKey(e) {
    const tab = this.shell.activeTab();
    const k = e.key.toLowerCase();
    const mod = e.ctrlKey || e.metaKey;
    if (mod && k === 'z') {
      if (tab === 'edit') (e.shiftKey ? this.editor.redo() : this.editor.undo());
      else if (e.shiftKey) this.redo();
      else this.undo();
      return true;
    }
    if (mod && k === 'y') {
      if (tab === 'edit') this.editor.redo();
      else this.redo();
      return true;
    }
    if (mod || e.altKey) return false;
    if (e.key === 'Backspace') {
      this.undo();
      return true;
    }
    if (k === 'r' && !e.shiftKey) {
      this.restart();
      return true;
    }
    if (e.key === ' ' && tab === 'solve') return this.solver.togglePlay();
    if (k === 'h' && !e.shiftKey && this.solver.trace.replay) {
      this.solver.trace.toggleHeat();
      return true;
    }
    const digit = digitForKey(e);
    if (digit) {
      this.move(digit);
      return true;
    }
    return false;
  }

  debug() {
    return {
      levelText: () => this.levelText(),
      moves: () => this.view.moves,
      status: () => this.view.status,
      score: () => this.view.score,
      view: () => this.session.view(),
      plan: () => this.solver.plan,
      animating: () => !!this.anim,
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
    this.session = null;
  }

  start(shared) {
    let saved = load('pengu');
    if (shared && saved && saved.level === shared.level) {
      // A reload keeps the hash: the autosave knows more (the level as first loaded).
      saved = { ...saved, moves: shared.moves || '' };
      shared = null;
    }
    let ok = false;
    if (shared) {
      const name = levelByText(shared.level) ? undefined : 'Shared level';
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

const DIGIT_OF = { NW: '7', N: '8', NE: '9', W: '4', E: '6', SW: '1', S: '2', SE: '3' };

export default {
  id: 'pengu',
  name: 'Pengu',
  mount(shell, shared) {
    const game = new PenguGame(shell);
    game.start(shared);
    return game;
  },
};
