// Pengu's side of the Solve and Compare panels: the goal (all fish / at least N), the
// cost of a move (moves, or the cells slid), weighted A*'s weight and the beam width,
// the limits, the course presets, and how a `pengu_solve` result reads.

import { h } from '../../ui.js';
import { algorithms, field, int, maxStatesInput, settingsControls, weightBound, COUNTS_MOVES, statsRows as searchStats } from '../../solve-common.js';

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

/** The cost select: what a move costs the searches that weigh costs. */
function costControl(prefix) {
  return h(`select#${prefix}cost`, { 'aria-label': 'Cost of a move', title: 'What A*, UCS, weighted A*, IDA* and beam search count: moves, or the cells Pengu slides (BFS, ID-DFS and bidirectional BFS always count moves)' },
    h('option', { value: 'moves' }, 'Moves'),
    h('option', { value: 'cells' }, 'Cells slid'));
}

/** A result's cost under the options' cost model. */
const costOf = (r, o) => (o.cost === 'cells' ? r.cells : r.moves.length);

/** The algorithms whose plans are the cheapest under the cost model. */
const CHEAPEST = ['astar', 'ucs', 'idastar'];

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
    const cost = costControl('');
    const costField = field('Cost of a move', cost);
    const settings = settingsControls('');
    return {
      main: [field('Goal', h('div.goal', {}, goal.kind, goal.n)), costField, ...settings.nodes],
      random: [field('Moves at most', randomMoves)],
      limits: [field('Max states', maxStates), field('Max depth', maxDepth)],
      options: () => ({
        goal: goal.value(),
        cost: cost.value,
        ...settings.options(),
        maxStates: int(maxStates, 2000000, 1),
        maxDepth: int(maxDepth, 1000, 1),
        randomMoves: int(randomMoves, 6, 1),
      }),
      apply(o) {
        goal.kind.value = o.kind;
        if (o.n != null) goal.n.value = String(o.n);
        goal.sync();
      },
      sync(algo) {
        costField.hidden = algo === 'random' || COUNTS_MOVES.includes(algo);
        settings.sync(algo);
      },
    };
  },

  /** The Compare panel's controls (the panel adds "Max states each"). */
  compareControls() {
    const goal = goalControls('cmp-');
    const cost = costControl('cmp-');
    const settings = settingsControls('cmp-');
    settings.sync(null);
    return {
      nodes: [h('label.field', {}, h('span', {}, 'Goal'), h('div.goal', {}, goal.kind, goal.n)), field('Cost of a move', cost), ...settings.nodes],
      options: () => ({ goal: goal.value(), cost: cost.value, ...settings.options() }),
      describe: () => `${describeGoal(goal.value())}${cost.value === 'cells' ? ', cost: cells slid' : ''}`,
    };
  },

  plan: (r) => r.moves,
  success: (r) => !!r.goalMet,
  successText: (ok) => (ok ? ' · goal met' : ' · goal not met'),
  describe: (options) => `goal: ${describeGoal(options.goal)}${options.cost === 'cells' && !COUNTS_MOVES.includes(options.solver) ? ', cost: cells slid' : ''}${options.solver === 'wastar' ? `, w = ${options.weight}` : ''}${options.solver === 'beam' ? `, width ${options.beamWidth}` : ''}`,
  /** Algorithms whose plans have the fewest moves for the goal (they must agree). */
  optimal: (o) => (o && o.cost === 'cells' ? COUNTS_MOVES : [...COUNTS_MOVES, ...CHEAPEST]),
  /** With cells: the cheapest plans' agreement; weighted A*'s cost against w × the optimum. */
  summaryExtra(rows, o) {
    const done = rows.filter((r) => r.result && r.result.goalMet);
    const cheapest = done.filter((r) => CHEAPEST.includes(r.id));
    const costs = new Set(cheapest.map((r) => costOf(r.result, o)));
    let text = '';
    if (o.cost === 'cells' && cheapest.length) {
      text += costs.size === 1
        ? ` The cheapest plan slides ${[...costs][0]} cells (${cheapest.map((r) => r.id).join(', ')}).`
        : ` ⚠ The cheapest-plan searches disagree on the cells slid (${[...costs].join(' vs ')}).`;
    }
    const w = done.find((r) => r.id === 'wastar');
    if (w && costs.size === 1) text += ` Weighted A*: ${weightBound(costOf(w.result, o), o.weight, [...costs][0])}.`;
    return text;
  },
  compareNote: 'BFS, ID-DFS, bidirectional BFS, A*, UCS and IDA* return a fewest-moves plan for the goal (with the cost "cells slid", A*, UCS and IDA* return the plan sliding the fewest cells instead), so their plan lengths should agree; weighted A* returns a plan costing at most w times the cheapest; greedy and beam search return some plan, usually after far fewer expansions, and beam search may find none. Bidirectional BFS needs the goal "all fish". Random plays seeded random legal moves.',

  statsRows(r, solver) {
    return searchStats([['Plan length', r.moves.length], ['Cells slid', r.cells], ['Score', r.score], ['Final status', r.status]], r, solver);
  },
};
