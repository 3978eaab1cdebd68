// What Rogue's board shows, an object the game holds (`game.drawing`, rogue.js): the
// exact solution and the cycles cached per position, the pieces' trails, and the scene
// the board draws.

import { WALL, SAFE } from './rogue-tiles.js';
import { digitDelta, digitToward } from '../../input.js';
import { sideAt } from './rogue-players.js';

/** @typedef {import('../../contracts.js').Cell} Cell */
/** @typedef {import('../../contracts.js').Scene} Scene */

const TRAIL = 8; // positions kept in a piece's trail
/** @param {number} t */
const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** The exact solution, the cycles and the scene of a Rogue game. */
export class RogueScene {
  /** @param {import('./rogue.js').RogueGame} game */
  constructor(game) {
    this.game = game;
    /** @type {{outcome?: {key: string, values: Uint32Array, max: number}, exact?: {key: string, value: any}, cycles?: any}} */
    this.caches = {};
  }

  /** Drop what was computed for the level before (a new or edited dungeon). */
  reset() {
    this.caches = {};
  }

  // ---- the exact solution and the cycles (cached per position) ---------------------------

  positionKey() {
    return `${this.game.terrainKey}|${this.game.view.moves}|${this.game.view.maxMoves}`;
  }

  /** outcome_map() with the slowest capture: {values, max}, or null when unaffordable. */
  outcome() {
    if (!this.game.exactOk()) return null;
    const key = this.positionKey();
    if (!this.caches.outcome || this.caches.outcome.key !== key) {
      const values = this.game.session.outcome_map();
      let max = 0;
      for (const v of values) if (v < WALL && v > max) max = v;
      this.caches.outcome = { key, values, max };
    }
    return this.caches.outcome;
  }

  /** exact() for the position now, or null when unaffordable. */
  exactNow() {
    if (!this.game.exactOk()) return null;
    const key = this.positionKey();
    if (!this.caches.exact || this.caches.exact.key !== key) this.caches.exact = { key, value: this.game.session.exact() };
    return this.caches.exact.value;
  }

  cycles() {
    if (!this.caches.cycles) this.caches.cycles = this.game.session.cycles();
    return this.caches.cycles;
  }

  /** The outcome overlay's reading of a site: 'wall', 'safe' or k (monster moves). */
  outcomeAt(row, col) {
    const o = this.outcome();
    if (!o) return null;
    const v = o.values[row * this.game.view.cols + col];
    return v === WALL ? 'wall' : v === SAFE ? 'safe' : v;
  }

  // ---- drawing ----------------------------------------------------------------------------

  /** A piece's recent positions (oldest first), from the move digits, without `at`. */
  trail(side, at) {
    const moves = this.game.view.moves;
    const pts = [];
    let p = at;
    for (let i = moves.length - 1; i >= 0 && pts.length < TRAIL; i--) {
      if (sideAt(i) !== side) continue;
      const d = digitDelta(moves[i]);
      if (!d) continue;
      p = { row: p.row - d[0], col: p.col - d[1] };
      pts.unshift(p);
    }
    return pts;
  }

  /** @returns {Scene | null} */
  scene() {
    const g = this.game;
    if (!g.session || !g.terrain) return null;
    const tab = g.shell.activeTab();
    const v = g.view;
    const t = g.terrain;
    const scene = { rows: v.rows, cols: v.cols, tiles: t.bytes, tilesKey: `terrain${g.terrainKey}`, marks: [], actors: [], top: [] };
    if (tab === 'edit') {
      if (t.rogue) scene.actors.push({ kind: 'rogue', ...t.rogue });
      if (t.monster) scene.actors.push({ kind: 'monster', letter: t.letter, ...t.monster });
      if (g.hover) scene.marks.push({ kind: 'target', ...g.hover });
      return scene;
    }
    const pos = { monster: v.monster, rogue: v.rogue };
    const a = g.anim && g.anim.half;
    if (a) {
      const u = ease(Math.min(1, g.anim.t / g.anim.duration));
      pos[a.side] = { row: a.from.row + (a.to.row - a.from.row) * u, col: a.from.col + (a.to.col - a.from.col) * u };
    }
    if (g.showExact) {
      const o = this.outcome();
      if (o) scene.marks.push({ kind: 'outcome', row: 0, col: 0, values: o.values, max: o.max, cols: v.cols });
    }
    if (g.showCycles) scene.marks.push({ kind: 'cycles', row: 0, col: 0, cycles: this.cycles() });
    if (g.showTrail) {
      for (const side of ['monster', 'rogue']) {
        const pts = this.trail(side, v[side]);
        if (pts.length) scene.marks.push({ kind: 'trail', side, row: 0, col: 0, points: [...pts, pos[side]] });
      }
    }
    const caught = v.status === 'caught' && !a;
    if (caught) scene.marks.push({ kind: 'catch', ...v.rogue });
    scene.actors.push({ kind: 'rogue', ...pos.rogue, alpha: caught ? 0.55 : 1 });
    scene.actors.push({ kind: 'monster', letter: v.letter, ...pos.monster });
    if (g.showExact && v.toMove && !a) {
      const ex = this.exactNow();
      const from = v[v.toMove];
      // No arrows when every step is as good: they would only hide the piece.
      const best = ex && ex.best.length < v.legal.length ? ex.best : '';
      for (const d of best) {
        const delta = digitDelta(d) || [0, 0];
        scene.top.push({ kind: 'best', ...from, to: { row: from.row + delta[0], col: from.col + delta[1] } });
      }
    }
    if (g.hover && v.toMove) {
      const side = g.actingSide();
      const at = v[side];
      const dr = g.hover.row - at.row;
      const dc = g.hover.col - at.col;
      if (Math.max(Math.abs(dr), Math.abs(dc)) <= 1) {
        const digit = dr || dc ? digitToward(at, g.hover) : '5';
        const known = side === v.toMove;
        scene.top.push({ kind: !known || v.legal.includes(digit) ? 'target' : 'bad', ...g.hover });
      }
    }
    return scene;
  }

}
