// A game whose own players move (Rogue's strategies, GPac's agents): its whole line on
// the one Transport (play / pause / step / to the end / scrub back and forth), and undo,
// redo and restart along that line. A subclass gives (the defaults are below):
//   autoStep({animate, quiet}) → Promise | null   its players' next move (GameBase.autoMove)
//   autoRun()                    its players to the end at once (or to a person's turn)
//   autoFinished() → bool        the game is over
//   autoBlocked() → text | null  why auto-play cannot start (a person is to move)
//   stepBlocked() → text | null  optional: why Step cannot (default autoBlocked)
//   overText                     what to say when the game is over
//   advance(opts)                optional: one step of auto-play (default autoStep)
//   maxRate() → steps a second   optional: the Transport's cap
//   undoTarget(k), redoTarget(k) optional: where undo and redo stop (a person's turn)
//   afterRestart()               optional: after Restart

import { GameBase } from './game-base.js';
import { Transport } from './transport.js';

/**
 * A game whose own players move, its line on a Transport.
 * @template {import('./contracts.js').Session} [S=import('./contracts.js').Session] the game's wasm session class
 * @extends {GameBase<S>}
 */
export class AutoGame extends GameBase {
  // ---- what a subclass gives ---------------------------------------------------------

  /**
   * Its players' next move (`GameBase.autoMove`); null when nothing was played.
   * @param {{animate?: boolean, quiet?: boolean}} opts
   * @returns {Promise<boolean> | null}
   */
  autoStep(opts) {
    return null;
  }

  /**
   * Its players to the end at once (or to a person's turn).
   * @returns {number | void} the moves played, when it counts them
   */
  autoRun() {}

  /** The game is over. */
  autoFinished() {
    return true;
  }

  /**
   * Why auto-play cannot start (a person is to move), or null.
   * @returns {string | null}
   */
  autoBlocked() {
    return null;
  }

  /** What to say when the game is over. */
  get overText() {
    return 'The game is over';
  }

  /** The Transport's cap, in steps a second. */
  maxRate() {
    return Infinity;
  }

  /**
   * The Transport's speed changed to `index` (keep it: prefs, link).
   * @param {number} index
   */
  setSpeed(index) {}

  /** After Restart. */
  afterRestart() {}

  // ---- the Transport --------------------------------------------------------------------

  /**
   * The Transport over the line, at `speeds` ({label, rate}) from `speedIndex`.
   * @param {import('./contracts.js').Speed[]} speeds
   * @param {number} speedIndex
   */
  makeTransport(speeds, speedIndex) {
    this.transport = new Transport(this.transportSource(), { speeds, speed: speedIndex, onSpeed: (i) => this.setSpeed(i) });
    return this.transport;
  }

  /**
   * The game as the Transport's source: its line, its players stepping it.
   * @returns {import('./contracts.js').TransportSource}
   */
  transportSource() {
    return {
      position: () => this.playedMoves().length,
      length: () => this.fullLine().length,
      seek: (k) => this.seek(k),
      advance: (opts = {}) => this.advance(opts) || false,
      batchDone: (n) => n && this.changed(),
      finished: () => !this.view || this.autoFinished(),
      blocked: () => (this.session ? this.autoBlocked() : null),
      toEnd: () => this.runToEnd(),
      maxRate: () => (this.session ? this.maxRate() : Infinity),
    };
  }

  /**
   * One step of auto-play (default: `autoStep`).
   * @param {{animate?: boolean, batch?: boolean}} [opts]
   * @returns {Promise<boolean> | boolean | null}
   */
  advance({ animate = true, batch = false } = {}) {
    return this.autoStep({ animate, quiet: batch });
  }

  /**
   * Why Step cannot (default `autoBlocked`).
   * @returns {string | null}
   */
  stepBlocked() {
    return this.autoBlocked();
  }

  get playing() {
    return !!this.transport && this.transport.playing;
  }

  pause() {
    if (this.transport) this.transport.pause();
  }

  play() {
    const why = this.transport.play();
    if (why === 'over') this.shell.toast(this.overText);
    else if (why) this.shell.toast(why);
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  /** The Step button, Enter: one move by the players. */
  stepOnce() {
    this.stopAll();
    const why = this.autoFinished() ? this.overText : this.stepBlocked();
    if (why) this.shell.toast(why);
    else this.transport.step();
  }

  /** To the end: the players play the game out at once. */
  runToEnd() {
    this.stopAll();
    const why = this.stepBlocked();
    if (why) {
      this.shell.toast(why);
      return 0;
    }
    const line = this.fullLine();
    const n = this.autoRun();
    this.syncRedo(line);
    this.afterReplay(this.session.history());
    this.tilesKey++;
    this.changed();
    return n;
  }

  // ---- the line: moves played and the ones undone (fullLine, seek: GameBase) ---------

  /**
   * Where undo from move `k` stops (a person's turn).
   * @param {number} k
   */
  undoTarget(k) {
    return k - 1;
  }

  /**
   * Where redo from move `k` stops (a person's turn).
   * @param {number} k
   */
  redoTarget(k) {
    return k + 1;
  }

  undo() {
    const n = this.session ? this.playedMoves().length : 0;
    if (!n) return false;
    this.dispatchEvent(new Event('usermove'));
    this.seek(this.undoTarget(n));
    return true;
  }

  redo() {
    const len = this.playedMoves().length;
    if (this.fullLine().length === len) return false;
    this.dispatchEvent(new Event('usermove'));
    const k = this.redoTarget(len);
    if (k > len + 1) {
      this.seek(k);
      return true;
    }
    this.stopAll();
    super.move(this.redoMoves.pop(), { fromPlan: true });
    return true;
  }

  /** Back to the start, keeping the line (redo or the scrub slider go forward again). */
  restart() {
    if (!this.session) return;
    this.dispatchEvent(new Event('usermove'));
    this.seek(0);
    this.afterRestart();
  }
}
