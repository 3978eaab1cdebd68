// Hostile input through the wasm bindings: every case throws a JavaScript error with a
// message (never a wasm trap), and the session that threw still works afterwards.

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { g, thrown } from './helpers.mjs';

const DUNGEON0 = '5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########\n';
const MAP00 = readFileSync('levels/gpac/course/map00.txt', 'utf8');
const CONFIG = readFileSync('configs/gpac/fall2021_series1_mapgen/green1b_config.txt', 'utf8');
const FIELD = '4 9\n#########\n#P  * * #\n#       #\n#########\n';

test('ActmanSession.chases_towards off the board throws, and the session goes on', () => {
  const s = new g.ActmanSession(DUNGEON0);
  for (const [row, col] of [[5, 0], [0, 11], [1, 11], [100000, 100000]]) {
    const e = thrown(() => s.chases_towards(row, col));
    assert.match(e.message, /off the board/, `(${row}, ${col})`);
  }
  // A column equal to the width no longer wraps to the next row: the last cell works.
  assert.equal(s.chases_towards(4, 10).length, 2);
  const report = s.play('8');
  assert.equal(report.chases.length, 2);
  assert.deepEqual(s.view().actman, { row: 1, col: 1 });
  s.free();
});

test('solver options out of range throw with the field named', () => {
  const actmanSolve = (text, options) => g.run_tool('actman', 'solve', text, options);
  for (const [solve, text] of [[(...a) => g.run_tool('pengu', 'solve', ...a), FIELD], [actmanSolve, DUNGEON0]]) {
    const e = thrown(() => solve(text, { maxMemory: 10 }));
    assert.match(e.message, /bad options: max_memory: 10 is not between 1048576/);
    assert.match(thrown(() => solve(text, { maxStates: 0 })).message, /max_states/);
    // The default options still solve.
    assert.equal(solve(text, {}).outcome, 'found');
  }
  const e = thrown(() => g.run_tool('pengu', 'solve', FIELD, { solver: 'random', randomMoves: 2e6 }));
  assert.match(e.message, /random_moves/);
  // A tiny memory budget stops the search with a partial plan, not a trap.
  const partial = actmanSolve(DUNGEON0, { solver: 'bfs', maxMemory: 1 << 20, maxStates: 5 });
  assert.equal(partial.outcome, 'limit_reached');
});

test('PenguSession.resize to the largest size makes a level pengu_check accepts', () => {
  const s = new g.PenguSession(FIELD);
  s.resize(4096, 4096);
  const text = s.level_text();
  assert.ok(text.startsWith('4000 4000\n'), text.slice(0, 20));
  assert.equal((new g.PenguSession(text).free(), null), null);
  s.resize(3, 3);
  assert.equal(s.level_text(), '3 3\n###\n#P#\n###\n');
  s.free();
});

test('GPac settings out of range throw with the field named', () => {
  for (const [settings, field] of [
    [{ ghosts: 1e9 }, 'ghosts'],
    [{ timeMultiplier: Infinity }, 'timeMultiplier'],
    [{ timeMultiplier: 0 }, 'timeMultiplier'],
    [{ pillDensity: NaN }, 'pillDensity'],
    [{ fruitProb: -1 }, 'fruitProb'],
  ]) {
    const e = thrown(() => new g.GpacSession(MAP00, settings, 1));
    assert.equal(e.field, field, JSON.stringify(settings));
    assert.match(e.message, new RegExp(`bad settings: ${field}: `));
  }
  assert.equal(thrown(() => g.GpacSession.random(10, 10, NaN, null, 1)).field, 'density');
  // The largest map the page offers (80 × 80 = its 6,400 cells) plays; a larger one is refused.
  const big = g.GpacSession.random(80, 80, 0.3, null, 1);
  assert.equal(big.cols(), 80);
  big.free();
  assert.ok(thrown(() => g.GpacSession.random(81, 80, 0.3, null, 1)).message);
});

