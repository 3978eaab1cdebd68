// Tests of the Rogue wasm bindings used by the playground, in node against pkg-node/.
// Run: node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { g, thrown, thrownAt, tileBytes } from './helpers.mjs';

const course = (name) => readFileSync(`levels/rogue/course/dungeon${name}.txt`, 'utf8');
const TINY = '3\nA . .\n. . .\n. . @\n';
const FOREVER = 0xffffffff;
const WALL = 0xfffffffe;

test('the exports the playground uses exist', () => {
  for (const name of ['RogueSession', 'run_tool', 'tools', 'rogue_exact_limit']) {
    assert.equal(typeof g[name], 'function', name);
  }
  const rogue = g.tools().games.find((game) => game.id === 'rogue');
  assert.equal(rogue.palette, ' .+@A');
  assert.deepEqual(rogue.tools.map((t) => t.name), ['analyze', 'verdict', 'generate', 'value-game']);
});

test('value-game: a transcript played by the session is valued; a malformed one names its field, line and column', () => {
  const s = new g.RogueSession(TINY);
  s.replay('55353');
  const r = g.run_tool('rogue', 'value-game', TINY, { transcript: s.view().output }, null);
  s.free();
  assert.equal(r.moves, '55353');
  assert.deepEqual(r.valued.map((m) => m.verdict.kind), ['mistake', 'optimal', 'optimal', 'optimal', 'optimal']);
  assert.deepEqual([r.monster.mistakes, r.monster.cost, r.end.kind, r.end.turn], [1, 1, 'caught', 3]);
  const e = thrown(() => g.run_tool('rogue', 'value-game', TINY, { transcript: 'A . . \n. . . \n. . @ \n\nMove 2\n' }, null));
  assert.equal(e.field, 'transcript');
  assert.equal(e.message, "bad options: transcript: line 5, column 6: expected 'Move 1', found 'Move 2'");
});

test('a strategy game matches the referee: the tiny room is a capture in turn 2', () => {
  const s = new g.RogueSession(TINY);
  assert.equal(tileBytes(s), 'A........'.slice(0, 8) + '@');
  const played = s.run(100);
  assert.equal(played.length, 3);
  const v = s.view();
  assert.equal(v.status, 'caught');
  assert.equal(v.verdict, 'Caught by monster');
  assert.deepEqual(v.ending, { kind: 'caught', turn: 2 });
  assert.equal(v.output,
    'A . . \n. . . \n. . @ \n\n'
    + 'Move 1\n\n. . . \n. A . \n. . @ \n\n. . . \n. A @ \n. . . \n\n'
    + 'Move 2\n\n. . . \n. . * \n. . . \n\nCaught by monster\n');
  assert.equal(tileBytes(s), '.....*...');
  assert.equal(s.step(), null, 'nothing to play after the end');
  s.free();
});

test('dungeonI: the cycle rogue survives where the naive one is caught', () => {
  const s = new g.RogueSession(course('I'));
  s.set_max_moves(200);
  s.set_players('bfs', 'naive');
  s.run(1000);
  assert.equal(s.view().status, 'caught');
  s.set_players('bfs', 'cycle');
  s.restart();
  s.run(1000);
  const v = s.view();
  assert.equal(v.verdict, 'Rogue survived 200 moves');
  assert.equal(v.moves.length, 400);
  const cycles = s.cycles();
  assert.equal(cycles.length, 1);
  assert.equal(cycles[0].length, 26);
  s.free();
});

test('a human side: play checks legality, step waits for the human', () => {
  const s = new g.RogueSession(TINY);
  s.set_players('human', 'optimal');
  assert.equal(s.view().humanToMove, true);
  assert.equal(s.step(), null);
  const e = thrownAt(() => s.play('7'), 0, '7');
  assert.match(e.message, /cannot move/);
  assert.deepEqual(s.play('3'), { side: 'monster', turn: 1, from: { row: 0, col: 0 }, to: { row: 1, col: 1 } });
  const reply = s.step();
  assert.equal(reply.side, 'rogue');
  assert.equal(s.view().moves.length, 2);
  assert.equal(s.undo(), true);
  assert.equal(s.view().toMove, 'rogue');
  assert.throws(() => s.set_players('dragon', 'naive'), (x) => /unknown monster player 'dragon'/.test(x.message));
  s.free();
});

