// GPac's keys: four directions (arrows, WASD, numpad or digits 8 4 6 2) and hold (Space,
// H, 5) for Pac-Man; Enter steps the agents, P plays / pauses, Home / End go along the
// game's line; the history keys as in every game (Ctrl+Z, Backspace, Ctrl+Y, R).

import { historyKey } from '../../game-base.js';

const DIRS = {
  arrowup: 'u', w: 'u', 8: 'u',
  arrowdown: 'd', s: 'd', 2: 'd',
  arrowleft: 'l', a: 'l', 4: 'l',
  arrowright: 'r', d: 'r', 6: 'r',
};
const NUMPAD = { Numpad8: 'u', Numpad2: 'd', Numpad4: 'l', Numpad6: 'r' };

/** The command of a key event: {type: 'dir', sym} | {type: 'hold'|'step'|'play'|'first'|'last'|'undo'|'redo'|'restart'} | {type: null}. */
export function gpacKey(e) {
  const k = (e.key || '').toLowerCase();
  const history = historyKey(e);
  if (history) return history;
  if (NUMPAD[e.code]) return { type: 'dir', sym: NUMPAD[e.code] };
  if (e.code === 'Numpad5' || k === '5' || k === ' ' || (k === 'h' && !e.shiftKey)) return { type: 'hold' };
  if (e.shiftKey && k.length === 1) return { type: null };
  if (DIRS[k]) return { type: 'dir', sym: DIRS[k] };
  if (k === 'r') return { type: 'restart' };
  if (k === 'enter') return { type: 'step' };
  if (k === 'p') return { type: 'play' };
  if (k === 'home') return { type: 'first' };
  if (k === 'end') return { type: 'last' };
  return { type: null };
}
