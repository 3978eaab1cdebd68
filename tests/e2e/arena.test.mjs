// Browser tests of the playground's Arena view (play against bots in real time, watch
// bots, replays from the page and from the CLI, the live feed, the league), through
// headless Debian Chromium. Run: node --test --test-concurrency=1 tests/e2e/arena.test.mjs
// Robust on a slow machine: every wait is for a condition, never for a time.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, useBrowser, openPage, shotPath, swipe, setRange, CLI } from './harness.mjs';

const wasm = createRequire(import.meta.url)('../../pkg-node/gridlab.js');

const env = useBrowser();

/** The page with the Arena mounted; console errors of a refused WebSocket are expected where noted. */
const open = (hash = '', opts = {}) =>
  openPage(env.browser, `${env.server.url}#game=arena${hash}`, { ...opts, game: 'arena' });
const info = (page) => page.evaluate(() => window.gridlab.info());
const cardScores = (page) => page.$$eval('.arena-card .score', (els) => els.map((e) => Number(e.textContent)));
const downloaded = async (page, selector) => {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const chunks = [];
  for await (const c of await d.createReadStream()) chunks.push(c);
  return { name: d.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
};
const withoutSocketNoise = (errors) => errors.filter((e) => !/WebSocket connection to .* failed/.test(e));

test('Arena opens from the picker (no game is "soon" any more); its tabs read Live, Replay, League', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  assert.equal(await page.$$eval('[data-game][aria-disabled="true"]', (els) => els.length), 0);
  assert.equal(await page.$$eval('#game-picker .soon', (els) => els.length), 0);
  await page.click('[data-game="arena"]');
  await page.waitForFunction(() => window.gridlab && window.gridlab.game === 'arena');
  assert.equal(await page.getAttribute('[data-game="arena"]', 'aria-pressed'), 'true');
  assert.deepEqual(await page.$$eval('.tabs [role="tab"]', (ts) => ts.map((t) => t.textContent)), ['Play', 'Live', 'Replay', 'League']);
  const i = await info(page);
  assert.equal(i.phase, 'ready');
  assert.equal(i.tick, 0);
  assert.equal(i.steps, 6000);
  assert.equal(i.you, 0);
  assert.deepEqual(i.names, ['human', 'greedy', 'hunter', 'miner']);
  const st = await page.evaluate(() => window.gridlab.state());
  assert.equal(st.players.length, 4);
  assert.equal(st.ghosts.length, 4);
  assert.ok(st.pellets.length > 200, 'pellets on the board');
  const canvas = await page.evaluate(() => ({ w: document.querySelector('#board').width, h: document.querySelector('#board').height }));
  assert.ok(canvas.w > 200 && canvas.w === canvas.h, `square board drawn (${canvas.w}×${canvas.h})`);
  assert.equal(await page.textContent('#arena-time .value'), '5:00');
  assert.equal(await page.textContent('#name-0'), 'You (seat 0)');
  await page.screenshot({ path: shotPath('arena-start.png') });
  // The help names the keys.
  await page.keyboard.press('?');
  assert.match(await page.textContent('#help-body'), /Reverse[\s\S]*landmine/);
  await page.keyboard.press('Escape');
  // Another game restores the tab names.
  await page.click('[data-game="gpac"]');
  await page.waitForFunction(() => window.gridlab.game === 'gpac');
  await page.click('[data-game="pengu"]');
  await page.waitForFunction(() => window.gridlab.game === 'pengu');
  assert.deepEqual(await page.$$eval('.tabs [role="tab"]', (ts) => ts.map((t) => t.textContent)), ['Play', 'Edit', 'Solve', 'Compare']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bots only, 400 steps at ×4: the game runs to the end with the engine\'s scores; replay, download, play again', async () => {
  const { page, context, errors } = await open('&mode=bots&steps=400&seed=3');
  let i = await info(page);
  assert.equal(i.you, -1);
  assert.equal(i.steps, 400);
  await page.click('#speed-4');
  assert.equal(await page.getAttribute('#speed-4', 'aria-pressed'), 'true');
  await page.click('#arena-start');
  await page.waitForFunction(() => window.gridlab.info().tick > 0);
  assert.equal((await info(page)).phase, 'running');
  await page.waitForFunction(() => window.gridlab.info().phase === 'over', null, { timeout: 120000 });
  i = await info(page);
  assert.equal(i.tick, 400);
  const log = await page.evaluate(() => window.gridlab.commandLog());
  const engine = Array.from(wasm.arena_replay_scores(log));
  assert.deepEqual(i.scores, engine);
  assert.deepEqual(await page.evaluate((l) => Array.from(window.gridlab.api.arena_replay_scores(l)), log), engine);
  assert.deepEqual(await cardScores(page), engine);
  assert.equal(await page.textContent('#arena-time .value'), '0:00');
  await page.waitForSelector('#banner:not([hidden]) #banner-ranking');
  assert.equal(await page.textContent('#banner .banner-title'), 'Game over');
  const shown = await page.$$eval('#banner-ranking li', (lis) => lis.map((li) => [Number(li.dataset.seat), Number(li.querySelector('.score').textContent)]));
  assert.equal(shown.length, 4);
  for (const [seat, score] of shown) assert.equal(score, engine[seat]);
  const pts = await page.$$eval('#banner-ranking .points', (els) => els.map((e) => parseFloat(e.textContent)));
  assert.equal(pts.reduce((a, b) => a + b, 0), 11, 'the places share 5 + 3 + 2 + 1 points');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: shotPath('arena-bots-end.png') });
  // The downloaded replay is the command log.
  const file = await downloaded(page, '#banner-download');
  assert.match(file.name, /^arena-seed-3-.*\.json$/);
  assert.equal(file.text, log);
  // Replay: the Replay tab, played at ×16 to its end, reaches the same scores.
  await page.click('#banner-replay');
  await page.waitForSelector('#panel-solve:not([hidden])');
  let r = await page.evaluate(() => window.gridlab.replay());
  assert.equal(r.loaded, true);
  assert.equal(r.len, 400);
  assert.equal(r.tick, 0);
  assert.deepEqual(r.finalScores, engine);
  assert.equal(await page.textContent('#arena-replay-final'), engine.join(', '));
  await setRange(page, '#arena-rp-speed', 5);
  assert.equal(await page.textContent('#arena-rp-speed-label'), '×16');
  await page.click('#arena-rp-play');
  await page.waitForFunction(() => window.gridlab.replay().tick > 0);
  await page.waitForFunction(() => {
    const x = window.gridlab.replay();
    return x.tick === x.len && !x.playing;
  }, null, { timeout: 120000 });
  r = await page.evaluate(() => window.gridlab.replay());
  assert.deepEqual(r.scores, engine);
  assert.deepEqual(await cardScores(page), engine);
  await page.waitForSelector('#arena-replay-ranking');
  // Scrub back (seek) and forward again.
  await page.$eval('#arena-rp-scrub', (el) => {
    el.value = '100';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  r = await page.evaluate(() => window.gridlab.replay());
  assert.equal(r.tick, 100);
  assert.ok(r.scores.reduce((a, b) => a + b, 0) < engine.reduce((a, b) => a + b, 0), 'fewer points at step 100');
  assert.equal(await page.textContent('#arena-rp-pos'), '100 / 400 · 0:05');
  await page.screenshot({ path: shotPath('arena-replay.png') });
  // The shared transport: a step on and back, a second on with →.
  await page.click('#arena-rp-step');
  await page.waitForFunction(() => window.gridlab.replay().tick === 101);
  await page.click('#arena-rp-back');
  assert.equal((await page.evaluate(() => window.gridlab.replay())).tick, 100);
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal((await page.evaluate(() => window.gridlab.replay())).tick, 120);
  await page.keyboard.press('End');
  assert.deepEqual((await page.evaluate(() => window.gridlab.replay())).scores, engine);
  await page.keyboard.press('Home');
  assert.equal((await page.evaluate(() => window.gridlab.replay())).tick, 0);
  // Play again: a fresh game with the same setup.
  await page.click('#tab-play');
  await page.click('#banner-again');
  await page.waitForFunction(() => window.gridlab.info().phase === 'running');
  assert.ok((await info(page)).tick < 400);
  await page.click('#arena-to-end');
  i = await info(page);
  assert.equal(i.phase, 'over');
  assert.deepEqual(i.scores, engine, 'the same seed and bots: the same game');
  assert.deepEqual(errors, []);
  await context.close();
});

test('you against the bots: ArrowRight sends R and you move right; pause stops the clock; reverse, drop, slow motion', async () => {
  const { page, context, errors } = await open('&mode=human&seat=0&seed=11&steps=6000');
  assert.equal((await info(page)).you, 0);
  assert.equal(await page.isDisabled('#speed-4'), true, 'fast speeds are for watching');
  const x0 = (await page.evaluate(() => window.gridlab.state())).players[0].x;
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.gridlab.lastCommand()), 'R');
  assert.deepEqual((await page.evaluate(() => window.gridlab.commands())).map((c) => c.word), ['R']);
  assert.equal((await info(page)).phase, 'running', 'an arrow key starts the game');
  await page.waitForFunction((x) => window.gridlab.state().players[0].x > x, x0);
  await page.screenshot({ path: shotPath('arena-play.png') });
  // P pauses: the step counter stands still; P again goes on.
  await page.keyboard.press('p');
  assert.equal((await info(page)).phase, 'paused');
  const t1 = (await info(page)).tick;
  await page.waitForTimeout(600);
  assert.equal((await info(page)).tick, t1, 'no step while paused');
  assert.equal(await page.textContent('#status'), 'Paused');
  await page.keyboard.press('p');
  await page.waitForFunction((t) => window.gridlab.info().tick > t, t1);
  // The pause button too.
  await page.click('#arena-pause');
  assert.equal((await info(page)).phase, 'paused');
  await page.click('#arena-pause');
  assert.equal((await info(page)).phase, 'running');
  await page.locator('#board').focus();
  // Reverse and drop from the keys (a drop without a landmine only says so).
  // (A player waiting in the hub after a capture has its turn queued until it leaves:
  // on a busy machine that may happen here, so wait for the command to go out.)
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => window.gridlab.lastCommand() === 'REV', null, { timeout: 20000 });
  await page.keyboard.press('w');
  await page.waitForFunction(() => window.gridlab.lastCommand() === 'U', null, { timeout: 20000 });
  await page.keyboard.press('e');
  assert.equal(await page.evaluate(() => window.gridlab.lastCommand()), 'DROP');
  // The on-screen pad (queued too while the player waits in the hub).
  await page.click('#pad-L');
  await page.waitForFunction(() => window.gridlab.lastCommand() === 'L', null, { timeout: 20000 });
  // Slow motion.
  await page.click('#speed-0_25');
  assert.equal((await info(page)).speed, 0.25);
  assert.match(await page.textContent('#status'), /×0.25/);
  // The commands went into the game's log, seat 0.
  const log = JSON.parse(await page.evaluate(() => window.gridlab.commandLog()));
  const sent = log.steps.map((s) => s[0]).filter(Boolean);
  assert.ok(sent.some((c) => c.Go === 'R'), `R in the log: ${JSON.stringify(sent.slice(0, 5))}`);
  assert.deepEqual(log.names, ['human', 'greedy', 'hunter', 'miner']);
  // A new game from the toolbar starts over.
  await page.click('#arena-start');
  await page.waitForFunction(() => window.gridlab.info().phase === 'running');
  assert.deepEqual(errors, []);
  await context.close();
});

