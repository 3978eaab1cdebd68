// Browser tests of issue 24's small fixes: one word per game for its unit (Act-Man's
// turns, Pengu's moves) in the verdict, the generator and the solve results; one name
// per Arena bot everywhere; Rogue's palette shows the dungeon's own monster; cells and
// text positions are 1-based with the same words; Rogue's banner is coloured from the
// side the user plays; a game switch opens the new game on its Play tab.
// Run: node --test --test-concurrency=1 tests/e2e/small_fixes.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, useBrowser, pageOpener, tab, loadText, cellPoint, pickGame, solve, CLI } from './harness.mjs';

const env = useBrowser();
const open = pageOpener(env);

/** The editor's verdict badges once the verdict on the shown level is in. */
async function badges(page) {
  await tab(page, 'edit');
  await page.waitForFunction(() => {
    const c = window.gridlab.check();
    return c && !c.busy && c.result && document.querySelector('#check-badges [data-badge]');
  }, null, { timeout: 30000 });
  return page.$$eval('#check-badges [data-badge]', (bs) => Object.fromEntries(bs.map((b) => [b.dataset.badge, b.textContent])));
}

test('one unit word per game: Act-Man counts turns, Pengu moves, in the verdict, the generator and the solve results', async () => {
  const { page, context, errors } = await open('#game=actman', { game: 'actman' });
  // The verdict on the default dungeon: a victory in 3 turns, as the solver says.
  assert.equal((await badges(page)).win, 'Win in 3 turns (optimal)');
  await solve(page, 'bfs');
  assert.match(await page.textContent('#panel-solve'), /Plan length3 turns/);
  // The generator's proof counts turns too, and the verdict on its level agrees.
  await tab(page, 'edit');
  await page.click('#gen summary');
  for (const [id, v] of [['#gen-rows', '6'], ['#gen-cols', '6'], ['#gen-monsters', '1'], ['#gen-minTurns', '2'], ['#gen-seed', '3']]) await page.fill(id, v);
  for (const id of ['#gen-needsBullet', '#gen-needsLure', '#gen-unique']) await page.uncheck(id);
  await page.click('#gen-go');
  await page.waitForFunction(() => window.gridlab.generator().generated, null, { timeout: 120000 });
  const turns = Number((await page.textContent('#gen-status')).match(/^Proved: victory in (\d+) turns/)[1]);
  await page.waitForFunction((t) => {
    const b = document.querySelector('#check-badges [data-badge="win"]');
    return b && b.textContent.startsWith(`Win in ${t} turn`);
  }, turns, { timeout: 30000 });
  assert.equal(await page.textContent('#check-badges [data-badge="win"]'), `Win in ${turns} ${turns === 1 ? 'turn' : 'turns'} (optimal)`);
  assert.deepEqual(errors, []);
  await context.close();
  // Pengu keeps its moves.
  const pengu = await open('#game=pengu', { game: 'pengu' });
  await loadText(pengu.page, '4 7\n#######\n#P *  #\n#0#####\n#######\n');
  assert.equal((await badges(pengu.page)).win, 'Win in 1 move (optimal)');
  assert.deepEqual(pengu.errors, []);
  await pengu.context.close();
});

