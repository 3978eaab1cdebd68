// Arena's input, an object the game holds (`game.input`, arena.js): swipes and taps on
// the board (a swipe turns, a tap drops a landmine or pauses), a replay file dropped on
// it, and the keys of each tab (the Play game, the Replay tab's file, the Live tab's seat).

import { SIDE } from './arena-draw.js';
import { SPEEDS } from './arena-ui.js';
import { ArenaPhase } from './arena-phase.js';
import { boardPlays } from '../../input.js';
import { TAP_SLOP } from '../../board.js';

const DIR_CODES = {
  ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R',
  KeyW: 'U', KeyS: 'D', KeyA: 'L', KeyD: 'R',
  Numpad8: 'U', Numpad2: 'D', Numpad4: 'L', Numpad6: 'R',
};
const DIR_KEYS = { w: 'U', s: 'D', a: 'L', d: 'R', ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R' };

/** A key's command, or null: arrows, WASD and the numpad turn (U D L R), Shift or R
 *  reverses (REV), E or Space drops a landmine (DROP). The Play game and a server
 *  seat (the Live tab) both read keys through this. */
/**
 * @param {KeyboardEvent} e
 * @returns {string | null}
 */
export function commandOfKey(e) {
  const key = e.key || '';
  const lower = key.length === 1 ? key.toLowerCase() : key;
  const dir = DIR_CODES[e.code] || DIR_KEYS[lower];
  if (dir) return dir;
  if (key === 'Shift' || lower === 'r') return 'REV';
  if (lower === 'e' || key === ' ') return 'DROP';
  return null;
}

/** The pointer, drops and keys of an Arena game. */
export class ArenaInput {
  /** @param {import('./arena.js').ArenaGame} game */
  constructor(game) {
    this.game = game;
    /** @type {{id: number, x: number, y: number, swiped: boolean, type: string, dir?: string} | null} the pointer down */
    this.pointer = null;
  }

  /** Listen to the board's pointer and drops (until the game is unmounted). */
  attach() {
    const c = this.game.board.canvas;
    const opts = { signal: this.game.signal };
    c.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      try {
        c.setPointerCapture(e.pointerId);
      } catch {
        /* a synthetic pointer */
      }
      this.pointer = { id: e.pointerId, x: e.clientX, y: e.clientY, swiped: false, type: e.pointerType };
      c.focus({ preventScroll: true });
      e.preventDefault();
    }, opts);
    const gesture = this.game.board.gesture; // a pinch, or a drag panning a zoomed board: no command
    c.addEventListener('pointermove', (e) => {
      const p = this.pointer;
      if (!p || p.id !== e.pointerId || gesture.multi || gesture.pans || !boardPlays()) return;
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      const cellCss = c.getBoundingClientRect().width / SIDE;
      if (Math.hypot(dx, dy) < Math.max(18, cellCss * 0.5)) return;
      const dir = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'R' : 'L') : dy > 0 ? 'D' : 'U';
      p.x = e.clientX;
      p.y = e.clientY;
      if (!p.swiped || p.dir !== dir) this.swipe(dir);
      p.swiped = true;
      p.dir = dir;
    }, opts);
    const end = (e, cancelled) => {
      const p = this.pointer;
      if (!p || p.id !== e.pointerId) return;
      this.pointer = null;
      const panned = gesture.pans && Math.hypot(e.clientX - p.x, e.clientY - p.y) >= TAP_SLOP;
      if (!cancelled && !p.swiped && !panned && !gesture.multi && boardPlays()) this.tap(p.type);
    };
    c.addEventListener('pointerup', (e) => end(e, false), opts);
    c.addEventListener('pointercancel', (e) => end(e, true), opts);
    // A replay file dropped on the board opens in the Replay tab.
    const host = c.parentElement;
    host.addEventListener('dragover', (e) => e.preventDefault(), opts);
    host.addEventListener('drop', (e) => {
      e.preventDefault();
      const f = e.dataTransfer && e.dataTransfer.files[0];
      if (f) {
        Promise.all([f.text(), this.game.loadPanels()]).then(([t, ok]) => ok && this.game.replay.openText(t, f.name) && this.game.shell.selectTab('solve'));
      }
    }, opts);
  }

  /**
   * A swipe: a turn (Play, Live) or a skip (Replay).
   * @param {string} dir U D L R
   */
  swipe(dir) {
    const tab = this.game.shell.activeTab();
    if (tab === 'solve' && this.game.replaying()) {
      if (dir === 'L' || dir === 'R') this.game.replay.skip(dir === 'R' ? 20 : -20);
      return;
    }
    if (tab === 'edit') {
      if (this.game.live) this.game.live.command(dir);
      return;
    }
    if (tab !== 'play') return;
    if (this.game.you >= 0) this.game.human(dir);
  }

  /**
   * A tap (touch) drops a landmine when you play; a click starts, pauses or resumes.
   * @param {string} type the pointer's type
   */
  tap(type) {
    const tab = this.game.shell.activeTab();
    if (tab === 'solve' && this.game.replaying()) {
      this.game.replay.toggle();
      return;
    }
    if (tab === 'edit' && this.game.live && this.game.live.info().seat >= 0 && type !== 'mouse') {
      this.game.live.command('DROP');
      return;
    }
    if (tab !== 'play') return;
    if (this.game.phase === ArenaPhase.READY || this.game.phase === ArenaPhase.PAUSED) this.game.togglePause();
    else if (this.game.phase === ArenaPhase.RUNNING && this.game.you >= 0 && type !== 'mouse') this.game.human('DROP');
    else if (this.game.phase === ArenaPhase.RUNNING && this.game.you < 0) this.game.pause();
  }

  /**
   * A key of the tab shown: whether it was handled.
   * @param {KeyboardEvent} e
   */
  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const tab = this.game.shell.activeTab();
    if (tab === 'solve' && this.game.replaying()) return this.game.replay.key(e);
    if (tab === 'edit') return !!this.game.live && this.game.live.key(e);
    const key = e.key || '';
    const lower = key.length === 1 ? key.toLowerCase() : key;
    const word = commandOfKey(e);
    const dir = word && 'UDLR'.includes(word) ? word : null;
    const playing = this.game.you >= 0 && this.game.phase !== ArenaPhase.OVER;
    if (tab !== 'play') return false;
    if (dir) {
      if (this.game.you >= 0) this.game.human(dir);
      else this.game.shell.toast('Bots only: choose "You vs bots" in the Play panel to play');
      return true;
    }
    if (word === 'REV') {
      if (!e.repeat && playing) this.game.human('REV');
      return playing;
    }
    if (word === 'DROP' && (lower === 'e' || (playing && this.game.phase !== ArenaPhase.READY))) {
      if (!e.repeat && playing) this.game.human('DROP');
      return playing || key === ' ';
    }
    if (lower === 'p' || key === 'Escape' || key === ' ') {
      if (!e.repeat) this.game.togglePause();
      return true;
    }
    if (key === 'Enter') {
      if (this.game.phase === ArenaPhase.READY) this.game.startCurrent();
      else this.game.startGame();
      return true;
    }
    if (key === '-' || key === '_' || key === '+' || key === '=') {
      const i = SPEEDS.indexOf(this.game.speed) + (key === '-' || key === '_' ? -1 : 1);
      if (i >= 0 && i < SPEEDS.length) this.game.setSpeed(SPEEDS[i]);
      return true;
    }
    return false;
  }
}
