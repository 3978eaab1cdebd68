// What GPac's board shows, an object the game holds (`game.drawing`, gpac.js): the
// Play tab's game (its turn sliding), the Edit tab's walls and spawns, or the Replay
// tab's snapshot; and the status bar's fields for the same.

import { GpacTile } from '../../../pkg/gridlab_play.js';
import { terrain, terrainOfTiles, sceneOfTurn } from './gpac-tiles.js';

/** @typedef {import('../../contracts.js').Cell} Cell */
/** @typedef {import('../../contracts.js').Scene} Scene */

/** The scene and status of a GPac game, with the terrain cached per tiles key. */
export class GpacScene {
  /** @param {import('./gpac.js').GpacGame} game */
  constructor(game) {
    this.game = game;
    /** @type {{key: number | null, bytes: Uint8Array | null, edit: Uint8Array | null, editKey: number | null}} */
    this.terrainCache = { key: null, bytes: null, edit: null, editKey: null };
  }

  /**
   * {x, y} (origin bottom-left) → {row, col} of the board.
   * @param {{x: number, y: number}} p
   * @param {number} [rows]
   * @returns {Cell}
   */
  toCell(p, rows = this.game.view.rows) {
    return { row: rows - 1 - p.y, col: p.x };
  }

  terrainNow() {
    const g = this.game;
    const c = this.terrainCache;
    if (c.key !== g.tilesKey) {
      c.bytes = terrainOfTiles(g.tiles(), g.view.rows, g.view.cols);
      c.key = g.tilesKey;
    }
    return c.bytes;
  }

  /** @returns {Scene | null} */
  scene() {
    const g = this.game;
    if (!g.session || !g.view) return null;
    const tab = g.shell.activeTab();
    if (tab === 'solve' && g.replay && g.replay.loaded()) return g.replay.scene();
    const v = g.view;
    const { rows, cols } = v;
    if (tab === 'edit') {
      const c = this.terrainCache;
      if (c.editKey !== g.tilesKey) {
        const tiles = g.tiles();
        c.edit = terrain(rows, cols, (r, col) => tiles[r * cols + col] === GpacTile.Wall, () => false);
        c.editKey = g.tilesKey;
      }
      return {
        rows, cols, tiles: c.edit, tilesKey: `e${g.tilesKey}`, marks: g.hover ? [{ kind: 'target', ...g.hover }] : [],
        actors: [{ kind: 'pacman', row: 0, col: 0, dir: 'r' }, ...v.ghosts.map((_, i) => ({ kind: 'ghost', i, row: rows - 1, col: cols - 1, slot: i, count: v.ghosts.length }))],
      };
    }
    const scene = { rows, cols, tiles: this.terrainNow(), tilesKey: `p${g.tilesKey}`, marks: [], actors: [], patches: [] };
    return sceneOfTurn(scene, {
      now: v, turn: g.anim && g.anim.turn, t: g.anim ? Math.min(1, g.anim.t / g.anim.duration) : 1,
      heading: g.heading, looks: g.looks, toCell: (p) => this.toCell(p, rows),
    });
  }

  /** What the status bar shows: the replayed snapshot on the Replay tab, else the game. */
  shownState() {
    const g = this.game;
    if (g.shell.activeTab() === 'solve' && g.replay && g.replay.loaded()) return g.replay.status();
    const v = g.view;
    return { ...v, label: g.playing ? 'Playing' : v.turns ? 'Paused' : 'Ready' };
  }
}
