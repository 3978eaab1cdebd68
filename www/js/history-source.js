// The moves played by hand on a game's Play tab, on the one Transport: what the
// presenter's keys step and the GIF/WebM export records there (slides.js) in the games
// without players of their own (Pengu, Act-Man). Positions are moves: position = the
// moves played, length = the whole line (those played, then those undone); seek(k)
// replays the first k moves and keeps the rest of the line to redo (GameBase.seek).
// A recording ends at the move shown (`stopAt`), the undone moves left out.

import { Transport, PLAN_SPEEDS } from './transport.js';

/** The animation's own pace: moves a second at animSpeed 1. */
const BASE_RATE = 4;

/** @typedef {import('./game-base.js').GameBase<any>} GameBase */

export class HistorySource {
  /** @param {GameBase} game */
  constructor(game) {
    this.game = game;
    /** @type {number | null} where a recording stops (null: the end of the line) */
    this.stopAt = null;
  }

  position() {
    return this.game.playedMoves().length;
  }

  length() {
    return this.game.fullLine().length;
  }

  get rewinds() {
    return true;
  }

  finished() {
    return this.position() >= (this.stopAt ?? this.length());
  }

  /** @param {number} k */
  seek(k) {
    this.game.seek(k);
  }

  /** The next move of the line (the last one undone), animated at the rate. */
  async advance({ animate = true, rate = BASE_RATE } = {}) {
    const g = this.game;
    const d = g.redoMoves.pop();
    if (!d) return false;
    g.animSpeed = animate ? rate / BASE_RATE : 1;
    try {
      return await g.move(d, { fromPlan: true });
    } finally {
      g.animSpeed = 1;
    }
  }
}

/** @type {WeakMap<GameBase, Transport>} one transport a game, made when first asked for */
const transports = new WeakMap();

/**
 * The Play tab's transport over the moves played by hand, or null: when the game has
 * players of its own (`game.transport`), when no move was played, or when the board
 * shows a solved plan as its player left it (then the plan is what the tab shows).
 * @param {GameBase} game
 * @returns {Transport | null}
 */
export function handTransport(game) {
  const line = game.fullLine();
  const s = game.solver;
  if (game.transport || !line || (s && s.plan && s.player.attached() && s.plan.startsWith(line))) return null;
  let t = transports.get(game);
  if (!t) {
    t = new Transport(new HistorySource(game), { speeds: PLAN_SPEEDS, speed: 2 });
    game.addEventListener('usermove', () => t.pause());
    transports.set(game, t);
  }
  return t;
}
