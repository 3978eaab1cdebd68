// Pengu in the playground: owns the wasm PenguSession (through ../game-base.js), turns
// input into moves, animates the move reports and draws the scene. Every rule
// (legality, slides, score, output) comes from the wasm module; this file only draws
// and routes.

import { penguPainter, tileSwatch, TILE_INFO } from './pengu-tiles.js';
import { catalog } from './pengu-levels.js';
import { PenguUi } from './pengu-ui.js';
import { digitToward, digitDelta } from '../../input.js';
import { GameBase, gameModule, sameCell, sizeFields, seedField, generatedName } from '../../game-base.js';

const DIGIT_OF = { NW: '7', N: '8', NE: '9', W: '4', E: '6', SW: '1', S: '2', SE: '3' };

/**
 * What a board draws of a Pengu session at rest ("Check a solution"'s boards): its
 * tiles, the last slide's trail, where Pengu started, and Pengu.
 * @param {PenguGame} game
 * @param {import('../../../pkg/gridlab_play.js').PenguSession} session
 */
function restingScene(game, session) {
  const v = session.view();
  const history = session.history();
  const last = history[history.length - 1];
  const marks = (last ? last.path.slice(0, -1) : []).map((p) => ({ kind: 'trail', ...p }));
  if (v.moves && (v.start.row !== v.pengu.row || v.start.col !== v.pengu.col)) marks.push({ kind: 'start', ...v.start });
  const actor = { kind: v.status === 'dead' ? 'dead' : 'pengu', row: v.pengu.row, col: v.pengu.col, facing: 1 };
  return { rows: v.rows, cols: v.cols, tiles: game.tiles(session), marks, actor };
}

/** @extends {GameBase<import('../../../pkg/gridlab_play.js').PenguSession>} */
export class PenguGame extends GameBase {
  constructor(shell) {
    super(shell, {
      id: 'pengu',
      Session: 'PenguSession',
      noun: 'level',
      moveNoun: 'move',
      catalog,
      painter: penguPainter,
      Ui: PenguUi,
      // The solve adapter (its forms, presets and result reading): after the first board.
      loadSolve: (q) => import(`./pengu-solve.js${q}`).then((m) => m.penguSolve),
      check: { maxStates: 300_000, planCap: 1000 },
      judge: {
        limit: { key: 'goal', label: 'Goal', all: 'All fish', n: 'At least N fish', option: (v) => (typeof v === 'number' ? { at_least: v } : v) },
        scene: restingScene,
      },
      generate: {
        fields: [
          ...sizeFields({ rows: 10, cols: 10, rowsTitle: 'Rows, border included (the course format\'s first number)' }),
          { key: 'fish', label: 'Fish', value: 8 },
          { key: 'minMoves', label: 'At least moves', value: 30, title: 'The optimal plan takes at least this many moves' },
          seedField('pengu', 'level'),
          { key: 'unique', label: 'Unique optimal plan', type: 'checkbox', value: true },
        ],
        name: generatedName,
        summary: (r) => `Proved: ${r.features.optimal_moves} moves, ${r.features.unique ? 'a unique optimal plan' : `${r.features.optimal_plans} optimal plans`}`,
      },
      edit: {
        info: TILE_INFO,
        swatch: tileSwatch,
        hero: 'P',
        paintHint: 'Pick a tile, then click or drag on the board. Right button: ice. Painting Pengu moves it.',
        formatHint: 'Format: first line "ROWS COLS", then the rows: # wall, space ice, 0 snow, * fish, U bear, S shark, P Pengu. You can also drop a .txt file on the board.',
        skip(cell, sym) {
          const v = this.view;
          const onPengu = cell.row === v.start.row && cell.col === v.start.col;
          if (onPengu) return sym === 'P';
          return sym !== 'P' && this.session.level_tiles()[cell.row * v.cols + cell.col] === sym;
        },
      },
    });
    this.lastPath = [];
    this.facing = 1;
    this.mountPanels();
  }

  onNewSession() {
    this.lastPath = [];
  }

  onLevelEdited() {
    this.lastPath = [];
  }

  /** A plan has been played to its end: say so when its goal is met short of victory. */
  planFinished(result) {
    if (this.view.status === 'playing' && result.goalMet) {
      this.showPlanNote(`The plan's goal is met: ${this.view.score} fish eaten and Pengu is alive.`);
    }
  }

  afterReplay(history) {
    const last = history[history.length - 1];
    this.lastPath = last ? last.path : [];
    this.facingFrom(history);
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

  played(prev, report, digit) {
    const d = digitDelta(digit);
    if (d && d[1]) this.facing = d[1];
    this.lastPath = report.path;
    return this.animate({ ...prev.pengu }, report);
  }

  tapCell(cell) {
    const digit = digitToward(this.view.pengu, cell);
    if (digit) this.move(digit);
  }

  setHover(cell) {
    if (sameCell(cell, this.hover)) return;
    this.hover = cell;
    this.ui.showCoords(cell);
    this.board.invalidate();
  }

  // ---- animation ------------------------------------------------------------------

  animate(from, report) {
    const cells = [from, ...report.path];
    const steps = cells.length - 1;
    if (!steps) return Promise.resolve(true);
    const cols = this.view.cols;
    const eaten = new Map();
    for (const e of report.eaten) {
      const k = report.path.findIndex((p) => p.row === e.row && p.col === e.col);
      eaten.set(e.row * cols + e.col, k + 1);
    }
    const duration = Math.min(900, Math.max(110, 62 * steps)) / this.animSpeed;
    return this.animateFor({ cells, eaten, died: report.died, pos: { ...from } }, duration, (a, t) => {
      const f = (1 - (1 - t) * (1 - t)) * steps; // ease out: slides slow down at the end
      const i = Math.min(steps - 1, Math.floor(f));
      const u = f - i;
      a.pos = {
        row: cells[i].row + (cells[i + 1].row - cells[i].row) * u,
        col: cells[i].col + (cells[i + 1].col - cells[i].col) * u,
      };
      a.f = f;
    });
  }

  // ---- drawing --------------------------------------------------------------------

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
}

export default gameModule('pengu', 'Pengu', PenguGame);
