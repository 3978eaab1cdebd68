// Rogue's keyboard: what a key press asks for. Steps are the numpad digits, Q W E /
// A D / Z X C and the arrows (as in the other games); 5, S and the numpad's point stay
// put. Space stays when a human is to move and steps the strategies otherwise; Enter
// steps, P plays or pauses, Home/End seek the game's line, O and L switch the overlays.

import { digitForKey } from '../../input.js';
import { historyKey } from '../../game-base.js';

/**
 * The command of a key event: {type: 'move', symbol}, {type: 'undo'|'redo'|'restart'|
 * 'space'|'step'|'play'|'first'|'last'|'exact'|'cycles'}, or {type: null}.
 */
export function rogueKey(e) {
  const k = (e.key || '').toLowerCase();
  const history = historyKey(e);
  if (history) return history;
  if (e.key === ' ') return { type: 'rogue-space' };
  if (e.key === 'Enter') return { type: 'step' };
  if (e.key === 'Home') return { type: 'first' };
  if (e.key === 'End') return { type: 'last' };
  if (e.code === 'Numpad5' || e.code === 'NumpadDecimal' || e.key === '5' || e.key === 'Clear') return { type: 'move', symbol: '5' };
  if (!e.shiftKey) {
    if (k === 's') return { type: 'move', symbol: '5' };
    if (k === 'r') return { type: 'restart' };
    if (k === 'p') return { type: 'play' };
    if (k === 'o') return { type: 'exact' };
    if (k === 'l') return { type: 'cycles' };
  }
  const digit = digitForKey(e);
  return digit ? { type: 'move', symbol: digit } : { type: null };
}

/** Run a Rogue command of `rogueKey` that the shared keys do not know; whether handled. */
export function rogueGameKey(game, k) {
  switch (k.type) {
    case 'rogue-space':
      if (game.view.humanToMove) game.move('5');
      else game.stepOnce();
      return true;
    case 'step':
      game.stepOnce();
      return true;
    case 'play':
      game.togglePlay();
      return true;
    case 'first':
      game.seek(0);
      return true;
    case 'last':
      game.seek(game.fullLine().length);
      return true;
    case 'exact':
      game.setExact(!game.showExact);
      game.shell.toast(game.showExact ? 'Exact solution shown' : 'Exact solution hidden');
      return true;
    case 'cycles':
      game.setCycles(!game.showCycles);
      game.shell.toast(game.showCycles ? 'Cycles shown' : 'Cycles hidden');
      return true;
    default:
      return false;
  }
}
