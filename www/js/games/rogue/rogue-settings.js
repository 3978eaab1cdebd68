// Rogue's players and settings, as methods of the game (mixed into RogueGame): who
// plays each side, the move limit, the speed, and the overlays (exact solution, cycles,
// trail), each kept in the prefs and carried by links.

import { otherSide, SPEEDS } from './rogue-players.js';

/** The most turns a game may be limited to. */
export const MAX_LIMIT = 100000;

export const settingsMethods = {
  isHuman(side) {
    return !!side && this.players[side === 'monster' ? 0 : 1] === 'human';
  },

  /** Exactly one side is played by a human (the other one's strategy answers). */
  oneHuman() {
    return this.isHuman('monster') !== this.isHuman('rogue');
  },

  /** The side that a key or a click moves: the human's, else the side to move. */
  actingSide() {
    const side = this.view.toMove;
    if (!side) return null;
    if (this.oneHuman() && !this.isHuman(side)) return otherSide(side);
    return side;
  },

  setPlayers(monster, rogue) {
    this.stopAll();
    this.players = [monster, rogue];
    this.session.set_players(...this.safePlayers());
    this.savePrefs({ rogueMonster: monster, rogueRogue: rogue });
    this.changed();
    this.answerIfDue();
  },

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
  },

  /** The Transport calls this when its speed changes. */
  setSpeed(index) {
    this.speedIndex = index;
    this.animSpeed = SPEEDS[index] / 4;
    this.savePrefs({ rogueSpeed: index });
    this.viewChanged();
  },

  setExact(on) {
    if (on && !this.exactOk()) {
      this.shell.toast(`This dungeon is too large for the exact solution (over ${this.exactLimit} open sites)`, 'warn');
      on = false;
    }
    this.setShown('showExact', 'rogueExact', on);
  },

  setCycles(on) {
    this.setShown('showCycles', 'rogueCycles', on);
  },

  setTrail(on) {
    this.setShown('showTrail', 'rogueTrail', on);
  },

  /** An overlay switched on or off: kept in the prefs, redrawn, carried by links. */
  setShown(field, pref, on) {
    this[field] = on;
    this.savePrefs({ [pref]: on });
    this.ui.update();
    this.board.invalidate();
    this.viewChanged();
  },
};
