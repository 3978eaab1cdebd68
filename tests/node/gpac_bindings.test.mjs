// Tests of the GPac wasm bindings, in node against pkg-node/: seeded games and a seeded
// evolution run give the same results as the native binary.
// Run: node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { g, thrown, tileBytes, BIN } from './helpers.mjs';

const MAP00 = readFileSync('levels/gpac/course/map00.txt', 'utf8');
const CONFIG = 'configs/gpac/fall2021_series1_mapgen/green1b_config.txt';

test('the exports the playground uses exist', () => {
  for (const name of ['GpacSession', 'GpacReplay', 'GpacLab', 'gpac_play', 'gpac_default_config']) {
    assert.equal(typeof g[name], 'function', name);
  }
  assert.match(g.gpac_default_config(), /\[fitness_kwargs\]/);
});

test('a seeded game is the same natively and in wasm', () => {
  for (const seed of [0, 7, 42]) {
    const wasm = g.gpac_play(MAP00, null, 'avoid', 'chase', seed, 1);
    const native = execFileSync(BIN, ['gpac', 'play', '--map', 'levels/gpac/course/map00.txt', '--seed', String(seed)], { encoding: 'utf8' });
    assert.match(native, new RegExp(`^score ${wasm.scores[0]}\\n`), `seed ${seed}`);
    assert.match(native, new RegExp(`\\nturns ${wasm.turns}\\n`), `seed ${seed}`);
  }
});

test('a session plays, logs a world file that replays, and refuses illegal keys', () => {
  const s = new g.GpacSession(MAP00, null, 3);
  assert.equal(s.cols(), 35);
  assert.equal(tileBytes(s).length, 700);
  assert.equal(tileBytes(s)[0], 'm', 'Pac-Man top-left');
  const end = s.run(5000);
  assert.ok(end.end, 'the game ends');
  const native = execFileSync(BIN, ['gpac', 'play', '--map', 'levels/gpac/course/map00.txt', '--seed', '3'], { encoding: 'utf8' });
  assert.match(native, new RegExp(`^score ${end.score}\\n`));
  const text = s.world_file(false);
  const replay = new g.GpacReplay(text);
  assert.equal(replay.frame_count(), end.turns + 1);
  assert.equal(replay.frame(end.turns).score, end.score);
  s.set_players('keyboard', 'chase');
  assert.equal(s.view().legal, 'hrd');
  const illegal = thrown(() => s.play('l'));
  assert.match(illegal.message, /cannot move/);
  assert.deepEqual([illegal.index, illegal.symbol], [0, 'l']);
  assert.deepEqual(s.play('r'), { pacman: 'r', turn: 1 });
  assert.deepEqual(s.view().pacman, { x: 1, y: 19 });
  assert.equal(s.moves(), 'r');
  assert.match(thrown(() => new g.GpacReplay('35\n20\nm 0 19\nq 1 1\n')).message, /unknown key 'q'/);
  s.free();
});

test('a seeded evolution run is the same twice and the same as the native run', () => {
  const config = readFileSync(CONFIG, 'utf8').replace('mu = 200', 'mu = 20').replace('num_children = 100', 'num_children = 10');
  const runLab = () => {
    const lab = new g.GpacLab(config, 5, 60);
    while (lab.step() !== null);
    const result = { log: lab.log(), best: lab.best() };
    lab.free();
    return result;
  };
  const a = runLab();
  const b = runLab();
  assert.deepEqual(a, b);
  assert.equal(a.log.at(-1).evaluations, 60);
  const dir = mkdtempSync(path.join(tmpdir(), 'gridlab-gpac-'));
  try {
    const configFile = path.join(dir, 'config.txt');
    execFileSync('sh', ['-c', `cat > ${configFile}`], { input: config });
    execFileSync(BIN, ['gpac', 'evolve', '--config', configFile, '--runs', '1', '--evals', '60', '--seed', '5', '--out', dir]);
    const log = readFileSync(path.join(dir, 'run_00.log'), 'utf8').trim().split('\n').slice(1);
    assert.equal(log.length, a.log.length);
    const last = log.at(-1).split('\t').map(Number);
    assert.deepEqual(last, [60, a.log.at(-1).mean[0], a.log.at(-1).best[0]]);
    assert.equal(readFileSync(path.join(dir, 'run_00_best_map.txt'), 'utf8'), a.best.map);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.match(thrown(() => new g.GpacLab('[EA_configs]\nmu = x\n', 1)).message, /not a number/);
});

test('the session contract: an agents\' line replays the same match, a wrong letter is refused', () => {
  const s = new g.GpacSession(MAP00, null, 9);
  const turns = [];
  for (let t; (t = s.step_agents()); ) turns.push(t.pacman);
  const line = s.moves();
  assert.equal(line, turns.join(''));
  const end = s.view();
  assert.equal(end.status, end.end);
  assert.equal(s.history().length, line.length);
  s.restart();
  assert.equal(s.moves(), '');
  s.replay(line);
  assert.deepEqual(s.view(), end, 'the same seed and line: the same match');
  s.replay(line.slice(0, 10));
  const wrong = line[10] === 'h' ? 'r' : 'h';
  const e = thrown(() => s.play(wrong));
  assert.equal(e.index, 10);
  assert.match(e.message, /agent moves/);
  assert.equal(s.moves(), line.slice(0, 10), 'a refused letter changes nothing');
  assert.equal(s.play(line[10]).pacman, line[10]);
  assert.equal(s.undo(), true);
  assert.equal(s.redo(line), true);
  assert.equal(s.moves(), line.slice(0, 11));
  s.free();
});

test('random maps, painting and resizing come from the engine, the same as the CLI', () => {
  const s = g.GpacSession.random(12, 8, 0.3, null, 1);
  const map = s.level_text();
  s.free();
  const dir = mkdtempSync(path.join(tmpdir(), 'gridlab-gpac-'));
  const file = path.join(dir, 'world.txt');
  execFileSync(BIN, ['gpac', 'play', '--random', '12', '8', '--density', '0.3', '--seed', '1', '--log', file]);
  const world = readFileSync(file, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  const walls = world.split('\n').filter((l) => l.startsWith('w ')).map((l) => l.split(' ').slice(1).map(Number));
  const rows = map.trim().split('\n').slice(1);
  const fromMap = [];
  rows.forEach((row, r) => [...row].forEach((c, x) => { if (c === '#') fromMap.push([x, 7 - r]); }));
  const key = (p) => p.join(',');
  assert.deepEqual(fromMap.map(key).sort(), walls.map(key).sort());
  const small = new g.GpacSession('3 2\n~~~\n~~~\n', null, 1);
  small.paint(0, 1, '#');
  assert.equal(small.level_text(), '3 2\n~#~\n~~~\n');
  assert.match(thrown(() => small.paint(1, 2, '#')).message, /spawn cells stay open/);
  assert.match(thrown(() => small.paint(5, 0, '#')).message, /off the board/);
  small.free();
  const walled = new g.GpacSession('3 2\n~##\n#~~\n', null, 1);
  walled.resize(3, 4);
  assert.equal(walled.level_text(), '4 3\n~##~\n#~~~\n~~~~\n');
  assert.deepEqual([walled.rows(), walled.cols(), walled.tiles_len()], [3, 4, 12]);
  walled.free();
});
