// What GPac's board shows, as methods of the game (mixed into GpacGame): the Play
// tab's game (its turn sliding), the Edit tab's walls and spawns, or the Replay tab's
// snapshot; and the status bar's fields for the same.

import { GpacTile } from '../../../pkg/gridlab.js';
import { terrain, terrainOfTiles, sceneOfTurn } from './gpac-tiles.js';

export const sceneMethods = {
  /** {x, y} (origin bottom-left) → {row, col} of the board. */
  toCell(p, rows = this.view.rows) {
    return { row: rows - 1 - p.y, col: p.x };
  },

  terrainNow() {
    const c = this.terrainCache;
    if (c.key !== this.tilesKey) {
      c.bytes = terrainOfTiles(this.tiles(), this.view.rows, this.view.cols);
      c.key = this.tilesKey;
    }
    return c.bytes;
  },

  scene() {
    if (!this.session || !this.view) return null;
    const tab = this.shell.activeTab();
    if (tab === 'solve' && this.replay.loaded()) return this.replay.scene();
    const v = this.view;
    const { rows, cols } = v;
    if (tab === 'edit') {
      const c = this.terrainCache;
      if (c.editKey !== this.tilesKey) {
        const tiles = this.tiles();
        c.edit = terrain(rows, cols, (r, col) => tiles[r * cols + col] === GpacTile.Wall, () => false);
        c.editKey = this.tilesKey;
      }
      return {
        rows, cols, tiles: c.edit, tilesKey: `e${this.tilesKey}`, marks: this.hover ? [{ kind: 'target', ...this.hover }] : [],
        actors: [{ kind: 'pacman', row: 0, col: 0, dir: 'r' }, ...v.ghosts.map((_, i) => ({ kind: 'ghost', i, row: rows - 1, col: cols - 1, slot: i, count: v.ghosts.length }))],
      };
    }
    const scene = { rows, cols, tiles: this.terrainNow(), tilesKey: `p${this.tilesKey}`, marks: [], actors: [], patches: [] };
    return sceneOfTurn(scene, {
      now: v, turn: this.anim && this.anim.turn, t: this.anim ? Math.min(1, this.anim.t / this.anim.duration) : 1,
      heading: this.heading, looks: this.looks, toCell: (p) => this.toCell(p, rows),
    });
  },

  /** What the status bar shows: the replayed snapshot on the Replay tab, else the game. */
  shownState() {
    if (this.shell.activeTab() === 'solve' && this.replay.loaded()) return this.replay.status();
    const v = this.view;
    return { ...v, label: this.playing ? 'Playing' : v.turns ? 'Paused' : 'Ready' };
  },
};