test('GpacLab: experiment numbers out of range and fanned-out references throw', () => {
  const e = thrown(() => new g.GpacLab(CONFIG.replace('mu = 200', 'mu = 1e12'), 1));
  assert.match(e.message, /\[EA_configs\] mu: \d+ is not between 1 and 10000/);
  let fanout = '[fitness_kwargs]\nk0 = xxxxxxxx\n';
  for (let level = 1; level <= 9; level++) {
    fanout += `k${level} = ${`\${k${level - 1}}`.repeat(40)}\n`;
  }
  fanout += 'width = ${k9}\n';
  const f = thrown(() => new g.GpacLab(fanout, 1));
  assert.equal(f.line, 12);
  assert.match(f.message, /expands to more than 65536 bytes/);
  assert.match(thrown(() => new g.GpacLab('', 1)).message, /not a course config/);
  assert.match(thrown(() => new g.GpacLab(CONFIG, 1, 0)).message, /evaluations/);
  const lab = new g.GpacLab(CONFIG.replace('mu = 200', 'mu = 4').replace('num_children = 100', 'num_children = 2'), 1, 6);
  assert.ok(lab.step());
  lab.free();
});

test('GpacReplay keeps one pill list and shows any snapshot', () => {
  let text = '50\n50\nm 0 0\n1 49 49\n';
  for (let i = 0; i < 2000; i++) text += `p ${i % 50} ${1 + Math.floor(i / 50)}\n`;
  text += 't 3000 0\n';
  for (let t = 1; t < 3000; t++) text += `m ${t % 2} 0\n1 49 ${t % 2 ? 48 : 49}\nt ${3000 - t} 0\n`;
  const r = new g.GpacReplay(text);
  assert.equal(r.frame_count(), 3000);
  assert.equal(r.frame(2999).pills.length, 2000);
  assert.equal(r.frame(3000), null);
  assert.equal(r.render(2999).split('\n').length, 51);
  const bad = thrown(() => new g.GpacReplay('2\n2\nm 0 1\n1 1 0\nt 4 0\nm 1 0\n1 1 1\nt 3 0\n'));
  assert.equal(bad.line, 6);
  r.free();
});

// A side × side hall with Act-Man in a corner and `monsters` spread from the far one
// (the same as tests/suite/hostile_input.rs's hall).
function hall(side, monsters) {
  const rows = Array.from({ length: side }, (_, r) =>
    Array.from({ length: side }, (_, c) => (r === 0 || c === 0 || r === side - 1 || c === side - 1 ? '#' : ' ')));
  rows[1][1] = 'A';
  for (let k = 0; k < monsters; k++) {
    const r = side - 3 - ((k * 7) % (side - 5));
    const c = side - 3 - ((k * 11 + Math.floor(k / 3)) % (side - 5));
    rows[r][c] = k % 2 === 0 ? 'G' : 'D';
  }
  return `${side} ${side}\n${rows.map((r) => r.join('')).join('\n')}\n`;
}

test('a verdict at the stated most states stops at its memory budget, never a trap', () => {
  // 32 monsters in a 40 × 40 hall at 20,000,000 states used to panic after 52 s at
  // 3.7 GB; with a small budget it stops at once with "limit reached".
  const actmanVerdict = (text, options) => g.run_tool('actman', 'verdict', text, options);
  const v = actmanVerdict(hall(40, 32), { maxStates: 20000000, maxMemory: 8 << 20 });
  assert.equal(v.verdict, 'limit_reached', JSON.stringify(v));
  assert.match(v.note, /memory limit of 8 MiB reached/);
  for (const [options, field] of [[{ maxStates: 20000001 }, /max_states/], [{ maxMemory: 2 ** 31 }, /max_memory/]]) {
    assert.match(thrown(() => actmanVerdict(DUNGEON0, options)).message, field);
    assert.match(thrown(() => g.run_tool('pengu', 'verdict', FIELD, options)).message, field);
  }
});
