// Tests of the Act-Man II wasm bindings used by the playground, in node against
// pkg-node/. Run: node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { g, thrown, thrownAt, tileBytes as gridBytes } from './helpers.mjs';

// The course sample (CS 5400 HW2, dungeon0 and its published output for 86E).
const DUNGEON0 = '5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########\n';
const OUTPUT_86E = '86E\n38\n###########\n# A@#  @  #\n# #     # #\n#   #     #\n###########\n';

/** The grid of a course output (the lines after the actions and the score), unbroken. */
const outputGrid = (output) => output.split('\n').slice(2).join('');

const cell = (row, col) => ({ row, col });

/** Act-Man's tool `tool` through the page's one entry point. */
const run = (tool, text, options, progress) => g.run_tool('actman', tool, text, options, progress);

test('the exports the playground uses exist, and the registry lists the tools', () => {
  for (const name of ['ActmanSession', 'run_tool', 'tools', 'wasm_memory']) {
    assert.equal(typeof g[name], 'function', name);
  }
  const actman = g.tools().games.find((game) => game.id === 'actman');
  assert.equal(actman.palette, '# GD@A');
  assert.deepEqual(actman.tools.map((t) => t.name), ['solve', 'analyze', 'verdict', 'generate', 'judge', 'state-space']);
  const solve = actman.tools[0];
  assert.equal(solve.readsLevel, true);
  assert.deepEqual(solve.defaults, {
    solver: 'astar', objective: 'score', weight: 2, beamWidth: 100, maxTurns: 50, maxStates: 20000000, maxMemory: 1 << 30, seed: 0, traceLimit: 0, recordLimit: 0,
  });
  assert.equal(actman.tools[3].readsLevel, false);
});

test('the course sample: 86E wins with the published output, byte for byte', () => {
  const s = new g.ActmanSession(DUNGEON0);
  assert.equal(s.rows(), 5);
  assert.equal(s.cols(), 11);
  assert.equal(s.level_text(), DUNGEON0);
  const reports = s.replay('86E');
  assert.equal(reports.length, 3);
  const v = s.view();
  assert.equal(v.output, OUTPUT_86E);
  assert.equal(v.status, 'victory');
  assert.equal(v.score, 38);
  assert.equal(v.bulletUsed, true);
  assert.equal(v.actions, '86E');
  assert.equal(v.legal, '');
  assert.deepEqual(v.monsters, []);
  assert.equal(v.verdict, '*** VICTORY ***');
  s.free();
});

test('the turn reports tell the step, the chases, the bullet and the kills', () => {
  const s = new g.ActmanSession(DUNGEON0);
  const first = s.play('8');
  assert.equal(first.action, '8');
  assert.deepEqual(first.from, cell(2, 1));
  assert.deepEqual(first.to, cell(1, 1));
  assert.deepEqual(first.bullet, []);
  assert.deepEqual(first.chases, [['ogre', cell(1, 9), cell(1, 8)], ['demon', cell(3, 5), cell(2, 4)]]);
  assert.equal(first.score, 49);
  assert.equal(first.status, 'playing');
  // East: the ogre steps onto the corpse and dies there.
  const second = s.play('6');
  assert.deepEqual(second.killed, [cell(1, 7)]);
  assert.equal(second.kills, 1);
  assert.equal(second.score, 53);
  // The shot flies one cell east to the demon, and wins before the monsters move.
  const shot = s.play('E');
  assert.deepEqual(shot.from, shot.to);
  assert.deepEqual(shot.bullet, [cell(1, 3)]);
  assert.deepEqual(shot.killed, [cell(1, 3)]);
  assert.deepEqual(shot.chases, []);
  assert.equal(shot.score, 38);
  assert.equal(shot.status, 'victory');
  assert.equal(s.history().length, 3);
  s.free();
});

test('a bad dungeon throws {line, column, message}', () => {
  const e = thrown(() => new g.ActmanSession('3 5\n#####\n#AX #\n#####\n'));
  assert.equal(e.line, 3);
  assert.equal(e.column, 3);
  assert.match(e.message, /'X'/);
  const noActman = thrown(() => new g.ActmanSession('3 5\n#####\n#   #\n#####\n'));
  assert.equal(typeof noActman.line, 'number');
  assert.equal(typeof noActman.column, 'number');
  const header = thrown(() => new g.ActmanSession('a 5\n'));
  assert.deepEqual([header.line, header.column], [1, 1]);
});

