// Act-Man's keyboard: what a key press asks for. Moves are the numpad digits, Q W E /
// A D / Z X C and the arrows (as for Pengu); Shift+direction fires (N S E W), and so
// does F (aim) followed by a direction.

import { digitForKey, fireForKey, fireOfDigit } from '../../input.js';

/**
 * The command of a key event: {type: 'move'|'fire', symbol}, {type: 'diagonal'} (a
 * shot asked for along a diagonal), {type: 'undo'|'redo'|'restart'|'aim'|'cancel'|
 * 'arrows'|'space'|'heat'}, or {type: null}.
 */
export function actmanKey(e, { aiming = false } = {}) {
  const k = (e.key || '').toLowerCase();
  const mod = e.ctrlKey || e.metaKey;
  if (mod && k === 'z') return { type: e.shiftKey ? 'redo' : 'undo' };
  if (mod && k === 'y') return { type: 'redo' };
  if (mod || e.altKey) return { type: null };
  const fire = fireForKey(e);
  if (fire === 'diagonal') return { type: 'diagonal' };
  if (fire) return { type: 'fire', symbol: fire };
  if (e.key === 'Backspace') return { type: 'undo' };
  if (e.key === 'Escape') return { type: 'cancel' };
  if (e.key === ' ') return { type: 'space' };
  if (!e.shiftKey) {
    if (k === 'r') return { type: 'restart' };
    if (k === 'f') return { type: 'aim' };
    if (k === 'm') return { type: 'arrows' };
    if (k === 'h') return { type: 'heat' };
  }
  const digit = digitForKey(e);
  if (!digit) return { type: null };
  if (!aiming) return { type: 'move', symbol: digit };
  const shot = fireOfDigit(digit);
  return shot ? { type: 'fire', symbol: shot } : { type: 'diagonal' };
}
