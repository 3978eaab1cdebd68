// Every export of the wasm module, called with values of the wrong type: a string, a
// number, an array or bytes where the export expects one throws a TypeError (or a
// RangeError) naming the argument, anything else is refused with a message or taken,
// and nothing traps (no WebAssembly.RuntimeError: "memory access out of bounds",
// "unreachable"). The exports are enumerated from pkg-node, so a new export without
// an entry in VALID fails the first test.

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { g, thrown } from './helpers.mjs';

const FIELD = '4 9\n#########\n#P  * * #\n#       #\n#########\n';
const DUNGEON0 = '5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########\n';
const ROGUE = '3\nA . .\n. . .\n. . @\n';
const MAP00 = readFileSync('levels/gpac/course/map00.txt', 'utf8');
const CONFIG = readFileSync('configs/gpac/fall2021_series1_mapgen/green1b_config.txt', 'utf8');
const SEATS = ['greedy', 'greedy', 'hunter', 'miner'];

function worldFile() {
  const s = new g.GpacSession(MAP00, null, 1);
  s.run(5);
  const text = s.world_file(false);
  s.free();
  return text;
}

function arenaLog() {
  const s = new g.ArenaSession(SEATS, 1, 20);
  s.step(20);
  const text = s.command_log();
  s.free();
  return text;
}

const session = (make, symbol) => ({
  make,
  play: [symbol],
  replay: [symbol],
  redo: [symbol],
  paint: [1, 1, ' '],
  resize: [5, 6],
});

/**
 * Valid arguments of every export that takes any: a function's by its name; a class's
 * `make` (a fresh instance for each call), its constructor's (`new`), and its methods'.
 */
const VALID = {
  PenguSession: { ...session(() => new g.PenguSession(FIELD), '6'), new: [FIELD] },
  ActmanSession: {
    ...session(() => new g.ActmanSession(DUNGEON0), '8'),
    new: [DUNGEON0],
    verdict: [10],
    chases_towards: [1, 1],
  },
  RogueSession: {
    ...session(() => new g.RogueSession(ROGUE), '5'),
    paint: [1, 1, '.'],
    new: [ROGUE, false],
    affordable_players: ['bfs', 'naive'],
    set_players: ['bfs', 'naive'],
    set_max_moves: [10],
    set_monster_letter: ['B'],
    run: [4],
  },
  GpacSession: {
    ...session(() => new g.GpacSession(MAP00, null, 1), 'h'),
    paint: [1, 1, '#'],
    new: [MAP00, null, 1],
    random: [10, 10, 0.3, null, 1],
    run: [3],
    set_players: ['keyboard', 'chase'],
    set_seed: [2],
    set_settings: [{ ghosts: 2 }],
    world_file: [false],
  },
  GpacReplay: { make: () => new g.GpacReplay(worldFile()), new: [worldFile()], frame: [1], render: [1] },
  GpacLab: { make: () => new g.GpacLab(CONFIG, 1, 10), new: [CONFIG, 1, 10] },
  ArenaSession: {
    make: () => new g.ArenaSession(SEATS, 1, 20),
    new: [SEATS, 1, 20],
    from_log: [arenaLog()],
    command: [0, 'U'],
    seek: [5],
    state: [true],
    step: [3],
  },
  GifRecorder: { make: () => new g.GifRecorder(2, 2, 100), new: [2, 2, 100], add_frame: [new Uint8Array(16)] },
  run_tool: ['pengu', 'solve', FIELD, { solver: 'bfs' }, null],
  heuristic_lab: ['pengu', FIELD, { solver: 'astar' }, () => 0, null],
  heuristic_lab_data: ['pengu', FIELD, { solver: 'astar' }],
  gpac_play: [MAP00, null, 'avoid', 'chase', 1, 1],
  arena_replay_scores: [arenaLog()],
  arena_tournament_points: [[4, 3, 2, 1]],
};

/** Number parameters that may be left out (`undefined` or `null`: the default). */
const OPTIONAL = new Set(['limit', 'evaluations', 'steps']);

const HOSTILE = [5, -1, 2 ** 31, NaN, 1.5, 'x', '', {}, [], true, null, undefined, 10n, Symbol('s'), () => 0, new Uint8Array(2)];