test('illegal actions throw {index, symbol, message} and change nothing', () => {
  const s = new g.ActmanSession(DUNGEON0);
  const wall = thrownAt(() => s.play('4'), 0, '4'); // west of the start is the outer wall
  assert.match(wall.message, /wall/);
  assert.equal(s.view().actions, '');
  assert.equal(s.view().score, 50);
  s.play('8');
  s.play('S'); // the shot south from (1,1) hits nothing
  const again = thrownAt(() => s.play('W'), 2, 'W');
  assert.match(again.message, /bullet/);
  assert.equal(s.view().actions, '8S');
  thrownAt(() => s.play('X'), 2, 'X');
  // replay keeps the legal prefix and names the first bad action.
  thrownAt(() => s.replay('86X'), 2, 'X');
  assert.equal(s.view().actions, '86');
  thrownAt(() => s.replay('8NE'), 2, 'E');
  assert.equal(s.view().actions, '8N');
  // After the game is over every action is refused.
  s.replay('86E');
  const over = thrown(() => s.play('2'));
  assert.equal(over.index, 3);
  s.free();
});

test('nextChases: where the monsters step if Act-Man stays, and chases_towards', () => {
  const s = new g.ActmanSession(DUNGEON0);
  assert.deepEqual(s.view().nextChases, [
    { kind: 'ogre', from: cell(1, 9), to: cell(1, 8) },
    { kind: 'demon', from: cell(3, 5), to: cell(2, 4) },
  ]);
  s.play('8');
  const v = s.view();
  assert.deepEqual(v.actman, cell(1, 1));
  assert.deepEqual(v.monsters, [[cell(1, 8), 'ogre'], [cell(2, 4), 'demon']]);
  assert.deepEqual(v.nextChases, [
    { kind: 'ogre', from: cell(1, 8), to: cell(1, 7) },
    { kind: 'demon', from: cell(2, 4), to: cell(1, 3) },
  ]);
  // The preview for a step east is what the next turn then does.
  const preview = s.chases_towards(1, 2);
  const report = s.play('6');
  assert.deepEqual(report.chases, preview.map((c) => [c.kind, c.from, c.to]));
  s.free();
});

test('the zero-copy grid view is the last rows of the course output', () => {
  const s = new g.ActmanSession(DUNGEON0);
  assert.equal(s.tiles_len(), 55);
  assert.equal(gridBytes(s), outputGrid(s.view().output));
  for (const a of '86E') {
    s.play(a);
    assert.equal(gridBytes(s), outputGrid(s.view().output), `after ${s.view().actions}`);
  }
  assert.equal(gridBytes(s), outputGrid(OUTPUT_86E));
  // Death shows X where Act-Man died: 866 walks into the demon at (1,3).
  s.replay('86');
  const death = s.play('6');
  assert.equal(death.status, 'dead');
  assert.equal(death.score, 0);
  const v = s.view();
  assert.deepEqual(v.actman, cell(1, 3));
  assert.equal(v.verdict, '* Act-Man died');
  assert.equal(gridBytes(s), outputGrid(v.output));
  assert.equal(gridBytes(s)[1 * 11 + 3], 'X');
  assert.equal(s.undo(), true);
  assert.equal(s.view().actions, '86');
  assert.equal(gridBytes(s), outputGrid(s.view().output));
  s.free();
});

test('paint and resize edit the dungeon', () => {
  const s = new g.ActmanSession(DUNGEON0);
  s.paint(3, 1, 'G');
  assert.equal(s.level_text().split('\n')[4], '#G  #D    #');
  const e = thrown(() => s.paint(2, 1, '#'));
  assert.match(e.message, /Act-Man/);
  s.paint(3, 2, 'A');
  assert.deepEqual(s.view().actman, cell(3, 2));
  s.resize(4, 6);
  const lines = s.level_text().split('\n');
  assert.equal(lines[0], '4 6');
  assert.equal(lines[1], '######');
  assert.equal(lines[4], '######');
  s.free();
});

test('solve: BFS, ID-DFS and A* (fewest turns) agree on 3 turns', () => {
  const plans = {};
  for (const solver of ['bfs', 'iddfs', 'astar']) {
    const r = run('solve', DUNGEON0, { solver, objective: 'turns', maxTurns: 7, traceLimit: 10000 }, null);
    assert.equal(r.outcome, 'found', solver);
    assert.equal(r.victory, true, solver);
    assert.equal(r.status, 'victory', solver);
    assert.equal(r.actions.length, 3, solver);
    assert.equal(r.note, null);
    for (const k of ['expanded', 'generated', 'frontier', 'peakFrontier', 'duplicates', 'stored', 'depth', 'elapsedMs']) {
      assert.equal(typeof r.stats[k], 'number', `${solver} ${k}`);
    }
    assert.ok(r.trace instanceof Uint32Array);
    assert.ok(r.trace.length > 0);
    for (const ev of r.trace) assert.ok((ev & 0x7fffffff) < 55, 'trace events are cells');
    const expanded = [...r.trace].filter((ev) => !(ev & 0x80000000));
    assert.ok(expanded.length > 0);
    const s = new g.ActmanSession(DUNGEON0);
    s.replay(r.actions);
    assert.equal(s.view().output, r.output);
    assert.equal(s.view().status, 'victory');
    s.free();
    plans[solver] = r.actions;
  }
  assert.equal(plans.bfs, '86E');
});

