// Pengu's side of the Solve and Compare panels: the goal (all fish / at least N),
// the limits, the course presets, and how a `pengu_solve` result reads.

import { h } from '../../ui.js';
import { algorithms, field, int, maxStatesInput, statsRows as searchStats } from '../../solve-common.js';

export const ALGORITHMS = algorithms('Random moves');

const PRESETS = [
  ['', 'Course assignment presets…'],
  ['1', 'A1: random, at most 6 moves', { algo: 'random', kind: 'atleast', n: 1 }],
  ['2', 'A2: BFS, at least 8 fish', { algo: 'bfs', kind: 'atleast', n: 8 }],
  ['3', 'A3: ID-DFS, at least 20 fish', { algo: 'iddfs', kind: 'atleast', n: 20 }],
  ['4', 'A4: greedy, at least 20 fish', { algo: 'greedy', kind: 'atleast', n: 20 }],
  ['5', 'A5: A*, all fish, fewest moves', { algo: 'astar', kind: 'all' }],
];


/** Goal controls (kind select + N input), for the Solve and Compare panels. */
export function goalControls(prefix) {
  const kind = h(`select#${prefix}goal-kind`, { 'aria-label': 'Goal' },
    h('option', { value: 'all' }, 'All fish'),
    h('option', { value: 'atleast' }, 'At least N'));
  const n = h(`input#${prefix}goal-n`, { type: 'number', min: '0', value: '8', 'aria-label': 'N fish' });
  const sync = () => (n.disabled = kind.value !== 'atleast');
  kind.addEventListener('change', sync);
  sync();
  return {
    kind, n, sync,
    value: () => (kind.value === 'atleast' ? { at_least: Math.max(0, Math.round(Number(n.value) || 0)) } : 'all'),
    describe: () => (kind.value === 'atleast' ? `at least ${n.value} fish` : 'all fish'),
  };
}

export function describeGoal(goal) {
  return goal && goal.at_least != null ? `at least ${goal.at_least} fish` : 'all fish';
}

export const penguSolve = {
  game: 'pengu',
  algorithms: ALGORITHMS,
  presets: PRESETS,
  unit: 'moves',
  successLabel: 'Goal met',

  /** The Solve panel's game-specific controls. */
  controls() {
    const goal = goalControls('');
    const maxStates = maxStatesInput();
    const maxDepth = h('input#max-depth', { type: 'number', min: '1', value: '1000' });
    const randomMoves = h('input#random-moves', { type: 'number', min: '1', value: '6' });
    return {
      main: [field('Goal', h('div.goal', {}, goal.kind, goal.n))],
      random: [field('Moves at most', randomMoves)],
      limits: [field('Max states', maxStates), field('Max depth', maxDepth)],
      options: () => ({
        goal: goal.value(),
        maxStates: int(maxStates, 2000000, 1),
        maxDepth: int(maxDepth, 1000, 1),
        randomMoves: int(randomMoves, 6, 1),
      }),
      apply(o) {
        goal.kind.value = o.kind;
        if (o.n != null) goal.n.value = String(o.n);
        goal.sync();
      },
      sync() {},
    };
  },

  /** The Compare panel's controls (the panel adds "Max states each"). */
  compareControls() {
    const goal = goalControls('cmp-');
    return {
      nodes: [h('label.field', {}, h('span', {}, 'Goal'), h('div.goal', {}, goal.kind, goal.n))],
      options: () => ({ goal: goal.value() }),
      describe: () => describeGoal(goal.value()),
    };
  },

  plan: (r) => r.moves,
  success: (r) => !!r.goalMet,
  successText: (ok) => (ok ? ' · goal met' : ' · goal not met'),
  describe: (options) => `goal: ${describeGoal(options.goal)}`,
  /** Algorithms whose plans have the fewest moves for the goal (they must agree). */
  optimal: () => ['bfs', 'iddfs', 'astar'],
  compareNote: 'BFS, ID-DFS and A* return a fewest-moves plan for the goal, so their plan lengths should agree; greedy returns some plan, usually after far fewer expansions. Random plays seeded random legal moves.',

  statsRows(r, solver) {
    return searchStats([['Plan length', r.moves.length], ['Score', r.score], ['Final status', r.status]], r, solver);
  },
};