/** What an argument is, as far as the bindings check it. */
const kind = (v) =>
  typeof v === 'string' ? 'string'
    : typeof v === 'number' ? 'number'
    : Array.isArray(v) ? 'array'
    : v instanceof Uint8Array ? 'bytes'
    : 'other';

/** The parameter names of a function as the glue declares them. */
const paramNames = (f) => (/^[^(]*\(([^)]*)\)/.exec(f.toString()) || [, ''])[1].split(',').map((s) => s.trim()).filter(Boolean);

const isClass = (f) => /^class\b/.test(Function.prototype.toString.call(f));

/** Every export that takes arguments: {name, params, valid, call(args)}. */
function exportsTakingArguments() {
  const out = [];
  for (const [name, value] of Object.entries(g)) {
    if (typeof value !== 'function') continue;
    if (!isClass(value)) {
      if (value.length) out.push({ name, params: paramNames(value), valid: VALID[name], call: (args) => value(...args) });
      continue;
    }
    const spec = VALID[name] || {};
    const ctor = /constructor\(([^)]*)\)/.exec(value.toString());
    if (ctor && ctor[1].trim()) {
      out.push({ name: `new ${name}`, params: ctor[1].split(',').map((s) => s.trim()), valid: spec.new, call: (args) => new value(...args) });
    }
    for (const m of Object.getOwnPropertyNames(value)) {
      const f = value[m];
      if (typeof f !== 'function' || m.startsWith('__') || !f.length) continue;
      out.push({ name: `${name}.${m}`, params: paramNames(f), valid: spec[m], call: (args) => f.apply(value, args) });
    }
    for (const m of Object.getOwnPropertyNames(value.prototype)) {
      const f = Object.getOwnPropertyDescriptor(value.prototype, m).value;
      if (typeof f !== 'function' || m === 'constructor' || !f.length) continue;
      out.push({
        name: `${name}.prototype.${m}`,
        params: paramNames(f),
        valid: spec[m] && spec.make ? spec[m] : undefined,
        call: (args) => f.apply(spec.make(), args),
      });
    }
  }
  return out;
}

test('every export that takes arguments has valid ones in this test', () => {
  const missing = exportsTakingArguments().filter((e) => !e.valid).map((e) => e.name);
  assert.deepEqual(missing, [], 'add these to VALID');
  for (const e of exportsTakingArguments()) assert.equal(e.valid.length, e.params.length, e.name);
});

test('an argument of the wrong type throws a named error, never a trap', () => {
  let checked = 0;
  for (const e of exportsTakingArguments()) {
    e.params.forEach((param, i) => {
      const want = kind(e.valid[i]);
      for (const bad of HOSTILE) {
        const none = bad === undefined || bad === null;
        const optional = (want === 'other' && (none || kind(bad) === 'other')) || (OPTIONAL.has(param) && none);
        if (kind(bad) === want && want !== 'number' || optional) continue;
        const args = e.valid.slice();
        args[i] = bad;
        const label = `${e.name}: ${param} = ${typeof bad === 'symbol' ? 'Symbol' : typeof bad === 'bigint' ? '10n' : JSON.stringify(bad) ?? String(bad)}`;
        let error = null;
        try {
          e.call(args);
        } catch (err) {
          error = err;
        }
        checked++;
        assert.ok(!(error instanceof WebAssembly.RuntimeError), `${label} trapped: ${error && error.message}`);
        if (error) assert.equal(typeof error.message, 'string', `${label}: a message`);
        // (A typed array is an array of numbers where numbers are asked for.)
        const numbers = want === 'array' && ArrayBuffer.isView(bad);
        if (want !== 'other' && kind(bad) !== want && !numbers) {
          assert.ok(error instanceof TypeError, `${label}: a TypeError, not ${error && (error.message || error)}`);
          assert.ok(error.message.startsWith(`${param} must be`), `${label}: ${error.message}`);
        }
      }
    });
  }
  assert.ok(checked > 500, `${checked} calls`);
  // The module still works after all that.
  assert.equal(g.run_tool('pengu', 'solve', FIELD, { solver: 'bfs' }).goalMet, true);
});