test('touch: a swipe on the board turns, a tap drops (phone layout)', async () => {
  const { page, context, errors } = await open('&mode=human&seat=1&seed=4', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await page.locator('#board').scrollIntoViewIfNeeded();
  await swipe(page, context, 0, 14);
  await page.waitForFunction(() => window.gridlab.lastCommand() === 'D');
  assert.equal((await info(page)).phase, 'running');
  await swipe(page, context, -14, 0);
  await page.waitForFunction(() => window.gridlab.lastCommand() === 'L');
  await page.locator('#board').tap();
  await page.waitForFunction(() => window.gridlab.lastCommand() === 'DROP');
  await page.screenshot({ path: shotPath('arena-phone.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a malformed replay shows an error (paste, file, drop on the board); the board and a good replay stay', async () => {
  const { page, context, errors } = await open('&mode=bots&steps=120&seed=2');
  await page.click('#tab-solve');
  await page.fill('#arena-replay-text', '{"seed": 1, "oops": true');
  await page.click('#arena-replay-load');
  await page.waitForSelector('#arena-replay-error:not([hidden])');
  assert.match(await page.textContent('#arena-replay-error'), /Cannot open this replay\. not a replay/);
  assert.equal((await page.evaluate(() => window.gridlab.replay())).loaded, false);
  // A good one (this game), then a bad file: the error shows, the good replay stays.
  await page.click('#arena-replay-game');
  await page.waitForFunction(() => window.gridlab.replay().loaded);
  assert.equal(await page.isHidden('#arena-replay-error'), true);
  await page.setInputFiles('#arena-replay-file', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('not json at all') });
  await page.waitForSelector('#arena-replay-error:not([hidden])');
  assert.match(await page.textContent('#arena-replay-error'), /not a replay/);
  assert.equal((await page.evaluate(() => window.gridlab.replay())).loaded, true);
  await page.fill('#arena-replay-text', '');
  await page.click('#arena-replay-load');
  assert.match(await page.textContent('#arena-replay-error'), /empty/);
  // A log with more steps than its game.
  const s = new wasm.ArenaSession(['greedy', 'greedy', 'greedy', 'greedy'], 1, 20);
  while (s.step(10)) { /* to the end */ }
  const bad = JSON.parse(s.command_log());
  s.free();
  bad.config.steps = 5;
  await page.fill('#arena-replay-text', JSON.stringify(bad));
  await page.click('#arena-replay-load');
  assert.match(await page.textContent('#arena-replay-error'), /more steps than its game/);
  // A bad file dropped on the board opens nothing and says why.
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['[1, 2, 3]'], 'dropped.json', { type: 'application/json' }));
    document.querySelector('#board-host').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => /not a replay/.test(document.querySelector('#arena-replay-error').textContent) && document.querySelector('#arena-replay-text').value === '[1, 2, 3]');
  assert.ok(await page.isVisible('#board'));
  await page.screenshot({ path: shotPath('arena-replay-error.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a replay written by the CLI (gridlab arena play --replay) loads with the CLI\'s final scores', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-e2e-'));
  const file = path.join(dir, 'game-seed-3.json');
  try {
    const out = execFileSync(CLI, ['arena', 'play', '--seed', '3', '--steps', '300', '--replay', file], { encoding: 'utf8' });
    const cli = [];
    for (const m of out.matchAll(/^seat (\d) ([^:]+:[a-z]+): (-?\d+) \(/gm)) cli[Number(m[1])] = { name: m[2], score: Number(m[3]) };
    assert.equal(cli.length, 4, out);
    const { page, context, errors } = await open();
    await page.click('#tab-solve');
    await page.setInputFiles('#arena-replay-file', file);
    await page.waitForFunction(() => window.gridlab.replay().loaded);
    let r = await page.evaluate(() => window.gridlab.replay());
    assert.equal(r.name, 'game-seed-3.json');
    assert.equal(r.len, 300);
    assert.equal(r.seed, 3);
    assert.deepEqual(r.names, cli.map((c) => c.name));
    assert.deepEqual(r.finalScores, cli.map((c) => c.score));
    assert.equal(await page.textContent('#arena-replay-final'), cli.map((c) => c.score).join(', '));
    // Played to its end on the board (the End key seeks).
    await page.keyboard.press('End');
    r = await page.evaluate(() => window.gridlab.replay());
    assert.equal(r.tick, 300);
    assert.deepEqual(r.scores, cli.map((c) => c.score));
    assert.deepEqual(await cardScores(page), cli.map((c) => c.score));
    assert.equal(await page.textContent('#name-0'), 'Greedy bot');
    // The file also replays when pasted.
    await page.click('#arena-replay-close');
    await page.fill('#arena-replay-text', readFileSync(file, 'utf8'));
    await page.click('#arena-replay-load');
    await page.waitForFunction(() => window.gridlab.replay().loaded);
    assert.deepEqual((await page.evaluate(() => window.gridlab.replay())).finalScores, cli.map((c) => c.score));
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('watch live: the relay\'s states are drawn as they come, the result is ranked; a missing relay says so', async () => {
  const { page, context, errors } = await open();
  // No relay behind this server: a clear error, no blank page.
  await page.click('#tab-edit');
  assert.match(await page.inputValue('#arena-live-url'), /^ws:\/\/127\.0\.0\.1:\d+\/arena\/live$/);
  await page.click('#arena-live-connect');
  await page.waitForSelector('#arena-live-error:not([hidden])');
  assert.match(await page.textContent('#arena-live-error'), /No live game\./);
  await page.waitForFunction(() => window.gridlab.live().state === 'failed');
  // A relay (mocked in the page's network) that sends a short bot game.
  const s = new wasm.ArenaSession(['greedy', 'hunter', 'miner', 'hunter'], 9, 80);
  const lines = [];
  let first = true;
  do {
    lines.push(s.state(first));
    first = false;
  } while (s.step(1));
  const finals = JSON.parse(s.state(false)).state.players.map((p) => p.score);
  s.free();
  const names = ['team-a', 'bot:hunter', 'bot:miner', 'bot:hunter'];
  await page.routeWebSocket(/\/arena\/live$/, (ws) => {
    ws.send('{"spectating":true}');
    let k = 0;
    const timer = setInterval(() => {
      if (k < lines.length) ws.send(lines[k++]);
      else {
        ws.send(JSON.stringify({ gameOver: { names, scores: finals } }));
        clearInterval(timer);
      }
    }, 20);
    ws.onClose(() => clearInterval(timer));
  });
  await page.click('#arena-live-connect');
  await page.waitForFunction(() => window.gridlab.live().states > 10);
  let l = await page.evaluate(() => window.gridlab.live());
  assert.equal(l.maze, true);
  assert.equal(l.error, null);
  assert.equal(await page.isHidden('#arena-live-error'), true);
  assert.match(await page.textContent('#status'), /^Live/);
  await page.screenshot({ path: shotPath('arena-live.png') });
  await page.waitForSelector('#arena-live-ranking');
  l = await page.evaluate(() => window.gridlab.live());
  assert.equal(l.games, 1);
  assert.equal(l.states, lines.length);
  assert.deepEqual(l.names, names);
  const ranked = await page.$$eval('#arena-live-ranking li', (lis) => lis.map((li) => [Number(li.dataset.seat), Number(li.querySelector('.score').textContent)]));
  for (const [seat, score] of ranked) assert.equal(score, finals[seat]);
  assert.match(await page.textContent('#arena-live-ranking'), /team-a/);
  // Disconnect.
  await page.click('#arena-live-connect');
  await page.waitForFunction(() => window.gridlab.live().state === 'closed');
  assert.deepEqual(withoutSocketNoise(errors), []);
  await context.close();
});

test('watch live through `gridlab serve --arena` (when this build has the relay)', async (t) => {
  const help = execFileSync(CLI, ['serve', '--help'], { encoding: 'utf8' });
  if (!/--arena/.test(help)) {
    t.skip('this gridlab build has no `serve --arena` yet');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'arena-live-'));
  const kids = [];
  const start = (args) => {
    const child = spawn(CLI, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    kids.push(child);
    return child;
  };
  try {
    const arena = start(['arena', 'serve', '--port', '0', '--steps', '100', '--wait', '0', '--games', '0', '--replays', dir]);
    const arenaAddr = await new Promise((resolve, reject) => {
      let out = '';
      arena.stdout.on('data', (d) => {
        out += d;
        const m = /listening on (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      arena.on('exit', (code) => reject(new Error(`arena serve exited (${code}): ${out}`)));
    });
    const port = 20000 + Math.floor(Math.random() * 20000);
    const web = start(['serve', '--port', String(port), '--host', '127.0.0.1', '--arena', arenaAddr]);
    const url = `http://127.0.0.1:${port}/`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        /* not up yet */
      }
      if (web.exitCode !== null || i > 600) throw new Error('gridlab serve --arena did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const { page, context, errors } = await openPage(env.browser, `${url}#game=arena`, { game: 'arena' });
    await page.click('#tab-edit');
    await page.click('#arena-live-connect');
    // The maze comes with the first state of a game: wait for a game over and the next round.
    await page.waitForFunction(() => {
      const l = window.gridlab.live();
      return l.games >= 1 && l.maze && l.states > 5;
    }, null, { timeout: 120000 });
    const l = await page.evaluate(() => window.gridlab.live());
    assert.equal(l.error, null);
    await page.screenshot({ path: shotPath('arena-live-relay.png') });
    assert.deepEqual(withoutSocketNoise(errors), []);
    await context.close();
  } finally {
    for (const k of kids) if (k.exitCode === null) k.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the bot league plays every entrant from every seat; a league game replays', async () => {
  const { page, context, errors } = await open();
  await page.click('#tab-compare');
  await page.fill('#league-sets', '1');
  await page.selectOption('#league-length', '400');
  await page.click('#league-run');
  await page.waitForFunction(() => window.gridlab.league().results, null, { timeout: 120000 });
  const { results } = await page.evaluate(() => window.gridlab.league());
  assert.equal(results.games.length, 4);
  const total = results.standings.reduce((a, r) => a + r.points, 0);
  assert.equal(total, 44, '11 points a game');
  // Each game's scores are the engine's for its seed and seats.
  for (const g of results.games) {
    const s = new wasm.ArenaSession(g.seats, g.seed, 400);
    while (s.step(100)) { /* to the end */ }
    assert.deepEqual(g.scores, Array.from(wasm.arena_replay_scores(s.command_log())));
    s.free();
  }
  await page.screenshot({ path: shotPath('arena-league.png') });
  await page.click('.league-games tbody tr:first-child .btn');
  await page.waitForFunction(() => window.gridlab.replay().loaded);
  assert.deepEqual((await page.evaluate(() => window.gridlab.replay())).finalScores, results.games[0].scores);
  assert.deepEqual(errors, []);
  await context.close();
});

