// Tests of the Arena wasm bindings, in node against pkg-node/: a game with a human
// seat, its command log replayed, seeking in a replay, and the tournament points.
// Run: node --test tests/node/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { g, thrown, BIN } from './helpers.mjs';

test('a human seat moves on its command and the log replays the game', () => {
  const s = new g.ArenaSession(['human', 'greedy', 'hunter', 'miner'], 3, 500);
  s.command(0, 'R');
  s.step(10);
  const st = JSON.parse(s.state(true));
  assert.equal(st.tick, 10);
  assert.equal(st.state.players[0].x, 187 + 50, 'ten steps of 5 points to the right');
  assert.equal(st.state.maze.length, 256);
  while (s.step(100));
  const scores = JSON.parse(s.state(false)).state.players.map((p) => p.score);
  const log = s.command_log();
  assert.deepEqual(Array.from(g.arena_replay_scores(log)), scores);
  const r = g.ArenaSession.from_log(log);
  assert.equal(r.script_len(), 500);
  r.seek(500);
  assert.deepEqual(JSON.parse(r.state(false)).state.players.map((p) => p.score), scores);
  r.seek(10);
  assert.equal(JSON.parse(r.state(false)).tick, 10);
  assert.match(thrown(() => s.command(0, 'JUMP')).message, /unknown command/);
  assert.match(thrown(() => new g.ArenaSession(['human', 'x', 'greedy', 'greedy'], 1)).message, /greedy, hunter or miner/);
  assert.match(thrown(() => g.ArenaSession.from_log('{}')).message, /not a replay/);
  s.free();
  r.free();
});

test('a replay written by the CLI gives the scores the CLI printed', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gridlab-arena-'));
  try {
    const file = path.join(dir, 'game.json');
    const out = execFileSync(BIN, ['arena', 'play', '--seed', '3', '--steps', '300', '--replay', file], { encoding: 'utf8' });
    const printed = [...out.matchAll(/^seat \d .*: (-?\d+) \(/gm)].map((m) => Number(m[1]));
    assert.equal(printed.length, 4);
    assert.deepEqual(Array.from(g.arena_replay_scores(readFileSync(file, 'utf8'))), printed);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('tournament points come from the engine: 5, 3, 2, 1, ties share', () => {
  assert.deepEqual(Array.from(g.arena_tournament_points([40, 90, 10, 20])), [3, 5, 1, 2]);
  assert.deepEqual(Array.from(g.arena_tournament_points([50, 50, 10, 10])), [4, 4, 1.5, 1.5]);
  assert.match(thrown(() => g.arena_tournament_points([1, 2])).message, /^scores: 4 numbers, not 2$/);
});
