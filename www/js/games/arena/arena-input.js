// Arena's input, as methods of the game (mixed into ArenaGame): swipes and taps on the
// board (a swipe turns, a tap drops a landmine or pauses), a replay file dropped on it,
// and the keys of each tab (the Play game, the Replay tab's file, the Live tab's seat).

import { SIDE } from './arena-draw.js';
import { SPEEDS } from './arena-ui.js';

const DIR_CODES = {
  ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R',
  KeyW: 'U', KeyS: 'D', KeyA: 'L', KeyD: 'R',
  Numpad8: 'U', Numpad2: 'D', Numpad4: 'L', Numpad6: 'R',
};
const DIR_KEYS = { w: 'U', s: 'D', a: 'L', d: 'R', ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R' };

/** A key's command, or null: arrows, WASD and the numpad turn (U D L R), Shift or R
 *  reverses (REV), E or Space drops a landmine (DROP). The Play game and a server
 *  seat (the Live tab) both read keys through this. */
export function commandOfKey(e) {
  const key = e.key || '';
  const lower = key.length === 1 ? key.toLowerCase() : key;
  const dir = DIR_CODES[e.code] || DIR_KEYS[lower];
  if (dir) return dir;
  if (key === 'Shift' || lower === 'r') return 'REV';
  if (lower === 'e' || key === ' ') return 'DROP';
  return null;
}

export const inputMethods = {
  attachPointer() {
    const c = this.board.canvas;
    const opts = { signal: this.signal };
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
    c.addEventListener('pointermove', (e) => {
      const p = this.pointer;
      if (!p || p.id !== e.pointerId) return;
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
      if (!cancelled && !p.swiped) this.tap(p.type);
    };
    c.addEventListener('pointerup', (e) => end(e, false), opts);
    c.addEventListener('pointercancel', (e) => end(e, true), opts);
    // A replay file dropped on the board opens in the Replay tab.
    const host = c.parentElement;
    host.addEventListener('dragover', (e) => e.preventDefault(), opts);
    host.addEventListener('drop', (e) => {
      e.preventDefault();
      const f = e.dataTransfer && e.dataTransfer.files[0];
      if (f) f.text().then((t) => this.replay.openText(t, f.name) && this.shell.selectTab('solve'));
    }, opts);
  },

  swipe(dir) {
    const tab = this.shell.activeTab();
    if (tab === 'solve' && this.replay.loaded()) {
      if (dir === 'L' || dir === 'R') this.replay.skip(dir === 'R' ? 20 : -20);
      return;
    }
    if (tab === 'edit') {
      this.live.command(dir);
      return;
    }
    if (tab !== 'play') return;
    if (this.you >= 0) this.human(dir);
  },

  /** A tap (touch) drops a landmine when you play; a click starts, pauses or resumes. */
  tap(type) {
    const tab = this.shell.activeTab();
    if (tab === 'solve' && this.replay.loaded()) {
      this.replay.toggle();
      return;
    }
    if (tab === 'edit' && this.live.info().seat >= 0 && type !== 'mouse') {
      this.live.command('DROP');
      return;
    }
    if (tab !== 'play') return;
    if (this.phase === 'ready' || this.phase === 'paused') this.togglePause();
    else if (this.phase === 'running' && this.you >= 0 && type !== 'mouse') this.human('DROP');
    else if (this.phase === 'running' && this.you < 0) this.pause();
  },

  onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const tab = this.shell.activeTab();
    if (tab === 'solve' && this.replay.loaded()) return this.replay.key(e);
    if (tab === 'edit') return this.live.key(e);
    const key = e.key || '';
    const lower = key.length === 1 ? key.toLowerCase() : key;
    const word = commandOfKey(e);
    const dir = word && 'UDLR'.includes(word) ? word : null;
    const playing = this.you >= 0 && this.phase !== 'over';
    if (tab !== 'play') return false;
    if (dir) {
      if (this.you >= 0) this.human(dir);
      else this.shell.toast('Bots only: choose "You vs bots" in the Play panel to play');
      return true;
    }
    if (word === 'REV') {
      if (!e.repeat && playing) this.human('REV');
      return playing;
    }
    if (word === 'DROP' && (lower === 'e' || (playing && this.phase !== 'ready'))) {
      if (!e.repeat && playing) this.human('DROP');
      return playing || key === ' ';
    }
    if (lower === 'p' || key === 'Escape' || key === ' ') {
      if (!e.repeat) this.togglePause();
      return true;
    }
    if (key === 'Enter') {
      if (this.phase === 'ready') this.startCurrent();
      else this.startGame();
      return true;
    }
    if (key === '-' || key === '_' || key === '+' || key === '=') {
      const i = SPEEDS.indexOf(this.speed) + (key === '-' || key === '_' ? -1 : 1);
      if (i >= 0 && i < SPEEDS.length) this.setSpeed(SPEEDS[i]);
      return true;
    }
    return false;
  },
};
