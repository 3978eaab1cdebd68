// What a student's h(state, help) gets in the heuristic lab: the state decoded from
// the numbers the wasm search writes (see each game's LabProblem in the Rust docs) and
// the helpers. DOM-free: used by the lab's worker and by tests.

const FAR = 65535;

/** Chebyshev (king-move) distance between two {row, col}. */
export const chebyshev = (a, b) => Math.max(Math.abs(a.row - b.row), Math.abs(a.col - b.col));
/** Manhattan distance between two {row, col}. */
export const manhattan = (a, b) => Math.abs(a.row - b.row) + Math.abs(a.col - b.col);

/**
 * The helpers and the state decoder of `game` ('pengu' or 'actman').
 * @param {string} game
 * @param {number} rows
 * @param {number} cols
 * @param {any} data the wasm's `heuristic_lab_data(...).data`
 */
export function labHelpers(game, rows, cols, data) {
  const at = (cell) => ({ row: Math.floor(cell / cols), col: cell % cols });
  const base = { rows, cols, chebyshev, manhattan, at };
  if (game === 'pengu') {
    const n = data.restCells.length;
    const posOf = new Map(data.restCells.map((c, i) => [c, i]));
    const fish = data.fishCells.map(at);
    return {
      ...base,
      /** Every tracked fish: {row, col}, by index. */
      fish,
      /** How many fish the goal needs eaten in all. */
      need: data.need,
      /** Most tracked fish one move can eat. */
      maxPerMove: data.maxPerMove,
      /** Fewest moves from Pengu's rest cell that eat fish `i` (Infinity: none can). */
      slide(i, p) {
        const pos = posOf.get(p.row * cols + p.col);
        if (pos === undefined || !data.dist.length) return 0;
        const d = data.dist[i * n + pos];
        return d === FAR ? Infinity : d;
      },
      decode(numbers) {
        const p = at(numbers[0]);
        return { row: p.row, col: p.col, fish: Array.from(numbers.subarray ? numbers.subarray(1) : numbers.slice(1)) };
      },
      builtinName: 'slide distances, pairs of fish and fish no move eats together',
    };
  }
  const corpses = data.corpses.map(at);
  return {
    ...base,
    /** The corpses at the start: {row, col}. */
    corpses,
    /** Chebyshev distance from {row, col} to the nearest start corpse (Infinity: none). */
    corpseDistance(p) {
      const d = data.corpseDistance[p.row * cols + p.col];
      return d === FAR ? Infinity : d;
    },
    costBased: data.costBased,
    shotCost: data.shotCost,
    decode(numbers) {
      const p = at(numbers[0]);
      const monsters = [];
      for (let i = 2; i + 1 < numbers.length; i += 2) {
        const m = at(numbers[i + 1]);
        monsters.push({ kind: ['ogre', 'demon', 'corpse'][numbers[i]], alive: numbers[i] < 2, row: m.row, col: m.col });
      }
      return { row: p.row, col: p.col, bulletUsed: numbers[1] === 1, monsters };
    },
  };
}

/** The starting points of the code box, by game: [id, label, code]. */
export const STARTERS = {
  pengu: [
    ['zero', 'h = 0', 'function h(state, help) {\n  return 0;\n}\n'],
    ['fish', 'Fish left (divided by the most one move eats)', 'function h(state, help) {\n  const left = Math.max(0, help.need - (help.fish.length - state.fish.length));\n  return Math.ceil(left / help.maxPerMove);\n}\n'],
    ['manhattan', 'Manhattan to the farthest fish (not admissible: a slide covers many cells)', 'function h(state, help) {\n  let far = 0;\n  for (const i of state.fish) far = Math.max(far, help.manhattan(state, help.fish[i]));\n  return far;\n}\n'],
    ['slide', 'Slide distance to the farthest fish', 'function h(state, help) {\n  let far = 0;\n  for (const i of state.fish) far = Math.max(far, help.slide(i, state));\n  return far === Infinity ? 1e9 : far;\n}\n'],
    ['builtin', 'The built-in heuristic (runs natively)', null],
  ],
  actman: [
    ['zero', 'h = 0', 'function h(state, help) {\n  return 0;\n}\n'],
    ['monsters', 'Living monsters (one turn each at least… or is it?)', 'function h(state, help) {\n  return state.monsters.filter((m) => m.alive).length;\n}\n'],
    ['chebyshev', 'Chebyshev to the farthest living monster', 'function h(state, help) {\n  let far = 0;\n  for (const m of state.monsters) if (m.alive) far = Math.max(far, help.chebyshev(state, m));\n  return far;\n}\n'],
    ['builtin', 'The built-in heuristic (runs natively)', null],
  ],
};
