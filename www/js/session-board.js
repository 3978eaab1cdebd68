// A small board of its own over its own wasm session: the game's painter, the scene of
// the session at rest (the game spec's `judge.scene(game, session)`) and an optional
// overlay (a heat-map). "Check a solution"'s two boards (check-boards.js) and the
// race's boards (race-view.js) are these.

import { Board } from './board.js';

/** @typedef {import('./contracts.js').Scene} Scene */

export class SessionBoard {
  /**
   * @param {import('./game-base.js').GameBase<any>} game
   * @param {HTMLElement} host the element the canvas fills (it keeps the level's aspect ratio)
   * @param {{id: string, canvasId: string, label: string, overlay?: () => Partial<Scene> | null}} options
   *   id: this board's part of the static layer's key; overlay: drawn over the scene
   */
  constructor(game, host, { id, canvasId, label, overlay = () => null }) {
    this.game = game;
    this.host = host;
    this.id = id;
    this.overlay = overlay;
    /** @type {any} the game's wasm session on this board */
    this.session = null;
    this.key = 0;
    this.board = new Board(host);
    this.board.canvas.id = canvasId;
    this.board.canvas.setAttribute('aria-label', label);
    this.board.canvas.tabIndex = -1;
    this.board.setPainter(game.spec.painter);
    this.board.setScene(() => this.scene());
  }

  get canvas() {
    return this.board.canvas;
  }

  /**
   * A new session on `levelText` (throws the game's parse error).
   * @param {string} levelText
   */
  load(levelText) {
    this.free();
    this.session = new this.game.api[this.game.spec.Session](levelText);
    const v = this.session.view();
    this.host.style.aspectRatio = `${v.cols} / ${v.rows}`;
    this.board.setGrid(v.rows, v.cols);
    this.changed();
  }

  /** The session moved: draw its tiles again. */
  changed() {
    this.key++;
    this.board.invalidate();
  }

  /** Only the overlay changed: the static layer stays. */
  redraw() {
    this.board.invalidate();
  }

  /** @returns {Scene | null} */
  scene() {
    if (!this.session) return null;
    const scene = this.game.spec.judge.scene(this.game, this.session);
    return { ...scene, ...(this.overlay() || {}), tilesKey: `${this.id}:${this.key}` };
  }

  free() {
    if (this.session) this.session.free();
    this.session = null;
  }

  dispose() {
    this.free();
    this.board.destroy();
  }
}