test('gpac_play refuses a game count out of range with a RangeError naming games', () => {
  for (const games of [-1, 0, 2 ** 31, 1e6 + 1, 1.5, NaN, Infinity]) {
    const e = thrown(() => g.gpac_play(MAP00, null, 'avoid', 'chase', 1, games));
    assert.ok(e instanceof RangeError, `games = ${games}: ${e && e.message}`);
    assert.match(e.message, /^games: .* is not a whole number from 1 to 1000000$/, `games = ${games}`);
  }
  assert.equal(thrown(() => g.gpac_play(MAP00, null, 'avoid', 'chase', 1, '2')).message, 'games must be a number, not string');
  for (const seed of [-1, 2 ** 53 + 2, 0.5]) {
    assert.ok(thrown(() => g.gpac_play(MAP00, null, 'avoid', 'chase', seed, 1)) instanceof RangeError, `seed = ${seed}`);
  }
  const played = g.gpac_play(MAP00, null, 'avoid', 'chase', 1, 2);
  assert.equal(played.games, 2);
  assert.equal(played.scores.length, 2);
});

test('other counts and sizes are held to their limits', () => {
  const rogue = new g.RogueSession(ROGUE);
  for (const turns of [0, -1, 2 ** 31, 1e6 + 1]) {
    assert.match(thrown(() => rogue.set_max_moves(turns)).message, /^turns: .* from 1 to 1000000$/, `turns = ${turns}`);
  }
  rogue.set_max_moves(1e6);
  rogue.free();
  const arena = new g.ArenaSession(SEATS, 1, 20);
  assert.match(thrown(() => arena.command(4, 'U')).message, /^seat: 4 is not a whole number from 0 to 3$/);
  assert.match(thrown(() => new g.ArenaSession(SEATS.slice(1), 1, 20)).message, /^seats: 4 strings, not 3$/);
  assert.match(thrown(() => new g.ArenaSession([...SEATS.slice(1), 5], 1, 20)).message, /^seats\[3\] must be a string, not number$/);
  assert.match(thrown(() => g.arena_tournament_points([1, 2, 3])).message, /^scores: 4 numbers, not 3$/);
  assert.deepEqual(Array.from(g.arena_tournament_points(Float64Array.from([4, 3, 2, 1]))), [5, 3, 2, 1]);
  arena.free();
  const pengu = new g.PenguSession(FIELD);
  assert.match(thrown(() => pengu.play('66')).message, /^symbol: one character, not 2 characters$/);
  assert.match(thrown(() => pengu.resize(NaN, 5)).message, /^rows: NaN is not a whole number/);
  assert.equal(pengu.level_text(), FIELD);
  pengu.free();
});

test('options of the wrong type throw with the field named', () => {
  for (const [fn, text] of [
    [(...a) => g.run_tool('actman', 'verdict', ...a), DUNGEON0],
    [(...a) => g.run_tool('pengu', 'verdict', ...a), FIELD],
    [(...a) => g.run_tool('actman', 'solve', ...a), DUNGEON0],
    [(...a) => g.run_tool('pengu', 'solve', ...a), FIELD],
  ]) {
    for (const bad of ['x', null, {}, [], -5, 2 ** 64]) {
      const e = thrown(() => fn(text, { maxStates: bad }));
      assert.equal(e.field, 'maxStates', `${fn.name} maxStates = ${JSON.stringify(bad)}: ${e.message}`);
      assert.match(e.message, /^bad options: maxStates: /);
    }
    const e = thrown(() => fn(text, 'fast'));
    assert.equal(e.message, 'bad options: options: must be an object, not string');
  }
  const goal = thrown(() => g.run_tool('pengu', 'solve', FIELD, { goal: { at_least: 'x' } }));
  assert.equal(goal.field, 'goal.at_least', goal.message);
  assert.equal(thrown(() => g.run_tool('pengu', 'generate', '', { rows: 'x' })).field, 'rows');
  assert.equal(thrown(() => g.run_tool('rogue', 'generate', '', { size: [] })).field, 'size');
  assert.equal(thrown(() => g.run_tool('gpac', 'verdict', MAP00, { games: -1 })).field, 'games');
  const settings = thrown(() => new g.GpacSession(MAP00, { ghosts: 'x' }, 1));
  assert.equal(settings.field, 'ghosts', settings.message);
  assert.match(settings.message, /^bad settings: ghosts: /);
});
