// Rogue's players and turn order, shared by the game, its UI and its panels.

/** @type {[string, string][]} */
export const MONSTERS = [['bfs', 'BFS'], ['optimal', 'Optimal'], ['human', 'You']];
/** @type {[string, string][]} */
export const ROGUES = [['naive', 'Naive'], ['cycle', 'Cycle'], ['optimal', 'Optimal'], ['human', 'You']];

/** The most turns a game may be limited to. */
export const MAX_LIMIT = 100000;

/** Play speeds, in half-moves a second. */
export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 240];

export const playerLabel = (list, id) => (list.find(([v]) => v === id) || [id, id])[1];

/** @typedef {'monster' | 'rogue'} Side */

/** @type {(side: Side) => Side} */
export const otherSide = (side) => (side === 'monster' ? 'rogue' : 'monster');

/**
 * The side to move after k half-moves (the monster moves first).
 * @type {(k: number) => Side}
 */
export const sideAt = (k) => (k % 2 ? 'rogue' : 'monster');
