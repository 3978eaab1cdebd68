// Pieces the games' solve adapters share (see games/pengu/pengu-solve.js,
// games/actman/actman-solve.js): the algorithm list, form fields, and the search statistics.

import { h, fmt, fmtMs } from './ui.js';

/** [id, short name, long name] of the search algorithms; `random` names the random player. */
export const algorithms = (random) => [
  ['astar', 'A*', 'A*'],
  ['bfs', 'BFS', 'Breadth-first (BFS)'],
  ['iddfs', 'ID-DFS', 'Iterative deepening (ID-DFS)'],
  ['greedy', 'Greedy', 'Greedy best-first'],
  ['random', 'Random', random],
];

export const field = (label, control) => h('label.field', {}, h('span', {}, label), control);
export const int = (input, fallback, min = 0) => Math.max(min, Math.round(Number(input.value) || fallback));
export const maxStatesInput = () => h('input#max-states', { type: 'number', min: '1000', step: '1000', value: '2000000' });

/** The statistics rows of a result: `head` rows, then the search counters (not for random). */
export function statsRows(head, r, solver) {
  const s = r.stats || {};
  if (solver === 'random') return [...head, ['Time', fmtMs(s.elapsedMs)]];
  return [
    ...head,
    ['Expanded', fmt(s.expanded)],
    ['Generated', fmt(s.generated)],
    ['Peak frontier', fmt(s.peakFrontier)],
    ['Duplicates', fmt(s.duplicates)],
    ['Stored', fmt(s.stored)],
    ['Depth', fmt(s.depth)],
    ['Time', fmtMs(s.elapsedMs)],
  ];
}
