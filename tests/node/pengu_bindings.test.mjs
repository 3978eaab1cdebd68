// Tests of the wasm bindings used by the playground, in node against pkg-node/.
// Run: node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { g, thrown, thrownAt, tileBytes as boardBytes } from './helpers.mjs';

// Course samples (copied: the tests do not read files outside the repository).
const A1 = '7 6 \n######\n#U0 S#\n#* 0##\n#P  *#\n#0 #0#\n#*#U*#\n######';
const A1_OUTPUT_942182 = '942182\n1\n######\n#U0 S#\n#* 0##\n#   *#\n#0 #0#\n#P#U*#\n######\n';
const A3 =
  '6 20\n####################\n# * S# ** S # U  #*#\n#*U*U*U   P  S*U*#*#\n' +
  '#0  ***0UUUUU0S *#*#\n#S**SS* *****0*S   #\n####################';
const A3_OUTPUT =
  '74184261683927\n20\n####################\n#   S#    S #PU  #*#\n# U U U      S U #*#\n' +
  '#0     0UUUUU0S  #*#\n#S* SS       0 S   #\n####################\n';
const TC07 = '8 7\n#######\n#*#*#*#\n##***##\n#*****#\n##*P*##\n#*****#\n#*#*#*#\n#######\n';

test('the exports the playground uses exist', () => {
  for (const name of ['PenguSession', 'tools', 'run_tool', 'random_seed']) {
    assert.equal(typeof g[name], 'function', name);
  }
  assert.equal(g.tools().games.find((x) => x.id === 'pengu').palette, '# 0*USP');
  assert.equal(typeof g.random_seed(), 'number');
});

/** The parse error a tool throws on `text` (null when it parses). */
function check(text) {
  try {
    g.run_tool('pengu', 'verdict', text, { maxStates: 1000 });
    return null;
  } catch (e) {
    return e;
  }
}

test('a bad level throws {line, column, message}', () => {
  const e = thrown(() => new g.PenguSession('3 3\n###\n#x#\n###\n'));
  assert.equal(e.line, 3);
  assert.equal(e.column, 2);
  assert.match(e.message, /'x'/);
  assert.deepEqual(check('3 3\n###\n#x#\n###\n'), e);
  assert.equal(check(A1), null);
  const noPengu = check('3 3\n###\n# #\n###\n');
  assert.equal(typeof noPengu.line, 'number');
  assert.equal(typeof noPengu.column, 'number');
  assert.match(noPengu.message, /Pengu/);
});

test('the view of a fresh session', () => {
  const s = new g.PenguSession(A1);
  assert.equal(s.rows(), 7);
  assert.equal(s.cols(), 6);
  const v = s.view();
  assert.deepEqual(v.pengu, { row: 3, col: 1 });
  assert.deepEqual(v.start, { row: 3, col: 1 });
  assert.equal(v.status, 'playing');
  assert.equal(v.score, 0);
  assert.equal(v.totalFish, 4);
  assert.equal(v.fishLeft, 4);
  assert.equal(v.moves, '');
  assert.equal([...v.legal].sort().join(''), '23689');
  assert.equal(s.level_text(), `${A1.replace('7 6 ', '7 6')}\n`);
  s.free();
});

test('play, undo and replay', () => {
  const s = new g.PenguSession(A1);
  const r = s.play('9');
  assert.equal(r.dir, 'NE');
  assert.deepEqual(r.path, [{ row: 2, col: 2 }, { row: 1, col: 3 }]);
  assert.deepEqual(r.eaten, []);
  assert.equal(r.died, false);
  assert.equal(s.view().moves, '9');
  assert.equal(s.undo(), true);
  assert.equal(s.view().moves, '');
  assert.equal(s.undo(), false);
  const reports = s.replay('942182');
  assert.equal(reports.length, 6);
  assert.deepEqual(reports[3].eaten, [{ row: 5, col: 1 }]);
  assert.equal(s.history().length, 6);
  assert.equal(s.view().moves, '942182');
  s.restart();
  assert.equal(s.view().moves, '');
  s.free();
});

test('the A1 sample: replaying 942182 gives the course output byte for byte', () => {
  const s = new g.PenguSession(A1);
  s.replay('942182');
  const v = s.view();
  assert.equal(v.output, A1_OUTPUT_942182);
  assert.equal(v.score, 1);
  assert.equal(v.status, 'playing');
  s.free();
});

test('the A3 sample output is reproduced', () => {
  const s = new g.PenguSession(A3);
  s.replay('74184261683927');
  assert.equal(s.view().output, A3_OUTPUT);
  s.free();
});

test('illegal moves throw {index, symbol, message}', () => {
  const s = new g.PenguSession(A1);
  const wall = thrownAt(() => s.play('4'), 0, '4'); // west of the start is a wall
  assert.equal(typeof wall.message, 'string');
  assert.equal(s.view().moves, '');
  thrownAt(() => s.play('5'), 0, '5');
  // replay keeps the legal prefix and reports the index of the first bad move.
  thrownAt(() => s.replay('94x2'), 2, 'x');
  assert.equal(s.view().moves, '94');
  // After death every move is refused.
  s.replay('944'); // the third slide ends on the bear at (1,1)
  assert.equal(s.view().status, 'dead');
  assert.equal(s.view().legal, '');
  const over = thrown(() => s.play('2'));
  assert.equal(over.index, 3);
  s.free();
});