test('solve: A* for the best score finds the 50-point victory', () => {
  const progress = [];
  const r = run('solve', DUNGEON0, { solver: 'astar', objective: 'score' }, (stats) => progress.push(stats));
  assert.equal(r.outcome, 'found');
  assert.equal(r.victory, true);
  assert.equal(r.score, 50);
  assert.equal(r.actions.length, 10, 'ten steps, no shot: 50 - 10 + 2 × 5');
  const s = new g.ActmanSession(DUNGEON0);
  s.replay(r.actions);
  assert.equal(s.view().score, 50);
  assert.equal(s.view().status, 'victory');
  s.free();
  for (const p of progress) assert.equal(typeof p.expanded, 'number');
  // With the course's 7-action limit the best victory is 86E.
  const short = run('solve', DUNGEON0, { solver: 'astar', objective: 'score', maxTurns: 7 }, null);
  assert.equal(short.actions, '86E');
  assert.equal(short.score, 38);
});

test('solve: no victory within the limit shows the best surviving plan and a note', () => {
  const r = run('solve', DUNGEON0, { solver: 'bfs', maxTurns: 1 }, null);
  assert.equal(r.outcome, 'no_plan');
  assert.equal(r.victory, false);
  assert.match(r.note, /no victory within 1 turns/);
  const random = run('solve', DUNGEON0, { solver: 'random', seed: 7, maxTurns: 7 }, null);
  const again = run('solve', DUNGEON0, { solver: 'random', seed: 7, maxTurns: 7 }, null);
  assert.equal(random.actions, again.actions, 'a seed replays the same random game');
  assert.ok(random.actions.length <= 7);
  const bad = thrown(() => run('solve', '2 2\n#q\n##\n', {}, null));
  assert.equal(bad.line, 2);
});

test('verdict, analyze and generate through run_tool; bad options name their field', () => {
  const v = run('verdict', DUNGEON0, { maxStates: 100000 }, null);
  assert.equal(v.verdict, 'win');
  assert.equal(v.moves, 3);
  assert.equal(v.plans, 2);
  assert.match(v.note, /no victory without a lure/);
  assert.equal(v.features.needs_lure, true);
  const a = run('analyze', DUNGEON0, undefined, null);
  assert.deepEqual([a.count.outcome, a.count.turns, a.needs_bullet, a.needs_lure], ['found', 3, false, true]);
  const progress = [];
  const options = { rows: 6, cols: 7, monsters: 2, minTurns: 4, seed: 3 };
  const made = run('generate', null, options, (p) => progress.push(p));
  assert.equal(made.seed, 3);
  assert.ok(made.features.optimal_turns >= 4);
  assert.equal(made.plan.length, made.features.optimal_turns);
  const s = new g.ActmanSession(made.level);
  s.replay(made.plan);
  assert.equal(s.view().status, 'victory');
  s.free();
  assert.deepEqual(run('generate', null, options, null).level, made.level, 'one seed, one dungeon');
  const range = thrown(() => run('generate', null, { monsters: 9 }, null));
  assert.equal(range.field, 'monsters');
  assert.match(range.message, /^bad options: monsters: /);
  assert.equal(thrown(() => run('solve', DUNGEON0, { maxTurns: 'x' }, null)).field, 'maxTurns');
  for (const tool of ['solve', 'verdict']) {
    for (const bad of ['x', null, {}, [], -5, 2 ** 64]) {
      const e = thrown(() => run(tool, DUNGEON0, { maxStates: bad }, null));
      assert.equal(e.field, 'maxStates', `${tool} maxStates = ${JSON.stringify(bad)}: ${e.message}`);
      assert.match(e.message, /^bad options: maxStates: /);
    }
    assert.equal(thrown(() => run(tool, DUNGEON0, 'fast', null)).message, 'bad options: options: must be an object, not string');
  }
  const memory = thrown(() => run('verdict', DUNGEON0, { maxMemory: 2 ** 31 }, null));
  assert.match(memory.message, /^bad options: max_memory: 2147483648 is not between/, 'the browser holds a verdict to 1 GiB');
});