test('replay keeps the legal prefix; history has every half-move, positions every position', () => {
  const s = new g.RogueSession(TINY);
  const e = thrown(() => s.replay('3413'));
  assert.equal(e.index, 3);
  assert.equal(s.view().moves, '341');
  const p = s.positions();
  assert.equal(p.length, 4);
  assert.deepEqual(p[3], { monster: { row: 2, col: 0 }, rogue: { row: 2, col: 1 } });
  const h = s.history();
  assert.equal(h.length, 3);
  assert.deepEqual(h[2], { side: 'monster', turn: 2, from: p[2].monster, to: p[3].monster });
  assert.deepEqual(h[1], { side: 'rogue', turn: 1, from: p[1].rogue, to: p[2].rogue });
  s.free();
});

test('the palette\'s monster keeps its name; renaming is its own edit', () => {
  const s = new g.RogueSession('3\nB . .\n. . .\n. . @\n');
  s.paint(1, 1, 'A');
  assert.equal(s.level_text(), '3\n. . .\n. B .\n. . @\n');
  s.set_monster_letter('Q');
  assert.equal(s.level_text(), '3\n. . .\n. Q .\n. . @\n');
  assert.match(thrown(() => s.set_monster_letter('q')).message, /letter A-Z/);
  assert.match(thrown(() => s.paint(3, 0, '.')).message, /off the board/);
  s.free();
});

test('the outcome map follows the exact solution', () => {
  // Dungeon I: the rogue is safe on the corridor loop, and caught inside the room.
  const s = new g.RogueSession(course('I'));
  const map = s.outcome_map();
  assert.equal(map.length, 100);
  const at = (r, c) => map[r * 10 + c];
  assert.equal(at(0, 0), WALL);
  assert.equal(at(0, 9), FOREVER, 'the far corner of the loop');
  assert.ok(at(4, 0) >= 1 && at(4, 0) < 10, 'next to the monster in the room');
  assert.equal(s.exact().value, null);
  const tiny = new g.RogueSession(TINY);
  assert.deepEqual(tiny.exact(), { value: 2, best: '3', sites: 9, states: 162 });
  s.free();
  tiny.free();
});

test('editing, lenient reading and errors', () => {
  const s = new g.RogueSession(TINY);
  s.paint(0, 2, '+');
  assert.equal(s.level_text(), '3\nA . +\n. . .\n. . @\n');
  assert.match(thrown(() => s.paint(2, 2, ' ')).message, /rogue/);
  s.resize(4, 4);
  assert.equal(s.rows(), 4);
  assert.equal(s.tiles_len(), 16);
  const bad = thrown(() => new g.RogueSession('3\nA . .\n. @\n'));
  assert.deepEqual([bad.line, bad.column], [3, 4]);
  const lenient = new g.RogueSession('3\nA . .\n. @\n', true);
  assert.equal(lenient.warnings().length, 2);
  const summary = g.run_tool('rogue', 'analyze', course('B'));
  assert.equal(summary.value !== null, true);
  assert.equal(summary.states, 2 * summary.sites * summary.sites);
  s.free();
  lenient.free();
});

/** An n × n open room, the monster top left, the rogue bottom right. */
function room(n) {
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = new Array(n).fill('.');
    if (r === 0) row[0] = 'A';
    if (r === n - 1) row[n - 1] = '@';
    rows.push(row.join(' '));
  }
  return `${n}\n${rows.join('\n')}\n`;
}