test('the zero-copy board view follows the game', () => {
  const s = new g.PenguSession(A1);
  const level = s.level_tiles();
  assert.equal(level.length, 42);
  assert.equal(boardBytes(s), level.replace('P', ' '));
  const start = level.replace('P', ' ');
  s.play('9');
  assert.equal(boardBytes(s), start, 'no fish eaten: the board is the level');
  s.replay('9421');
  const eaten = s.history().flatMap((r) => r.eaten);
  assert.deepEqual(eaten, [{ row: 5, col: 1 }]);
  const expected = [...start];
  for (const p of eaten) expected[p.row * 6 + p.col] = ' ';
  assert.equal(boardBytes(s), expected.join(''));
  assert.equal(s.level_tiles(), level, 'the level itself is unchanged');
  s.free();
});

test('paint and resize edit the level', () => {
  const s = new g.PenguSession(A1);
  s.paint(3, 3, '#');
  assert.equal(s.level_text().split('\n')[4], '#P #*#');
  const e = thrown(() => s.paint(3, 1, '#'));
  assert.equal(typeof e.message, 'string');
  s.paint(1, 3, 'P');
  assert.deepEqual(s.view().start, { row: 1, col: 3 });
  s.resize(4, 5);
  const lines = s.level_text().split('\n');
  assert.equal(lines[0], '4 5');
  assert.equal(lines[1], '#####');
  assert.equal(lines[4], '#####');
  s.free();
});

test('the solve tool: A* on the A1 field, with a trace', () => {
  const r = g.run_tool('pengu', 'solve', A1, { solver: 'astar', goal: 'all', traceLimit: 100000 }, null);
  assert.equal(r.outcome, 'found');
  assert.equal(r.goalMet, true);
  assert.equal(r.moves.length, 8);
  assert.equal(r.status, 'victory');
  assert.equal(r.score, 4);
  for (const k of ['expanded', 'generated', 'peakFrontier', 'duplicates', 'stored', 'depth', 'elapsedMs']) {
    assert.equal(typeof r.stats[k], 'number', k);
  }
  assert.ok(r.trace instanceof Uint32Array);
  assert.ok(r.trace.length > 0);
  const expanded = [...r.trace].filter((e) => !(e & 0x80000000)).length;
  assert.ok(expanded > 0 && expanded <= r.stats.expanded + 1, `${expanded} expansions traced`);
  for (const e of r.trace) assert.ok((e & 0x7fffffff) < 42);
  const s = new g.PenguSession(A1);
  s.replay(r.moves);
  assert.equal(s.view().output, r.output);
  s.free();
});

test('the solve tool: A* finds the 13-move optimum of testcases_07', () => {
  const r = g.run_tool('pengu', 'solve', TC07, { solver: 'astar', goal: 'all' }, null);
  assert.equal(r.outcome, 'found');
  assert.equal(r.moves.length, 13);
});

test('the solve tool on A3 with at least 20 fish: BFS and ID-DFS plans have equal length', () => {
  const progress = [];
  const bfs = g.run_tool('pengu', 'solve', A3, { solver: 'bfs', goal: { at_least: 20 } }, (s) => progress.push(s));
  const iddfs = g.run_tool('pengu', 'solve', A3, { solver: 'iddfs', goal: { at_least: 20 } }, null);
  assert.equal(bfs.outcome, 'found');
  assert.equal(iddfs.outcome, 'found');
  assert.equal(bfs.moves.length, iddfs.moves.length);
  for (const plan of [bfs.moves, iddfs.moves]) {
    const s = new g.PenguSession(A3);
    s.replay(plan);
    const v = s.view();
    assert.ok(v.score >= 20, `score ${v.score}`);
    assert.notEqual(v.status, 'dead');
    s.free();
  }
  for (const p of progress) assert.equal(typeof p.expanded, 'number');
});

test('the solve tool: limits and the random solver', () => {
  const limited = g.run_tool('pengu', 'solve', TC07, { solver: 'bfs', goal: 'all', maxStates: 50 }, null);
  assert.equal(limited.outcome, 'limit_reached');
  assert.equal(limited.goalMet, false);
  const a = g.run_tool('pengu', 'solve', A1, { solver: 'random', seed: 7, randomMoves: 6 }, null);
  const b = g.run_tool('pengu', 'solve', A1, { solver: 'random', seed: 7, randomMoves: 6 }, null);
  assert.equal(a.moves, b.moves, 'a seed replays the same random game');
  assert.ok(a.moves.length <= 6);
  const bad = thrown(() => g.run_tool('pengu', 'solve', '2 2\n#x\n##\n', {}, null));
  assert.equal(bad.line, 2);
});

test('judge from JavaScript: the course A3 output passes ID-DFS; a plain number is a goal too', () => {
  const pass = g.run_tool('pengu', 'judge', A3, { algo: 'iddfs', solution: A3_OUTPUT }, null);
  assert.deepEqual([pass.pass, pass.message], [true, 'optimal: 14 moves']);
  const wrong = A3_OUTPUT.replace('\n20\n', '\n19\n');
  const fail = g.run_tool('pengu', 'judge', A3, { algo: 'iddfs', goal: 20, solution: wrong }, null);
  assert.equal(fail.pass, false);
  assert.deepEqual(fail.problem, { kind: 'mismatch', line: 2, expected: '20', got: '19' });
  const solved = g.run_tool('pengu', 'solve', A3, { solver: 'bfs', goal: 20 }, null);
  assert.equal(solved.moves.length, 14);
});
