// Input: keyboard → numpad digits, pointer taps and swipes → directions (a zoomed
// board pans instead, a pinch zooms: board.js), and pointer drags for painting. No game
// rules here: only geometry.

import { TAP_SLOP } from './board.js';

const LETTERS = { q: '7', w: '8', e: '9', a: '4', d: '6', z: '1', x: '2', c: '3' };
const ARROWS = { ArrowUp: '8', ArrowDown: '2', ArrowLeft: '4', ArrowRight: '6' };
const DELTAS = {
  7: [-1, -1], 8: [-1, 0], 9: [-1, 1],
  4: [0, -1], 6: [0, 1],
  1: [1, -1], 2: [1, 0], 3: [1, 1],
};
const SECTORS = ['6', '3', '2', '1', '4', '7', '8', '9']; // clockwise from east (y down)

/** The move digit of a key event, or null. Lowercase z is SW; Ctrl+Z is undo. */
export function digitForKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const m = /^Numpad([1-9])$/.exec(e.code || '');
  if (m) return m[1] === '5' ? null : m[1];
  if (/^[1-46-9]$/.test(e.key)) return e.key;
  if (ARROWS[e.key]) return ARROWS[e.key];
  if (e.shiftKey) return null;
  return LETTERS[e.key] || null;
}

export const digitDelta = (d) => DELTAS[d] || null;

export function digitFromDelta(dr, dc) {
  for (const [d, [r, c]] of Object.entries(DELTAS)) if (r === Math.sign(dr) && c === Math.sign(dc)) return d;
  return null;
}

/** Digit of the direction from a vector (dx right, dy down), nearest of the 8. */
export function digitFromVector(dx, dy) {
  const k = Math.round(Math.atan2(dy, dx) / (Math.PI / 4));
  return SECTORS[(k + 8) % 8];
}

/** Direction from one cell toward another: exact on the 8 lines, else nearest. */
export function digitToward(from, to) {
  const dr = to.row - from.row;
  const dc = to.col - from.col;
  if (!dr && !dc) return null;
  if (!dr || !dc || Math.abs(dr) === Math.abs(dc)) return digitFromDelta(dr, dc);
  return digitFromVector(dc, dr);
}

/** The embed view (`embed=1`): a click or tap on the board focuses it and plays nothing. */
export const boardPlays = () => !document.body.classList.contains('embed');

/**
 * Pointer handling on the board canvas: on a fitted board a swipe is a direction and a
 * tap a cell; on a zoomed one a drag pans (board.js) and only a tap plays; a second
 * finger makes a pinch (board.js) and the gesture plays nothing; in the embed view
 * nothing plays. Painting (the Edit tab) is a drag over cells.
 * handlers: { mode() → 'play'|'edit', onTap(cell, event), onSwipe(digit, event), onHover(cell|null, event),
 *             onPaintStart(cell, erase), onPaintMove(cell), onPaintEnd() }
 * @param {import('./board.js').Board} board
 * @param {Record<string, Function>} handlers
 */
export function attachPointer(board, handlers) {
  const canvas = board.canvas;
  const { gesture } = board;
  let down = null;
  board.dragPans = () => board.zoom > 1 && handlers.mode() !== 'edit';
  canvas.addEventListener('contextmenu', (e) => {
    if (handlers.mode() === 'edit') e.preventDefault();
  });
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 && e.button !== 2) return;
    canvas.setPointerCapture(e.pointerId);
    canvas.focus({ preventScroll: true });
    e.preventDefault();
    if (gesture.multi) {
      // A second finger: a pinch, so the stroke or swipe under way ends here.
      if (down && down.paint) handlers.onPaintEnd();
      down = null;
      return;
    }
    const cell = board.cellAt(e.clientX, e.clientY);
    down = { id: e.pointerId, x: e.clientX, y: e.clientY, cell, last: cell, paint: handlers.mode() === 'edit', pans: gesture.pans };
    if (down.paint && cell) handlers.onPaintStart(cell, e.button === 2);
  });
  canvas.addEventListener('pointermove', (e) => {
    const cell = board.cellAt(e.clientX, e.clientY);
    if (!down || down.id !== e.pointerId) {
      if (e.pointerType === 'mouse') handlers.onHover(cell, e);
      return;
    }
    if (down.paint && cell && (!down.last || cell.row !== down.last.row || cell.col !== down.last.col)) {
      if (!down.last) handlers.onPaintStart(cell, e.buttons === 2);
      else handlers.onPaintMove(cell);
      down.last = cell;
    }
  });
  const finish = (e, cancelled) => {
    if (!down || down.id !== e.pointerId) return;
    const d = down;
    down = null;
    if (d.paint) {
      handlers.onPaintEnd();
      return;
    }
    if (cancelled || gesture.multi || !boardPlays()) return;
    const dist = Math.hypot(e.clientX - d.x, e.clientY - d.y);
    const cellCss = canvas.getBoundingClientRect().width / board.cols;
    if (d.pans) {
      if (dist < TAP_SLOP && d.cell) handlers.onTap(d.cell, e);
    } else if (dist >= Math.max(24, cellCss * 0.6)) handlers.onSwipe(digitFromVector(e.clientX - d.x, e.clientY - d.y), e);
    else if (d.cell) handlers.onTap(d.cell, e);
  };
  canvas.addEventListener('pointerup', (e) => finish(e, false));
  canvas.addEventListener('pointercancel', (e) => finish(e, true));
  canvas.addEventListener('pointerleave', (e) => {
    if (e.pointerType === 'mouse' && !down) handlers.onHover(null, e);
  });
}

const FIRE_CODES = {
  Digit8: 'N', Numpad8: 'N', KeyW: 'N', ArrowUp: 'N',
  Digit2: 'S', Numpad2: 'S', KeyX: 'S', ArrowDown: 'S',
  Digit4: 'W', Numpad4: 'W', KeyA: 'W', ArrowLeft: 'W',
  Digit6: 'E', Numpad6: 'E', KeyD: 'E', ArrowRight: 'E',
};
const DIAGONAL_CODES = /^(Digit|Numpad)[1379]$|^Key[QEZC]$/;
const FIRE_OF_DIGIT = { 8: 'N', 2: 'S', 4: 'W', 6: 'E' };

/** Shift+direction: 'N' | 'S' | 'E' | 'W', 'diagonal' for a diagonal key, or null. */
export function fireForKey(e) {
  if (!e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return null;
  const code = e.code || '';
  if (FIRE_CODES[code]) return FIRE_CODES[code];
  return DIAGONAL_CODES.test(code) ? 'diagonal' : null;
}

/** The shot along a move digit's direction (N for 8 …), null for diagonals. */
export const fireOfDigit = (digit) => FIRE_OF_DIGIT[digit] || null;

/** The shot towards a cell in line N/S/E/W with `from` (null when not in line). */
export function fireToward(from, to) {
  const dr = to.row - from.row;
  const dc = to.col - from.col;
  if ((dr && dc) || (!dr && !dc)) return null;
  return dr < 0 ? 'N' : dr > 0 ? 'S' : dc < 0 ? 'W' : 'E';
}
