// Browser tests of the playground's GPac view (play, replay, lab), through headless
// Debian Chromium. Run: node --test --test-concurrency=1 tests/e2e/gpac.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, useBrowser, pageOpener, shotPath, norm, b64url, tab, loadText, swipe, setRange, CLI } from './harness.mjs';
import { idle, view, pickGame } from './harness.mjs';

const MAP00_FILE = path.join(ROOT, 'levels', 'gpac', 'course', 'map00.txt');
const MAP00 = readFileSync(MAP00_FILE, 'utf8');

const env = useBrowser();

const open = pageOpener(env, 'gpac');

const downloaded = async (page, selector) => {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const chunks = [];
  for await (const c of await d.createReadStream()) chunks.push(c);
  return { name: d.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
};

/** The CLI's game: {score, turns, end} and its world file. */
function cliGame(args) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gpac-e2e-'));
  const log = path.join(dir, 'world.txt');
  try {
    const out = execFileSync(CLI, ['gpac', 'play', ...args, '--log', log], { encoding: 'utf8' });
    const score = Number(/^score (-?\d+)/m.exec(out)[1]);
    const turns = Number(/^turns (\d+)/m.exec(out)[1]);
    return { score, turns, out, world: readFileSync(log, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the GPac view opens from the picker and from #game=gpac; the tabs read Replay and Lab', async () => {
  const { page, context, errors } = await open('');
  await pickGame(page, 'gpac');
  assert.equal(norm(await page.evaluate(() => window.gridlab.levelText())), norm(MAP00));
  assert.equal(await page.inputValue('#level-select'), 'map00');
  assert.deepEqual(await page.evaluate(() => window.gridlab.players()), ['avoid', 'chase']);
  const v = await view(page);
  assert.deepEqual([v.width, v.height, v.pacman, v.ghosts.length, v.time, v.end], [35, 20, { x: 0, y: 19 }, 3, 1400, null]);
  assert.equal(await page.textContent('#tab-solve'), 'Replay');
  assert.equal(await page.textContent('#tab-compare'), 'Lab');
  // The 100 course maps are in the picker, once each.
  await page.waitForFunction(() => document.querySelectorAll('#level-select option').length >= 100);
  const names = await page.$$eval('#level-select option', (os) => os.map((o) => o.textContent));
  assert.equal(names.filter((n) => /^Course map \d\d$/.test(n)).length, 100);
  const size = await page.evaluate(() => document.querySelector('#board').width);
  assert.ok(size > 100, `canvas drawn (${size})`);
  await page.screenshot({ path: shotPath('gpac-start.png') });
  // Another game restores the tab names.
  await page.click('[data-game="pengu"]');
  await page.waitForFunction(() => window.gridlab.game === 'pengu');
  assert.equal(await page.textContent('#tab-solve'), 'Solve');
  assert.equal(await page.textContent('#tab-compare'), 'Compare');
  assert.deepEqual(errors, []);
  await context.close();
});

test('watching Avoid against Chase on map 00, seed 3: the same game as the CLI and the engine', async () => {
  const { page, context, errors } = await open();
  const cli = cliGame(['--map', MAP00_FILE, '--seed', '3']);
  const expected = await page.evaluate((map) => {
    const s = new window.gridlab.api.GpacSession(map, null, 3);
    const v = s.run(5000);
    s.free();
    return { score: v.score, turns: v.turns, end: v.end };
  }, MAP00);
  assert.equal(expected.score, cli.score);
  assert.equal(expected.turns, cli.turns);
  assert.equal(await page.evaluate(() => window.gridlab.seed()), 3);
  // One step, then the timer at full speed to the end.
  await page.click('#step');
  await idle(page);
  assert.equal((await view(page)).turns, 1);
  await setRange(page, '#speed', 9);
  assert.equal(await page.textContent('#speed-label'), '480/s');
  await page.click('#play');
  await page.waitForFunction(() => window.gridlab.view().end && !window.gridlab.playing(), null, { timeout: 120000 });
  const v = await view(page);
  assert.equal(v.score, cli.score);
  assert.equal(v.turns, cli.turns);
  assert.equal(v.end, expected.end);
  assert.equal(await page.textContent('#score .value'), String(cli.score));
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner .banner-title'), /All pills eaten|Caught|Time is up/);
  await page.screenshot({ path: shotPath('gpac-watch-end.png') });
  // The world file of the game is the CLI's.
  const world = await downloaded(page, '#download-world');
  assert.equal(norm(world.text), norm(cli.world));
  // Scrub back to the start and run to the end at once: the same line.
  const line = await page.evaluate(() => window.gridlab.line());
  assert.equal(line.length, cli.turns);
  await setRange(page, '#scrub', 0);
  assert.equal((await view(page)).turns, 0);
  await page.click('#run-end');
  assert.equal((await view(page)).score, cli.score);
  assert.equal(await page.evaluate(() => window.gridlab.moves()), line);
  // Undo goes back a turn, redo forward.
  await page.click('#undo');
  assert.equal((await view(page)).turns, cli.turns - 1);
  await page.click('#redo');
  await idle(page);
  assert.equal((await view(page)).score, cli.score);
  // The same seed replays the same game in a fresh session.
  await page.click('#verify-seed');
  assert.match(await page.textContent('#verify-result'), /Same seed, same game/);
  // Another seed, another game.
  await page.fill('#seed', '4');
  await page.press('#seed', 'Enter');
  await page.waitForFunction(() => window.gridlab.seed() === 4 && window.gridlab.view().turns === 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard play: a key press is one turn, illegal moves change nothing, undo, real time', async () => {
  const { page, context, errors } = await open();
  await page.selectOption('#pacman-player', 'keyboard');
  await page.waitForFunction(() => window.gridlab.players()[0] === 'keyboard');
  await page.locator('#board').focus();
  let v = await view(page);
  assert.deepEqual([v.pacman, v.turns, v.legal], [{ x: 0, y: 19 }, 0, 'hrd']);
  await page.keyboard.press('ArrowRight');
  await idle(page);
  v = await view(page);
  assert.deepEqual([v.pacman, v.turns], [{ x: 1, y: 19 }, 1]);
  assert.deepEqual(v.ghosts.map((g) => g.x).sort(), [33, 33, 33], 'the ghosts moved too');
  // Up is a wall (off the map): nothing happens.
  await page.keyboard.press('ArrowUp');
  await page.waitForSelector('#toast.show');
  assert.match(await page.textContent('#toast'), /Cannot move up/);
  v = await view(page);
  assert.deepEqual([v.pacman, v.turns], [{ x: 1, y: 19 }, 1]);
  // WASD and hold.
  await page.keyboard.press('d');
  await idle(page);
  await page.keyboard.press('h');
  await idle(page);
  v = await view(page);
  assert.deepEqual([v.pacman, v.turns, v.moves], [{ x: 2, y: 19 }, 3, 'rrh']);
  assert.equal(await page.textContent('#moves'), 'rrh');
  // The pad.
  await page.click('#dpad [data-dir="l"]');
  await idle(page);
  assert.deepEqual((await view(page)).pacman, { x: 1, y: 19 });
  // Undo (Backspace) and redo.
  await page.locator('#board').focus();
  await page.keyboard.press('Backspace');
  assert.equal((await view(page)).moves, 'rrh');
  await page.keyboard.press('Control+y');
  await idle(page);
  assert.equal((await view(page)).moves, 'rrhl');
  // Real time: turns go by on their own, Pac-Man keeps the last direction.
  await page.click('#restart');
  await page.check('#realtime');
  await setRange(page, '#speed', 4);
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => window.gridlab.view().turns >= 4);
  await page.keyboard.press('p');
  await page.waitForFunction(() => !window.gridlab.playing());
  v = await view(page);
  assert.equal(v.pacman.x, 0);
  assert.ok(v.pacman.y < 19, `went down (${v.pacman.y})`);
  assert.match(v.moves, /^d+/);
  await page.uncheck('#realtime');
  await page.screenshot({ path: shotPath('gpac-keyboard.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('replaying a world file from the CLI, and a malformed one shows its line and column', async () => {
  const { page, context, errors } = await open();
  const cli = cliGame(['--map', MAP00_FILE, '--seed', '7', '--pacman', 'pill', '--ghosts', 'wander']);
  const snapshots = cli.world.split('\n').filter((l) => /^t /.test(l)).length;
  const lastT = cli.world.trim().split('\n').filter((l) => /^t /.test(l)).pop().split(' ');
  await tab(page, 'solve');
  await page.setInputFiles('#replay-file', { name: 'world.txt', mimeType: 'text/plain', buffer: Buffer.from(cli.world) });
  await page.waitForFunction(() => window.gridlab.replay().loaded);
  let r = await page.evaluate(() => window.gridlab.replay());
  assert.equal(r.frames, snapshots);
  assert.equal(r.finalScore, Number(lastT[2]));
  assert.equal(r.finalScore, cli.score);
  assert.equal(await page.textContent('#replay-frames'), `${snapshots} snapshots`);
  assert.equal(await page.textContent('#replay-final-score'), String(cli.score));
  assert.equal(await page.textContent('#replay-pos'), `0 / ${snapshots - 1}`);
  // Step, scrub, play.
  await page.click('#replay-fwd');
  assert.equal((await page.evaluate(() => window.gridlab.replay())).index, 1);
  await setRange(page, '#replay-scrub', snapshots - 1);
  r = await page.evaluate(() => window.gridlab.replay());
  assert.equal(r.index, snapshots - 1);
  assert.equal(await page.textContent('#replay-score'), String(cli.score));
  await page.click('#replay-first');
  await setRange(page, '#replay-speed', 9);
  await page.click('#replay-play');
  await page.waitForFunction(() => {
    const x = window.gridlab.replay();
    return x.index === x.frames - 1 && !x.playing;
  }, null, { timeout: 60000 });
  // Keys in the Replay tab: ← and → step.
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowLeft');
  assert.equal((await page.evaluate(() => window.gridlab.replay())).index, snapshots - 2);
  await page.screenshot({ path: shotPath('gpac-replay.png') });
  // A malformed world file: a visible error with line and column; the replay stays.
  await page.fill('#replay-text', '35\n20\nm 0 19\nx 1 2\n');
  await page.click('#replay-load');
  await page.waitForSelector('#replay-error:not([hidden])');
  assert.match(await page.textContent('#replay-error'), /Line 4, column 1: .*unknown key 'x'/);
  assert.equal((await page.evaluate(() => window.gridlab.replay())).frames, snapshots);
  // A world file dropped on the board opens here too.
  const own = await page.evaluate(() => window.gridlab.worldFile());
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'own.txt', { type: 'text/plain' }));
    document.querySelector('#board-host').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, own);
  await page.waitForFunction(() => window.gridlab.replay().frames === 1);
  assert.ok(await page.isHidden('#replay-error'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lab: runs in workers, the chart grows, stop, export and play the best map; config errors', async () => {
  const { page, context, errors } = await open();
  await tab(page, 'compare');
  assert.match(await page.inputValue('#lab-config'), /\[EA_configs\]\s*\nmu = 200/);
  // A bad config: the line and column, nothing starts.
  await page.fill('#lab-config', '[fitness_kwargs]\nwidth = 35\n[EA_configs]\nmu = lots\n');
  await page.click('#lab-start');
  await page.waitForSelector('#lab-error:not([hidden])');
  assert.match(await page.textContent('#lab-error'), /Line 4, column \d+/);
  assert.equal((await page.evaluate(() => window.gridlab.lab())).runs, 0);
  // The quick preset, two workers, a budget too large to finish during the test.
  await page.selectOption('#lab-preset', 'quick');
  const config = await page.inputValue('#lab-config');
  assert.match(config, /mu = 20\n/);
  assert.match(config, /num_children = 10\n/);
  await page.fill('#lab-evals', '100000');
  await page.fill('#lab-workers', '2');
  await page.fill('#lab-seed', '5');
  await page.click('#lab-start');
  assert.ok(await page.isHidden('#lab-error'));
  await page.waitForFunction(() => window.gridlab.lab().points >= 2, null, { timeout: 120000 });
  const p1 = await page.evaluate(() => window.gridlab.lab().points);
  await page.waitForFunction((p) => window.gridlab.lab().points > p, p1, { timeout: 120000 });
  const info = await page.evaluate(() => window.gridlab.lab());
  assert.equal(info.runs, 2);
  assert.ok(info.running);
  assert.equal(Number(await page.getAttribute('#lab-chart', 'data-points')), info.points);
  assert.ok(await page.$$eval('#lab-chart path.best', (ps) => ps.length) === 1);
  await page.waitForFunction(() => window.gridlab.lab().best);
  assert.equal(await page.getAttribute('#lab-config-box', 'open'), null, 'the config folds away for the chart');
  await page.locator('#lab-chart').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('gpac-lab.png') });
  await page.click('#lab-stop');
  await page.waitForFunction(() => !window.gridlab.lab().running);
  const stopped = await page.evaluate(() => window.gridlab.lab().points);
  await page.waitForTimeout(600);
  assert.equal(await page.evaluate(() => window.gridlab.lab().points), stopped, 'no more generations after Stop');
  assert.match(await page.textContent('#lab-status'), /^Stopped/);
  // Export the best map and its world file.
  const best = await page.evaluate(() => window.gridlab.lab().best);
  const map = await downloaded(page, '#lab-export-map');
  assert.equal(map.text.split('\n')[0], '35 20');
  assert.equal(map.text, best.map);
  const world = await downloaded(page, '#lab-export-world');
  assert.match(world.text, /^35\n20\nm 0 19\n/);
  // Play the best map.
  await page.click('#lab-play-best');
  await page.waitForSelector('#panel-play:not([hidden])');
  assert.equal(norm(await page.evaluate(() => window.gridlab.levelText())), norm(best.map));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lab with two objectives (1d) shows the population and its front', async () => {
  const { page, context, errors } = await open();
  await tab(page, 'compare');
  await page.selectOption('#lab-preset', 'quick1d');
  assert.match(await page.inputValue('#lab-config'), /minimize_dead_ends = True/);
  await page.fill('#lab-evals', '100000');
  await page.fill('#lab-workers', '1');
  await page.click('#lab-start');
  await page.waitForFunction(() => window.gridlab.lab().front > 0, null, { timeout: 120000 });
  assert.ok(await page.isVisible('#lab-front'));
  assert.ok(await page.$$eval('#lab-front circle.front', (cs) => cs.length) > 0);
  await page.selectOption('#lab-objective', '1');
  assert.match(await page.textContent('#lab-chart'), /Dead ends/);
  await page.locator('#lab-front').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('gpac-lab-1d.png') });
  await page.click('#lab-stop');
  await page.waitForFunction(() => !window.gridlab.lab().running);
  assert.deepEqual(errors, []);
  await context.close();
});

