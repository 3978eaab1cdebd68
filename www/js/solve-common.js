// Pieces the games' solve adapters share (see games/pengu/pengu-solve.js,
// games/actman/actman-solve.js): the algorithm list, form fields, and the search statistics.

import { h, fmt, fmtMs } from './ui.js';

/** [id, short name, long name] of the search algorithms; `random` names the random player. */
export const algorithms = (random) => [
  ['astar', 'A*', 'A*'],
  ['bfs', 'BFS', 'Breadth-first (BFS)'],
  ['iddfs', 'ID-DFS', 'Iterative deepening (ID-DFS)'],
  ['greedy', 'Greedy', 'Greedy best-first'],
  ['ucs', 'UCS', 'Uniform-cost (UCS)'],
  ['wastar', 'wA*', 'Weighted A*'],
  ['idastar', 'IDA*', 'Iterative-deepening A* (IDA*)'],
  ['beam', 'Beam', 'Beam search'],
  ['bibfs', 'Bi-BFS', 'Bidirectional BFS'],
  ['random', 'Random', random],
];

/** The course assignments' algorithms: the only ones a solution is graded for. */
export const COURSE_ALGORITHMS = ['random', 'bfs', 'iddfs', 'greedy', 'astar'];

/** The algorithms whose plans are the fewest moves (or turns), whatever the costs. */
export const COUNTS_MOVES = ['bfs', 'iddfs', 'bibfs'];

/**
 * The controls of weighted A* and beam search (shown for those algorithms only, see
 * `syncSettings`): the weight w and the beam width k.
 */
export function settingsControls(prefix = '') {
  const weight = h(`input#${prefix}weight`, { type: 'number', min: '1', max: '1000', step: '0.5', value: '2', 'aria-label': 'Weight w' });
  const beamWidth = h(`input#${prefix}beam-width`, { type: 'number', min: '1', max: '1048576', step: '1', value: '100', 'aria-label': 'Beam width k' });
  const weightField = field('Weight w (weighted A*)', weight);
  const beamField = field('Beam width k', beamWidth);
  return {
    weight, beamWidth,
    nodes: [weightField, beamField],
    /** Show each control only for its algorithm (`algo`: the selected id, or null for all). */
    sync(algo) {
      weightField.hidden = algo != null && algo !== 'wastar';
      beamField.hidden = algo != null && algo !== 'beam';
    },
    options: () => ({
      weight: Number(weight.value) || 2,
      beamWidth: int(beamWidth, 100, 1),
    }),
  };
}

/**
 * What a plan's cost says against weighted A*'s bound: "cost C ≤ w × optimum O" when the
 * optimum is known (from an optimal algorithm on the same level and options), else "".
 */
export function weightBound(cost, weight, optimum) {
  if (optimum == null || cost == null) return '';
  const bound = weight * optimum;
  return `cost ${fmt(cost)} ${cost <= bound ? '≤' : '>'} ${weight} × ${fmt(optimum)} = ${fmt(bound)}`;
}

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
    // An optimal search stopped early: what it proved, and the best plan known.
    ...(s.lowerBound == null ? [] : [['Bounds', `optimum ≥ ${fmt(s.lowerBound)}, ${s.bestPlan == null ? 'no plan found' : `best plan found ${fmt(s.bestPlan)}`}`]]),
  ];
}