test('the exact solution of a room over the site limit throws, and the session goes on', () => {
  // 300 × 300 = 90,000 open sites, over the 8,000 of the exact analysis (it used to
  // ask for 2·90,000² states and trap).
  const s = new g.RogueSession(room(300));
  for (const call of [() => s.exact(), () => s.outcome_map()]) {
    const e = thrown(call);
    assert.ok(!(e instanceof WebAssembly.RuntimeError), 'not a wasm trap');
    assert.match(e.message, /^the dungeon has 90000 open sites, 16200000000 states \(2·S²\): the exact analysis handles at most 8000 open sites/);
  }
  const e = thrown(() => s.set_players('optimal', 'naive'));
  assert.match(e.message, /the optimal player needs the exact solution: the dungeon has 90000 open sites/);
  assert.deepEqual(s.view().players, ['bfs', 'naive'], 'the players stay as they were');
  assert.match(thrown(() => g.run_tool('rogue', 'analyze', room(300))).message, /90000 open sites/);
  // The session still plays.
  s.set_max_moves(3);
  s.run(100);
  assert.equal(s.view().verdict, 'Rogue survived 3 moves');
  s.restart();
  assert.equal(s.view().moves, '');
  s.free();
  // Just under the limit, still fine: 89 × 89 = 7,921 sites would work but is slow
  // for a test; a small room answers.
  const small = new g.RogueSession(room(4));
  assert.equal(small.exact().sites, 16);
  small.free();
});

test('affordable_players: an optimal side falls back beyond the browser limit, by the engine\'s rule', () => {
  const limit = g.rogue_exact_limit();
  assert.equal(limit, 3600);
  const side = 61; // 3,721 open sites: over the limit
  const big = new g.RogueSession(room(side));
  assert.deepEqual(big.affordable_players('optimal', 'optimal'), ['bfs', 'cycle']);
  assert.deepEqual(big.affordable_players('human', 'optimal'), ['human', 'cycle']);
  assert.deepEqual(big.affordable_players('bfs', 'naive'), ['bfs', 'naive']);
  big.free();
  const fits = new g.RogueSession(room(60)); // 3,600 open sites: at the limit
  assert.deepEqual(fits.affordable_players('optimal', 'optimal'), ['optimal', 'optimal']);
  fits.free();
});

test('move_values lists every legal move of the side to move, best first', () => {
  const s = new g.RogueSession(TINY);
  const list = s.move_values();
  assert.deepEqual(list.map((m) => m.digit).sort(), [...s.view().legal].sort());
  const values = list.map((m) => m.value);
  assert.deepEqual(values, [...values].sort((a, b) => a - b), 'the monster: fastest capture first');
  assert.equal(list[0].best, true);
  assert.deepEqual(list.filter((m) => m.best).map((m) => m.digit), [...s.exact().best]);
  s.play(list[0].digit);
  const rogue = s.move_values();
  assert.equal(s.view().toMove, 'rogue');
  assert.ok(rogue.every((m, i) => i === 0 || (rogue[i - 1].value ?? Infinity) >= (m.value ?? Infinity)), 'the rogue: longest escape first');
  s.free();
});

test('the verdict and generate tools: the same dungeons as the command line, options checked', () => {
  const v = g.run_tool('rogue', 'verdict', TINY);
  assert.equal(v.verdict, 'monster_wins');
  assert.equal(v.moves, 2);
  assert.equal(v.marks.length, 8, 'a room is lost everywhere');
  const made = g.run_tool('rogue', 'generate', '', { goal: 'monsterWins', size: 8, minMoves: 4, seed: 1 });
  assert.equal(made.seed, 1);
  assert.equal(made.report.outcome.outcome, 'monsterWins');
  assert.ok(made.report.outcome.moves >= 4);
  const s = new g.RogueSession(made.level);
  assert.equal(s.exact().value, made.report.outcome.moves);
  s.free();
  assert.equal(thrown(() => g.run_tool('rogue', 'generate', '', {})).field, 'monster_wins', 'a goal is required');
  assert.equal(thrown(() => g.run_tool('rogue', 'generate', '', { goal: 'monsterWins', size: 40 })).field, 'size');
});