test('maps: random maps, editing walls, bad map text, settings', async () => {
  const { page, context, errors } = await open();
  await page.fill('#rand-w', '12');
  await page.fill('#rand-h', '8');
  await page.fill('#rand-density', '0.3');
  await page.fill('#rand-seed', '9');
  await page.click('#random-map');
  let text = await page.evaluate(() => window.gridlab.levelText());
  assert.equal(text.split('\n')[0], '12 8');
  assert.match(await page.textContent('#level-info'), /Random 12×8 map/);
  // Paint a wall in the Edit tab; the spawn cells stay open.
  await tab(page, 'edit');
  const box = await page.locator('#board').boundingBox();
  const at = (row, col) => ({ x: box.x + ((col + 0.5) * box.width) / 12, y: box.y + ((row + 0.5) * box.height) / 8 });
  const rows = () => page.evaluate(() => window.gridlab.levelText().split('\n').slice(1));
  const before = await rows();
  const target = before[3][5] === '#' ? { row: 3, col: 5, to: '~' } : { row: 3, col: 5, to: '#' };
  const p = at(target.row, target.col);
  if (target.to === '#') await page.mouse.click(p.x, p.y);
  else await page.mouse.click(p.x, p.y, { button: 'right' });
  await page.waitForFunction((t) => window.gridlab.levelText().split('\n')[t.row + 1][t.col] === t.to, target);
  const spawn = at(0, 0);
  await page.mouse.click(spawn.x, spawn.y);
  await page.waitForSelector('#toast.show');
  assert.match(await page.textContent('#toast'), /spawn cells stay open/);
  assert.equal((await rows())[0][0], '~');
  // Bad map text: line and column, the map stays.
  text = await page.evaluate(() => window.gridlab.levelText());
  await loadText(page, '5 3\n#####\n##\n#####\n');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error'), /Line 3, column \d+/);
  assert.equal(await page.evaluate(() => window.gridlab.levelText()), text);
  // Settings: more pills, linear placement, restarts the game.
  await tab(page, 'play');
  await page.selectOption('#level-select', 'map00');
  await page.waitForFunction(() => window.gridlab.view().width === 35);
  const pills = (await view(page)).pillsTotal;
  await page.fill('#pill-density', '0.2');
  await page.press('#pill-density', 'Enter');
  await page.waitForFunction((n) => window.gridlab.view().pillsTotal > n, pills);
  assert.equal((await page.evaluate(() => window.gridlab.settings())).pillDensity, 0.2);
  await page.click('#reset-settings');
  await page.waitForFunction((n) => window.gridlab.view().pillsTotal === n, pills);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a shared link replays the turns; a touch swipe moves Pac-Man; too large a map is refused', async () => {
  // The agents' first five turns from seed 3, as a fresh session plays them.
  let { page, context, errors } = await open('#game=gpac');
  const expected = await page.evaluate((map) => {
    const s = new window.gridlab.api.GpacSession(map, null, 3);
    const v = s.run(5);
    v.line = s.moves();
    s.free();
    return v;
  }, MAP00);
  await context.close();
  assert.match(expected.line, /^[udlrh]{5}$/);
  ({ page, context, errors } = await open(`#game=gpac&level=${b64url(MAP00)}&moves=${expected.line}`));
  assert.equal(norm(await page.evaluate(() => window.gridlab.levelText())), norm(MAP00));
  const shared = await view(page);
  assert.equal(shared.turns, 5);
  assert.deepEqual([shared.pacman, shared.ghosts, shared.score], [expected.pacman, expected.ghosts, expected.score]);
  await page.waitForFunction(() => /(^|&)moves=[udlrh]{5}(&|$)/.test(location.hash.slice(1)));
  await context.close();
  // A line the agents do not play stops where it parts from theirs, and says so.
  const other = expected.line[2] === 'h' ? 'u' : 'h';
  ({ page, context, errors } = await open(`#game=gpac&level=${b64url(MAP00)}&moves=${expected.line.slice(0, 2)}${other}hh`));
  assert.equal((await view(page)).turns, 2);
  await page.waitForSelector('#toast.show');
  assert.match(await page.textContent('#toast'), /agent moves/);
  await context.close();
  // A phone: swipe right with Pac-Man on the keyboard.
  ({ page, context, errors } = await open('#game=gpac', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }));
  await page.selectOption('#pacman-player', 'keyboard');
  await page.waitForFunction(() => window.gridlab.players()[0] === 'keyboard');
  await swipe(page, context, 14, 0);
  await page.waitForFunction(() => window.gridlab.view().turns === 1);
  assert.deepEqual((await view(page)).pacman, { x: 1, y: 19 });
  // A map too large for the browser: a message, the map stays.
  await loadText(page, `100 100\n${'~'.repeat(100)}\n`);
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error'), /Line 1, column 1: 100 × 100 is too large/);
  assert.equal((await view(page)).width, 35);
  await page.screenshot({ path: shotPath('gpac-phone.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
