// The editor's live verdict and the generator: an edit changes the badges; a level
// with an uneatable fish says so and marks the fish on the board; Generate fills the
// board with a proved level, the same level the command line makes from the seed.

import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { useBrowser, openPage, tab, loadText, clickCell, shotPath, settle, CLI } from './harness.mjs';

const env = useBrowser();
const check = (page) => page.evaluate(() => window.gridlab.check());
/** Wait for the verdict on the level the page shows now. */
async function verdict(page) {
  await page.waitForFunction(() => {
    const c = window.gridlab.check();
    return c && !c.busy && c.result && document.querySelector('#check-badges [data-badge]');
  }, null, { timeout: 30000 });
  return check(page);
}

test('an edit changes the verdict; an uneatable fish is named and marked on the board', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  // The only slides over the fish at (1,3) end on the shark.
  await loadText(page, '4 7\n#######\n#P *S #\n#0#####\n#######\n');
  let c = await verdict(page);
  assert.deepEqual(c.badges, ['no-plan']);
  assert.match(await page.textContent('#check-note'), /the fish at line 3, column 4 can never be eaten/);
  assert.ok(c.result.marks.some((m) => m.cell === 1 * 7 + 3 && m.kind === 'unreachable'), JSON.stringify(c.result.marks));
  // The board draws the mark: a red cross through the fish's cell.
  await settle(page);
  const red = await page.evaluate(() => {
    const canvas = document.querySelector('#board');
    const v = window.gridlab.view();
    const w = canvas.width / v.cols;
    const [r, g, b] = canvas.getContext('2d').getImageData(Math.floor(3.5 * w), Math.floor(1.5 * w), 1, 1).data;
    return r > 100 && r > 2 * g && r > 2 * b;
  });
  await page.screenshot({ path: shotPath('level-check.png') });
  assert.ok(red, 'the uneatable fish is crossed out in red');
  // Paint the shark to ice: one slide east eats the fish, the only plan.
  await page.click('.swatch[data-sym=" "]');
  await clickCell(page, 1, 4);
  await page.waitForFunction(() => window.gridlab.levelText().includes('#P *  #'));
  c = await verdict(page);
  assert.deepEqual(c.badges, ['win', 'unique']);
  assert.equal(c.result.moves, 1);
  assert.equal(c.result.plan, '6');
  assert.match(await page.textContent('#check-badges'), /Win in 1 move \(optimal\)/);
  // Undo brings the shark and the verdict back.
  await page.click('#edit-undo');
  c = await verdict(page);
  await page.waitForFunction(() => window.gridlab.check().badges.includes('no-plan'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Generate fills the board with a proved level, the one the command line makes from the seed', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await tab(page, 'edit');
  await page.click('#gen summary');
  for (const [id, v] of [['#gen-rows', '7'], ['#gen-cols', '7'], ['#gen-fish', '4'], ['#gen-minMoves', '9'], ['#gen-seed', '5']]) await page.fill(id, v);
  await page.click('#gen-go');
  await page.waitForFunction(() => window.gridlab.generator().generated, null, { timeout: 120000 });
  const text = await page.evaluate(() => window.gridlab.levelText());
  const status = await page.textContent('#gen-status');
  const moves = Number(status.match(/^Proved: (\d+) moves, a unique optimal plan/)[1]);
  assert.ok(moves >= 9, status);
  // The page's own analysis agrees with the generator's proof.
  const c = await verdict(page);
  assert.deepEqual(c.badges, ['win', 'unique']);
  assert.equal(c.result.moves, moves);
  // One seed, one level: natively too.
  const native = execFileSync(CLI, ['pengu', 'generate', '--size', '7x7', '--fish', '4', '--min-moves', '9', '--unique', '--seed', '5'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  assert.equal(native.trim(), text.trim());
  // The seed is in the link.
  await page.waitForFunction(() => /(^#|&)g\.gen-seed=5(&|$)/.test(location.hash));
  assert.match(await page.evaluate(() => location.hash), /(^#|&)g\.gen-rows=7(&|$)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('GPac: the verdict is the mean score of seeded games, the same as the native games', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=gpac`);
  await tab(page, 'edit');
  const c = await verdict(page);
  assert.deepEqual(c.badges, ['score']);
  assert.equal(c.result.features.games, 8);
  assert.match(await page.textContent('#check-badges'), /Mean score [\d.,-]+ over 8 seeded games/);
  // The same games natively: gridlab gpac bench with the page's map, players, seed and settings.
  const { map, players, seed, settings } = await page.evaluate(() => ({ map: window.gridlab.levelText(), players: window.gridlab.players(), seed: window.gridlab.seed(), settings: window.gridlab.settings() }));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gridlab-map-')), 'map.txt');
  writeFileSync(file, map);
  const args = ['gpac', 'bench', '--map', file, '--games', '8', '--seed', String(seed), '--pacman', players[0], '--ghosts', players[1], '--json',
    '--pill-density', String(settings.pillDensity), '--fruit-prob', String(settings.fruitProb), '--fruit-score', String(settings.fruitScore),
    '--time-multiplier', String(settings.timeMultiplier), '--ghosts-count', String(settings.ghosts)];
  const native = JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
  const nativeMean = (Array.isArray(native) ? native[0] : native).meanScore;
  assert.equal(Math.round(nativeMean * 10) / 10, c.result.score, JSON.stringify({ settings, native }));
  assert.deepEqual(errors, []);
  await context.close();
});

/** Open `game`'s Edit tab, generate with `fields` ({id suffix: value}), and return the level. */
async function generateIn(page, fields) {
  await tab(page, 'edit');
  await page.click('#gen summary');
  for (const [key, v] of Object.entries(fields)) {
    const el = `#gen-${key}`;
    if (typeof v === 'boolean') await (v ? page.check(el) : page.uncheck(el));
    else if (await page.$eval(el, (e) => e.tagName === 'SELECT')) await page.selectOption(el, v);
    else await page.fill(el, String(v));
  }
  await page.click('#gen-go');
  await page.waitForFunction(() => window.gridlab.generator().generated, null, { timeout: 120000 });
  return page.evaluate(() => window.gridlab.levelText());
}

const native = (args) => execFileSync(CLI, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

test('Act-Man: a generated dungeon needs the bullet, the verdict agrees, the command line makes the same one', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=actman`);
  const text = await generateIn(page, { rows: 7, cols: 8, monsters: 2, minTurns: 5, needsBullet: true, needsLure: false, unique: false, seed: 3 });
  assert.match(await page.textContent('#gen-status'), /^Proved: victory in \d+ turns.*needs the bullet/);
  const c = await verdict(page);
  assert.equal(c.badges[0], 'win');
  assert.ok(c.result.moves >= 5);
  assert.equal(c.result.features.needs_bullet, true);
  assert.match(await page.textContent('#check-note'), /no victory without the bullet/);
  assert.equal(native(['actman', 'generate', '--size', '7x8', '--monsters', '2', '--min-turns', '5', '--needs-bullet', '--seed', '3']), text.trim());
  assert.deepEqual(errors, []);
  await context.close();
});

test('Rogue: the verdict says who wins and marks where the rogue is lost; a generated dungeon is the native one', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=rogue`);
  const text = await generateIn(page, { size: 10, goal: 'monsterWins', minMoves: 4, seed: 2 });
  const c = await verdict(page);
  assert.deepEqual(c.badges, ['monster-wins']);
  assert.ok(c.result.moves >= 4);
  assert.match(await page.textContent('#gen-status'), new RegExp(`^Proved: the monster wins in ${c.result.moves}`));
  assert.ok(c.result.marks.length > 0 && c.result.marks.every((m) => m.kind === 'lost'));
  // Every marked site is an open site of the dungeon.
  const view = await page.evaluate(() => window.gridlab.view());
  const rows = text.split('\n').slice(1);
  for (const m of c.result.marks) {
    const [r, col] = [Math.floor(m.cell / view.cols), m.cell % view.cols];
    assert.notEqual(rows[r][2 * col], ' ', `site ${r}:${col} is open`);
  }
  assert.equal(native(['rogue', 'generate', '--monster-wins', '--size', '10', '--min-moves', '4', '--seed', '2']), text.trim());
  assert.deepEqual(errors, []);
  await context.close();
});