test('one name per Arena bot: the setup, the cards, the league and a tournament\'s results say "Hunter bot"', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'small-fixes-'));
  try {
    const file = path.join(dir, 'tournament.json');
    execFileSync(CLI, ['arena', 'tournament', '--entrant', 'bot:greedy', '--entrant', 'bot:hunter', '--entrant', 'bot:miner', '--entrant', 'bot:hunter',
      '--games', '1', '--steps', '150', '--seed', '5', '--json', file], { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'], timeout: 300000 });
    assert.ok(JSON.parse(readFileSync(file, 'utf8')).standings.some((s) => s.name === 'bot:hunter #2'));
    const { page, context, errors } = await open('#game=arena', { game: 'arena' });
    // The setup's bot choices and the seats' cards.
    const options = await page.$$eval('#panel-play select option[value="hunter"]', (os) => os.map((o) => o.textContent));
    assert.ok(options.length >= 4, JSON.stringify(options));
    for (const o of options) assert.equal(o, 'Hunter bot');
    const cards = await page.$$eval('.arena-card .name', (ns) => ns.map((n) => n.textContent));
    assert.deepEqual(cards, ['You (seat 0)', 'Greedy bot', 'Hunter bot', 'Miner bot']);
    // The league: its entrant choices, and two hunters numbered as the tournament numbers them.
    await page.click('#tab-compare');
    for (const o of await page.$$eval('#league-entrant-0 option[value="hunter"]', (os) => os.map((x) => x.textContent))) assert.equal(o, 'Hunter bot');
    await page.fill('#league-sets', '1');
    await page.selectOption('#league-length', '400');
    await page.click('#league-run');
    await page.waitForSelector('#league-table table');
    const league = await page.textContent('#league-games');
    assert.match(league, /Entrants: 1 Greedy bot, 2 Hunter bot, 3 Miner bot, 4 Hunter bot #2\./);
    // A tournament's results: "bot:hunter #2" is "Hunter bot #2", never the raw name.
    await page.setInputFiles('#league-results-file', file);
    await page.waitForSelector('#league-results-standings');
    const names = await page.$$eval('#league-results-standings tbody tr td:nth-child(2)', (tds) => tds.map((td) => td.textContent));
    assert.deepEqual([...names].sort(), ['Greedy bot', 'Hunter bot', 'Hunter bot #2', 'Miner bot']);
    const seats = await page.textContent('#league-results-gamelist');
    assert.doesNotMatch(seats, /bot:/);
    assert.match(seats, /Hunter bot #2 \d+/);
    assert.doesNotMatch(await page.textContent('#league-table'), /bot:|\b(greedy|hunter|miner)\b/);
    assert.match(await page.textContent('#league-table'), /4\. Hunter bot #2/);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('Rogue\'s palette paints the monster with the dungeon\'s own letter', async () => {
  const { page, context, errors } = await open('#game=rogue', { game: 'rogue' });
  await loadText(page, '3\n@ . .\n. + .\n. . I\n');
  const same = (letter) => page.evaluate(async (l) => {
    const { tileSwatch } = await import('./js/games/rogue/rogue-tiles.js');
    const shown = /** @type {HTMLCanvasElement} */ (document.querySelector('.swatch[data-sym="A"] canvas'));
    return shown.toDataURL() === tileSwatch(l, 34).toDataURL();
  }, letter);
  assert.equal(await same('I'), true, 'the palette shows monster I');
  assert.equal(await same('A'), false);
  assert.match(await page.getAttribute('.swatch[data-sym="A"]', 'title'), /^Monster I:/);
  // Renaming the monster renames the palette's.
  await page.selectOption('#monster-letter', 'Q');
  await page.waitForFunction(() => window.gridlab.levelText().includes('Q'));
  assert.equal(await same('Q'), true, 'the palette shows monster Q');
  assert.deepEqual(errors, []);
  await context.close();
});

test('cells and text positions are 1-based, with the same words everywhere', async () => {
  const { page, context, errors } = await open('#game=pengu', { game: 'pengu' });
  await loadText(page, '4 7\n#######\n#P *  #\n#0#####\n#######\n');
  await tab(page, 'play');
  let p = await cellPoint(page, 1, 2);
  await page.mouse.move(p.x, p.y);
  await page.waitForFunction(() => document.querySelector('#coords').textContent !== '');
  assert.equal(await page.textContent('#coords'), 'row 2, column 3 · text line 3, column 3');
  // The engine names a cell off the board the same way.
  const message = await page.evaluate(async () => {
    const api = await import('./pkg/gridlab_play.js');
    const s = new api.PenguSession('4 7\n#######\n#P *  #\n#0#####\n#######\n');
    try {
      s.paint(9, 0, '#');
      return 'painted';
    } catch (e) {
      return e.message;
    } finally {
      s.free();
    }
  });
  assert.equal(message, 'row 10, column 1 is off the board');
  assert.deepEqual(errors, []);
  await context.close();
  // Rogue: a refused step names its sites the same way (dungeon I: west of the rogue is a wall).
  const rogue = await open('#game=rogue', { game: 'rogue' });
  await rogue.page.selectOption('#monster-player', 'bfs');
  await rogue.page.selectOption('#rogue-player', 'human');
  await rogue.page.locator('#board').focus();
  await rogue.page.waitForFunction(() => window.gridlab.moves() === '9' && !window.gridlab.animating());
  for (const [key, n] of [['Numpad8', 3], ['w', 5]]) {
    await rogue.page.keyboard.press(key);
    await rogue.page.waitForFunction((k) => window.gridlab.moves().length === k && !window.gridlab.animating(), n);
  }
  assert.deepEqual((await rogue.page.evaluate(() => window.gridlab.view())).rogue, { row: 1, col: 5 });
  await rogue.page.keyboard.press('a');
  await rogue.page.waitForSelector('#toast.show');
  assert.equal(await rogue.page.textContent('#toast'), 'Cannot step the rogue west: the rogue cannot move from row 2, column 6 to row 2, column 5');
  // Rogue writes site j of a row at text column 2j + 1.
  await loadText(rogue.page, '3\n@ . .\n. + .\n. . I\n');
  await tab(rogue.page, 'play');
  p = await cellPoint(rogue.page, 2, 1);
  await rogue.page.mouse.move(p.x, p.y);
  await rogue.page.waitForFunction(() => document.querySelector('#coords').textContent !== '');
  assert.equal(await rogue.page.textContent('#coords'), 'row 3, column 2 · text line 4, column 3');
  assert.deepEqual(rogue.errors, []);
  await rogue.context.close();
});

test('Rogue\'s banner is coloured from the side the user plays: a loss as the monster is a loss', async () => {
  const { page, context, errors } = await open('#game=rogue', { game: 'rogue' });
  const lossColor = 'rgb(169, 70, 0)';
  const bannerIs = async (kind) => {
    await page.waitForSelector('#banner:not([hidden])');
    await page.waitForFunction((k) => document.querySelector('#banner').dataset.kind === k, kind, { timeout: 20000 });
    return page.$eval('#banner .banner-title', (t) => getComputedStyle(t).color);
  };
  // Playing the monster, standing still until the move limit: the rogue survives, you lose.
  await page.fill('#max-moves', '2');
  await page.press('#max-moves', 'Enter');
  await page.waitForFunction(() => window.gridlab.view().maxMoves === 2);
  await page.selectOption('#monster-player', 'human');
  await page.selectOption('#rogue-player', 'cycle');
  await page.locator('#board').focus();
  for (let k = 1; k <= 2; k++) {
    await page.keyboard.press('5');
    await page.waitForFunction((n) => window.gridlab.moves().length === n && !window.gridlab.animating(), 2 * k);
  }
  await page.waitForFunction(() => window.gridlab.status() === 'survived');
  assert.equal(await bannerIs('dead'), lossColor);
  // Playing the monster and catching the naive rogue: your win.
  await page.fill('#max-moves', '1000');
  await page.press('#max-moves', 'Enter');
  await page.selectOption('#rogue-player', 'naive');
  await page.click('#restart');
  await page.locator('#board').focus();
  for (const [i, key] of [...'99666'].entries()) {
    await page.keyboard.press(key);
    await page.waitForFunction((n) => window.gridlab.moves().length >= n && !window.gridlab.animating(), 2 * i + 1);
  }
  await page.waitForFunction(() => window.gridlab.status() === 'caught');
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '999665656');
  assert.notEqual(await bannerIs('victory'), lossColor);
  // Watching the strategies, a capture is the rogue's loss.
  await page.selectOption('#monster-player', 'bfs');
  await page.click('#restart');
  await page.click('#run-end');
  await page.waitForFunction(() => window.gridlab.status() === 'caught');
  assert.equal(await bannerIs('dead'), lossColor);
  assert.deepEqual(errors, []);
  await context.close();
});

test('switching games opens the new game on its Play tab, not the old game\'s tab', async () => {
  const { page, context, errors } = await open('#game=pengu', { game: 'pengu' });
  await tab(page, 'solve');
  await pickGame(page, 'arena');
  assert.equal(await page.evaluate(() => document.body.dataset.tab), 'play');
  assert.ok(await page.isVisible('#panel-play'));
  assert.ok(await page.isHidden('#panel-solve'));
  assert.equal(await page.getAttribute('#tab-play', 'aria-selected'), 'true');
  await page.waitForFunction(() => !/(^#|&)tab=/.test(location.hash));
  // A link that names a tab still opens it.
  await page.evaluate(() => { location.hash = '#game=actman&tab=solve'; });
  await page.waitForFunction(() => window.gridlab.game === 'actman' && document.body.dataset.tab === 'solve');
  assert.ok(await page.isVisible('#panel-solve'));
  assert.deepEqual(errors, []);
  await context.close();
});
