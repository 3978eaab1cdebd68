// Browser tests of a seat in a server game: `gridlab arena serve` (lock-step, three
// bots and one open seat), `gridlab serve --arena` relaying /arena/seat, the page's
// Live tab joining as a name, answering every step and sending a key's command.
// Run: node --test --test-concurrency=1 tests/e2e/arena-seat.test.mjs
// Robust on a slow machine: every wait is for a condition, never for a time.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, useBrowser, openPage, shotPath, CLI } from './harness.mjs';

const wasm = createRequire(import.meta.url)('../../pkg-node/gridlab.js');

const env = useBrowser();
const live = (page) => page.evaluate(() => window.gridlab.live());
const withoutSocketNoise = (errors) => errors.filter((e) => !/WebSocket connection to .* failed/.test(e));

/** Start a gridlab command; resolves to {child, out(), match} once its output matches `re`. */
function start(args, re) {
  const child = spawn(CLI, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise((resolve, reject) => {
    const look = () => {
      const m = re.exec(out);
      if (m) resolve(m);
    };
    child.stdout.on('data', look);
    child.on('exit', (code) => reject(new Error(`gridlab ${args.join(' ')} exited (${code}): ${out}${err}`)));
  });
  return { child, exited, ready, out: () => out, err: () => err };
}

test('join a lock-step server game from the page: every step answered, a key\'s command played, the result the server\'s', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-seat-'));
  const kids = [];
  try {
    const arena = start(['arena', 'serve', '--lockstep', '--step-timeout', '20000', '--bots', '3', '--steps', '60', '--wait', '600', '--port', '0', '--replays', dir], /listening on (\S+)/);
    kids.push(arena);
    const arenaAddr = (await arena.ready)[1];
    const web = start(['serve', '--port', '0', '--host', '127.0.0.1', '--arena', arenaAddr], /playground at (http:\S+)/);
    kids.push(web);
    const url = (await web.ready)[1];
    const { page, context, errors } = await openPage(env.browser, `${url}#game=arena`, { game: 'arena' });
    await page.click('#tab-edit');
    assert.match(await page.textContent('#arena-seat-join'), /Join as player/);
    // A bad name is the relay's clear error (the game's seat stays open).
    await page.fill('#arena-seat-name', '   ');
    await page.click('#arena-seat-join');
    await page.waitForSelector('#arena-live-error:not([hidden])');
    assert.match(await page.textContent('#arena-live-error'), /bad name: it is empty/);
    await page.waitForFunction(() => window.gridlab.live().state === 'failed');
    await page.fill('#arena-seat-name', 'ada');
    assert.match(await page.textContent('#arena-seat-join'), /Join as ada/);
    // Join and press ← at once: the command waits for the first step and is its answer.
    await page.evaluate(() => {
      document.querySelector('#arena-seat-join').click();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', code: 'ArrowLeft', bubbles: true }));
    });
    await page.waitForFunction(() => window.gridlab.live().over, null, { timeout: 180000 });
    const l = await live(page);
    assert.equal(l.role, 'player');
    assert.equal(l.seat, 0);
    assert.equal(l.error, null);
    assert.equal(l.states, 60, 'one state a step');
    assert.equal(l.answered, 60, 'every step answered (lock-step)');
    assert.deepEqual(l.sent[0], { tick: 0, word: 'L' });
    // The server's result: its report line and its replay file.
    assert.equal(await arena.exited, 0);
    const line = /game 0: (.*)/.exec(arena.out())[1];
    const server = [...line.matchAll(/(\S+) (-?\d+) \(([\d.]+) pts\);/g)].map((m) => ({ name: m[1], score: Number(m[2]) }));
    assert.equal(server.length, 4, line);
    assert.equal(server[0].name, 'ada');
    assert.deepEqual(l.over.scores, server.map((s) => s.score));
    const file = readdirSync(dir).find((f) => f.endsWith('.json'));
    const log = readFileSync(path.join(dir, file), 'utf8');
    assert.deepEqual(JSON.parse(log).steps[0][0], { Go: 'L' });
    assert.deepEqual(Array.from(wasm.arena_replay_scores(log)), server.map((s) => s.score));
    // The page shows the end: the seat's score and the ranking with the server's names.
    assert.equal(await page.textContent('#arena-seat-score b'), String(server[0].score));
    const ranked = await page.$$eval('#arena-live-ranking li', (lis) => lis.map((li) => [Number(li.dataset.seat), Number(li.querySelector('.score').textContent), li.classList.contains('you')]));
    assert.equal(ranked.length, 4);
    for (const [seat, score, you] of ranked) {
      assert.equal(score, server[seat].score);
      assert.equal(you, seat === 0);
    }
    assert.match(await page.textContent('#arena-live-ranking'), /ada \(you\)/);
    await page.waitForFunction(() => window.gridlab.live().state === 'closed');
    assert.match(await page.textContent('#arena-live-status'), new RegExp(`your score ${server[0].score}`));
    assert.equal(await page.isHidden('#arena-live-error'), true);
    await page.screenshot({ path: shotPath('arena-seat.png') });
    // The server is gone now: joining again says so.
    await page.click('#arena-seat-join');
    await page.waitForSelector('#arena-live-error:not([hidden])');
    assert.match(await page.textContent('#arena-live-error'), /cannot reach the Arena server/);
    assert.deepEqual(withoutSocketNoise(errors), []);
    await context.close();
  } finally {
    for (const k of kids) if (k.child.exitCode === null) k.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('joining without a relay behind the playground is a visible error, not a blank page', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=arena`, { game: 'arena' });
  await page.click('#tab-edit');
  await page.click('#arena-seat-join');
  await page.waitForSelector('#arena-live-error:not([hidden])');
  assert.match(await page.textContent('#arena-live-error'), /no Arena server: start gridlab serve with --arena/);
  await page.waitForFunction(() => window.gridlab.live().state === 'failed');
  // Keys without a seat do nothing here (the Live tab only plays a joined seat).
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual((await live(page)).sent, []);
  assert.deepEqual(withoutSocketNoise(errors), []);
  await context.close();
});

/** A program in a seat: says hello and answers every state at once (what lock-step is for). */
function bot(addr, name) {
  const [host, port] = [addr.slice(0, addr.lastIndexOf(':')), Number(addr.slice(addr.lastIndexOf(':') + 1))];
  const socket = net.connect(port, host, () => socket.write(`${JSON.stringify({ hello: name })}\n`));
  let buffer = '';
  socket.on('data', (d) => {
    buffer += d;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const msg = JSON.parse(line);
      if (msg.tick != null && msg.state) socket.write(`${JSON.stringify({ tick: msg.tick })}\n`);
    }
  });
  socket.on('error', () => {});
  return socket;
}

test('watching a lock-step server: the page says lock-step is for programs; after its last game, that the server closed', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-watch-'));
  const kids = [];
  let program = null;
  try {
    const arena = start(['arena', 'serve', '--lockstep', '--step-timeout', '20000', '--bots', '3', '--steps', '40', '--games', '1', '--wait', '600', '--port', '0', '--replays', dir], /listening on (\S+)/);
    kids.push(arena);
    const arenaAddr = (await arena.ready)[1];
    const web = start(['serve', '--port', '0', '--host', '127.0.0.1', '--arena', arenaAddr], /playground at (http:\S+)/);
    kids.push(web);
    const url = (await web.ready)[1];
    const { page, context, errors } = await openPage(env.browser, `${url}#game=arena`, { game: 'arena' });
    await page.click('#tab-edit');
    await page.click('#arena-live-connect');
    // The spectator's hello says lock-step: the page says what that means.
    await page.waitForFunction(() => window.gridlab.live().lockstep === true, null, { timeout: 30000 });
    assert.match(await page.textContent('#arena-live-mode'), /^Lock-step server: .*for programs.*real time.*for people/);
    // A program takes the seat; the game (40 steps) runs and the server, its one game
    // played, exits.
    program = bot(arenaAddr, 'prog');
    await page.waitForFunction(() => window.gridlab.live().games === 1, null, { timeout: 120000 });
    assert.equal(await arena.exited, 0);
    await page.waitForFunction(() => window.gridlab.live().state === 'closed', null, { timeout: 30000 });
    const l = await live(page);
    assert.equal(l.error, null);
    assert.doesNotMatch(l.message.join(' '), /waiting for the next game/);
    assert.match(l.message.join(' '), /the server has closed: no more games/);
    const status = await page.textContent('#arena-live-status');
    assert.doesNotMatch(status, /waiting for the next game/);
    assert.match(status, /the server has closed: no more games/);
    assert.deepEqual(withoutSocketNoise(errors), []);
    await context.close();
  } finally {
    if (program) program.destroy();
    for (const k of kids) if (k.child.exitCode === null) k.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});
