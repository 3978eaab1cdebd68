// Rogue's players and turn order, shared by the game, its UI and its panels.

export const MONSTERS = [['bfs', 'BFS'], ['optimal', 'Optimal'], ['human', 'You']];
export const ROGUES = [['naive', 'Naive'], ['cycle', 'Cycle'], ['optimal', 'Optimal'], ['human', 'You']];

/** Play speeds, in half-moves a second. */
export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 240];

export const playerLabel = (list, id) => (list.find(([v]) => v === id) || [id, id])[1];

export const otherSide = (side) => (side === 'monster' ? 'rogue' : 'monster');

/** The side to move after k half-moves (the monster moves first). */
export const sideAt = (k) => (k % 2 ? 'rogue' : 'monster');
