// Act-Man's side of the Solve and Compare panels: objective (fewest turns / best
// score), turn limit, max states, the course presets, and how an `actman_solve`
// result reads.

import { h } from '../../ui.js';
import { algorithms, field, int, maxStatesInput, statsRows as searchStats } from '../../solve-common.js';

export const ALGORITHMS = algorithms('Random actions');

export const DEFAULT_TURNS = 50;

const PRESETS = [
  ['', 'Course assignment presets…'],
  ['bfs', 'BFS, fewest turns, at most 7 turns', { algo: 'bfs', objective: 'turns', turns: 7 }],
  ['iddfs', 'ID-DFS, fewest turns, at most 10 turns', { algo: 'iddfs', objective: 'turns', turns: 10 }],
  ['astar', 'A*, best score, 7-action plans', { algo: 'astar', objective: 'score', turns: 7 }],
  ['random', 'Random actions, at most 7 turns', { algo: 'random', objective: 'turns', turns: 7 }],
];

const OBJECTIVES = [['turns', 'Fewest turns'], ['score', 'Best score']];

function objectiveControls(prefix) {
  const objective = h(`select#${prefix}objective`, { 'aria-label': 'Objective', title: 'What greedy and A* optimise; BFS and ID-DFS always find the fewest turns' },
    ...OBJECTIVES.map(([v, l]) => h('option', { value: v, selected: v === 'turns' }, l)));
  const turns = h(`input#${prefix}max-turns`, { type: 'number', min: '1', max: '1000', value: String(DEFAULT_TURNS), 'aria-label': 'Turn limit' });
  return { objective, turns };
}

export const describeObjective = (o) =>
  `${o.objective === 'score' && ['astar', 'greedy'].includes(o.solver) ? 'best score' : 'fewest turns'}, ≤ ${o.maxTurns} turns`;

export const actmanSolve = {
  game: 'actman',
  algorithms: ALGORITHMS,
  presets: PRESETS,
  unit: 'turns',
  successLabel: 'Victory',

  controls() {
    const { objective, turns } = objectiveControls('');
    const maxStates = maxStatesInput();
    const hint = h('p.small.muted.objective-hint#objective-hint');
    return {
      main: [field('Objective', objective), field('Turn limit', turns), hint],
      random: [],
      limits: [field('Max states', maxStates)],
      options: () => ({
        objective: objective.value,
        maxTurns: int(turns, DEFAULT_TURNS, 1),
        maxStates: int(maxStates, 2000000, 1),
      }),
      apply(o) {
        objective.value = o.objective;
        turns.value = String(o.turns);
      },
      sync(algo) {
        const scoreAware = algo === 'astar' || algo === 'greedy';
        objective.disabled = !scoreAware;
        hint.textContent = algo === 'random'
          ? 'Random plays seeded random legal actions until the game ends or the turn limit.'
          : scoreAware
            ? 'Best score: a move costs 1 point, the shot 20; fewest turns: every action costs 1.'
            : 'BFS and ID-DFS always find a victory in the fewest turns.';
      },
    };
  },

  compareControls() {
    const { objective, turns } = objectiveControls('cmp-');
    return {
      nodes: [field('Objective (A*, greedy)', objective), field('Turn limit', turns)],
      options: () => ({ objective: objective.value, maxTurns: int(turns, DEFAULT_TURNS, 1) }),
      describe: () => `a victory (${objective.value === 'score' ? 'A* and greedy: best score' : 'fewest turns'}, ≤ ${int(turns, DEFAULT_TURNS, 1)} turns)`,
    };
  },

  plan: (r) => r.actions,
  success: (r) => !!r.victory,
  successText: (ok) => (ok ? ' · victory' : ' · no victory'),
  describe: (options) => describeObjective(options),
  /** Algorithms that must agree on the number of turns of a victory. */
  optimal: (o) => (o.objective === 'score' ? ['bfs', 'iddfs'] : ['bfs', 'iddfs', 'astar']),
  summaryExtra(rows, o) {
    if (o.objective !== 'score') return '';
    const a = rows.find((r) => r.id === 'astar' && r.result && r.result.victory);
    return a ? ` A* (best score): ${a.result.score} points in ${a.result.actions.length} turns.` : '';
  },
  compareNote: 'BFS and ID-DFS return a victory in the fewest turns, and so does A* with the "fewest turns" objective: their plan lengths should agree. With "best score", A* and greedy weigh the shot at 20 points, so A* finds the highest-scoring victory. Without a victory within the limits, each shows its best-scoring surviving plan.',

  statsRows(r, solver) {
    return searchStats([['Plan length', `${r.actions.length} turns`], ['Score', r.score], ['Final status', STATUS[r.status] || r.status]], r, solver);
  },
};

export const STATUS = { playing: 'playing', victory: 'victory', dead: 'Act-Man dead', out_of_points: 'out of points' };
