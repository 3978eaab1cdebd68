// Act-Man's side of the Solve and Compare panels: objective (fewest turns / best
// score), turn limit, max states, the course presets, and how an `actman_solve`
// result reads.

import { h } from '../../ui.js';
import { algorithms, field, int, maxStatesInput, settingsControls, weightBound, COUNTS_MOVES, statsRows as searchStats } from '../../solve-common.js';

export const ALGORITHMS = algorithms('Random actions');

export const DEFAULT_TURNS = 50;

/** An algorithm's short name. */
const labelOf = (list, id) => (list.find((a) => a[0] === id) || [id, id])[1];

const PRESETS = [
  ['', 'Course assignment presets…'],
  ['bfs', 'BFS, fewest turns, at most 7 turns', { algo: 'bfs', objective: 'turns', turns: 7 }],
  ['iddfs', 'ID-DFS, fewest turns, at most 10 turns', { algo: 'iddfs', objective: 'turns', turns: 10 }],
  ['astar', 'A*, best score, 7-action plans', { algo: 'astar', objective: 'score', turns: 7 }],
  ['random', 'Random actions, at most 7 turns', { algo: 'random', objective: 'turns', turns: 7 }],
];

const OBJECTIVES = [['turns', 'Fewest turns'], ['score', 'Best score']];

function objectiveControls(prefix) {
  const objective = h(`select#${prefix}objective`, { 'aria-label': 'Objective', title: 'What greedy, A*, UCS, weighted A*, IDA* and beam search optimise; BFS, ID-DFS (and bidirectional BFS) always find the fewest turns' },
    ...OBJECTIVES.map(([v, l]) => h('option', { value: v, selected: v === 'turns' }, l)));
  const turns = h(`input#${prefix}max-turns`, { type: 'number', min: '1', max: '1000', value: String(DEFAULT_TURNS), 'aria-label': 'Turn limit' });
  return { objective, turns };
}

/** Whether `algo` weighs the objective's costs (not random, not a move counter). */
const scoreAware = (algo) => algo !== 'random' && !COUNTS_MOVES.includes(algo);

export const describeObjective = (o) =>
  `${o.objective === 'score' && scoreAware(o.solver) ? 'best score' : 'fewest turns'}, ≤ ${o.maxTurns} turns${o.solver === 'wastar' ? `, w = ${o.weight}` : ''}${o.solver === 'beam' ? `, width ${o.beamWidth}` : ''}`;

/** A plan's cost under the objective: its turns, or the points it spends (the shot 20). */
const costOf = (actions, objective) =>
  objective === 'score' ? [...actions].reduce((c, a) => c + ('NSEW'.includes(a) ? 20 : 1), 0) : actions.length;

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
    const settings = settingsControls('');
    return {
      main: [field('Objective', objective), field('Turn limit', turns), ...settings.nodes, hint],
      random: [],
      limits: [field('Max states', maxStates)],
      options: () => ({
        objective: objective.value,
        ...settings.options(),
        maxTurns: int(turns, DEFAULT_TURNS, 1),
        maxStates: int(maxStates, 2000000, 1),
      }),
      apply(o) {
        objective.value = o.objective;
        turns.value = String(o.turns);
      },
      sync(algo) {
        const aware = scoreAware(algo);
        objective.disabled = !aware;
        settings.sync(algo);
        hint.textContent = algo === 'random'
          ? 'Random plays seeded random legal actions until the game ends or the turn limit.'
          : algo === 'bibfs'
            ? 'Bidirectional BFS cannot search Act-Man backwards: the monsters\' chase moves cannot be undone (the solver says why).'
            : aware
              ? 'Best score: a move costs 1 point, the shot 20; fewest turns: every action costs 1.'
              : 'BFS and ID-DFS always find a victory in the fewest turns.';
      },
    };
  },

  compareControls() {
    const { objective, turns } = objectiveControls('cmp-');
    const settings = settingsControls('cmp-');
    settings.sync(null);
    return {
      nodes: [field('Objective (all but BFS, ID-DFS)', objective), field('Turn limit', turns), ...settings.nodes],
      options: () => ({ objective: objective.value, maxTurns: int(turns, DEFAULT_TURNS, 1), ...settings.options() }),
      describe: () => `a victory (${objective.value === 'score' ? 'A*, UCS, IDA*: best score' : 'fewest turns'}, ≤ ${int(turns, DEFAULT_TURNS, 1)} turns)`,
    };
  },

  plan: (r) => r.actions,
  success: (r) => !!r.victory,
  successText: (ok) => (ok ? ' · victory' : ' · no victory'),
  describe: (options) => describeObjective(options),
  /** Algorithms that must agree on the number of turns of a victory. */
  optimal: (o) => (o.objective === 'score' ? ['bfs', 'iddfs'] : ['bfs', 'iddfs', 'astar', 'ucs', 'idastar']),
  summaryExtra(rows, o) {
    const won = rows.filter((r) => r.result && r.result.victory);
    const cheapest = won.find((r) => ['astar', 'ucs', 'idastar'].includes(r.id));
    let text = '';
    if (o.objective === 'score' && cheapest) text += ` ${labelOf(ALGORITHMS, cheapest.id)} (best score): ${cheapest.result.score} points in ${cheapest.result.actions.length} turns.`;
    const w = won.find((r) => r.id === 'wastar');
    if (w && cheapest) text += ` Weighted A*: ${weightBound(costOf(w.result.actions, o.objective), o.weight, costOf(cheapest.result.actions, o.objective))}.`;
    return text;
  },
  compareNote: 'BFS and ID-DFS return a victory in the fewest turns, and so do A*, UCS and IDA* with the "fewest turns" objective: their plan lengths should agree. With "best score", A*, UCS, IDA*, weighted A*, greedy and beam search weigh the shot at 20 points, so A*, UCS and IDA* find the highest-scoring victory and weighted A* one costing at most w times as many points. Beam search may find none. Bidirectional BFS cannot run on Act-Man (the note says why). Without a victory within the limits, each shows its best-scoring surviving plan.',

  statsRows(r, solver) {
    return searchStats([['Plan length', `${r.actions.length} turns`], ['Score', r.score], ['Final status', STATUS[r.status] || r.status]], r, solver);
  },
};

export const STATUS = { playing: 'playing', victory: 'victory', dead: 'Act-Man dead', out_of_points: 'out of points' };
