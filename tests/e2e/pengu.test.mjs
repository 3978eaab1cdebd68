// Browser tests of the playground (Pengu), through headless Debian Chromium.
// Run: node --test --test-concurrency=1 tests/e2e/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, pageOpener, shotPath, settle, norm, b64url, tab, loadText, clickCell, swipe, runCompare, setRange, snap, PHONE, assertBackingScale } from './harness.mjs';
import { solve as solveWith, assertUndoRedo, assertBadTextKept, assertLinkReopens, assertBadLink, assertLoads, assertAutosaved, assertReset } from './harness.mjs';

const A1 = '7 6 \n######\n#U0 S#\n#* 0##\n#P  *#\n#0 #0#\n#*#U*#\n######\n';
const A3 =
  '6 20\n####################\n# * S# ** S # U  #*#\n#*U*U*U   P  S*U*#*#\n' +
  '#0  ***0UUUUU0S *#*#\n#S**SS* *****0*S   #\n####################\n';
const TC07 = '8 7\n#######\n#*#*#*#\n##***##\n#*****#\n##*P*##\n#*****#\n#*#*#*#\n#######\n';
// 32 fish in an open room: an all-fish BFS runs long enough to be cancelled.
const SLOW =
  '12 14\n##############\n#* * * * * * #\n#            #\n# * * * * * *#\n#            #\n' +
  '#* * * *P* * #\n#            #\n# * * * * * *#\n#            #\n#* * * * * * #\n' +
  '#            #\n##############\n';

const env = useBrowser();

const open = pageOpener(env);

/** Solve with `algo` for all the fish or at least `goal`; the plan. */
async function solve(page, algo, goal = 'all') {
  await tab(page, 'solve');
  if (goal === 'all') await page.selectOption('#goal-kind', 'all');
  else {
    await page.selectOption('#goal-kind', 'atleast');
    await page.fill('#goal-n', String(goal));
  }
  await solveWith(page, algo);
  return (await page.textContent('#plan-moves')).trim();
}

test('the page opens with the default level and no errors', async () => {
  const { page, context, errors } = await open();
  assert.equal(norm(await page.evaluate(() => window.gridlab.levelText())), norm(A1));
  assert.equal(await page.evaluate(() => window.gridlab.status()), 'playing');
  assert.ok(await page.isVisible('#board'));
  const size = await page.evaluate(() => {
    const c = document.querySelector('#board');
    return { w: c.width, h: c.height, cssW: c.getBoundingClientRect().width };
  });
  assert.ok(size.w > 100 && size.h > 100, `canvas drawn (${size.w}×${size.h})`);
  assert.equal(await page.$$eval('[data-game][aria-disabled="true"]', (els) => els.length), 0, 'no game is "soon" any more');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard play, undo and the course output', async () => {
  const { page, context, errors } = await open();
  await page.locator('#board').focus();
  await page.keyboard.press('Numpad9');
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '9');
  await page.keyboard.press('a'); // west
  assert.equal(await page.textContent('#moves'), '94');
  await page.keyboard.press('Control+z');
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '9');
  await page.keyboard.press('Backspace');
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '');
  for (const key of ['Numpad9', 'Numpad4', 'Numpad2', 'Numpad1', 'Numpad8', 'Numpad2']) await page.keyboard.press(key);
  assert.equal(await page.textContent('#moves'), '942182');
  assert.equal(
    await page.textContent('#output'),
    '942182\n1\n######\n#U0 S#\n#* 0##\n#   *#\n#0 #0#\n#P#U*#\n######\n',
  );
  assert.equal(await page.textContent('#score .value'), '1');
  await page.waitForFunction(() => !window.gridlab.animating());
  await snap(page, 'play.png');
  // Ending in death shows the banner without "Victory" (tutorial level: SE, then E
  // into the shark).
  await page.evaluate(() => window.gridlab.loadLevel('5 8\n########\n#P  * 0#\n#  #   #\n#*  S *#\n########\n', ''));
  await page.keyboard.press('Numpad3');
  await page.keyboard.press('Numpad6');
  await page.waitForSelector('#banner:not([hidden])');
  assert.equal(await page.evaluate(() => window.gridlab.status()), 'dead');
  assert.match(await page.textContent('#banner'), /Pengu died/);
  assert.doesNotMatch(await page.textContent('#banner'), /Victory/);
  await snap(page, 'play-dead.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('pointer: clicking a cell in a direction from Pengu moves that way', async () => {
  const { page, context, errors } = await open();
  await clickCell(page, 1, 3); // north-east of Pengu at (3,1)
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '9');
  await clickCell(page, 1, 1); // west along row 1 from (1,3)
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '94');
  assert.deepEqual(errors, []);
  await context.close();
});

test('load a level from text, solve it with A* and play the plan to victory', async () => {
  const { page, context, errors } = await open();
  await loadText(page, TC07);
  assert.equal(norm(await page.evaluate(() => window.gridlab.levelText())), norm(TC07));
  assert.ok(await page.isHidden('#error'));
  const plan = await solve(page, 'astar');
  assert.match(plan, /^[1-46-9]+$/);
  assert.equal(plan.length, 13, 'A* finds the 13-move optimum of testcases_07');
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'found');
  // The heat-map is drawn; scrub the search replay half-way for the screenshot.
  await page.waitForSelector('#trace:not([hidden])');
  await page.$eval('#trace-scrub', (el) => {
    el.value = String(Math.round(Number(el.max) * 0.35));
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle(page);
  assert.match(await page.textContent('#trace-info'), /^Expansion [\d,]+ of [\d,]+ \(event [\d,]+ of [\d,]+\)/);
  await page.screenshot({ path: shotPath('solve-heatmap.png') });
  await setRange(page, '#plan-speed', 4);
  await page.click('#plan-play');
  await page.waitForSelector('#banner:not([hidden])', { timeout: 60000 });
  assert.match(await page.textContent('#banner'), /Victory/);
  assert.equal(await page.evaluate(() => window.gridlab.status()), 'victory');
  assert.equal(await page.evaluate(() => window.gridlab.moves()), plan);
  assert.equal(await page.textContent('#moves'), plan);
  await page.waitForFunction(() => !window.gridlab.animating());
  await snap(page, 'solve-victory.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the A1 field: optimal all-fish plan of 8 moves, jump to the end', async () => {
  const { page, context, errors } = await open();
  const plan = await solve(page, 'bfs');
  assert.equal(plan.length, 8);
  await page.click('#plan-end');
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner'), /Victory/);
  assert.equal(await page.evaluate(() => window.gridlab.moves()), plan);
  // Step back and forward through the plan.
  await page.click('#plan-back');
  assert.equal(await page.evaluate(() => window.gridlab.moves()), plan.slice(0, 7));
  assert.ok(await page.isHidden('#banner'));
  await page.click('#plan-step');
  await page.waitForFunction((p) => window.gridlab.moves() === p && !window.gridlab.animating(), plan);
  assert.equal(await page.evaluate(() => window.gridlab.status()), 'victory');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an "at least N fish" goal: BFS and ID-DFS agree on the A3 field', async () => {
  const { page, context, errors } = await open();
  await loadText(page, A3);
  const bfs = await solve(page, 'bfs', 20);
  const iddfs = await solve(page, 'iddfs', 20);
  assert.equal(bfs.length, iddfs.length);
  await page.click('#plan-end');
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner'), /Goal met/);
  assert.ok((await page.evaluate(() => window.gridlab.score())) >= 20);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the editor paints, undoes and redoes', async () => {
  const { page, context, errors } = await open();
  await tab(page, 'edit');
  const before = await page.evaluate(() => window.gridlab.levelText());
  await page.click('.swatch[data-sym="#"]');
  await clickCell(page, 3, 3);
  const painted = await page.evaluate(() => window.gridlab.levelText());
  assert.equal(painted.split('\n')[4], '#P #*#');
  assert.equal(await page.inputValue('#level-text'), painted);
  // The buttons, and Ctrl+Z / Ctrl+Y in the Edit tab, act on edits.
  await assertUndoRedo(page, before, painted);
  // Drag paints several fish in one stroke (one undo step).
  await page.click('.swatch[data-sym="*"]');
  const box = await page.locator('#board').boundingBox();
  const cw = box.width / 6;
  const ch = box.height / 7;
  await page.mouse.move(box.x + 1.5 * cw, box.y + 4.5 * ch);
  await page.mouse.down();
  await page.mouse.move(box.x + 2.5 * cw, box.y + 4.5 * ch, { steps: 4 });
  await page.mouse.up();
  const dragged = await page.evaluate(() => window.gridlab.levelText());
  assert.equal(dragged.split('\n')[5], '#**#0#');
  await page.click('#edit-undo');
  assert.equal(await page.evaluate(() => window.gridlab.levelText()), painted);
  // Resize.
  await page.fill('#rows', '9');
  await page.fill('#cols', '8');
  await page.click('#resize');
  assert.equal((await page.evaluate(() => window.gridlab.view())).rows, 9);
  await page.click('#edit-undo');
  await snap(page, 'edit.png');
  // Autosave: a reload restores the edited level.
  await assertAutosaved(page, 'pengu', painted);
  await assertReset(page, before);
  // Import from a file, export as a download.
  await page.setInputFiles('#file-input', { name: 'diamond.txt', mimeType: 'text/plain', buffer: Buffer.from(TC07) });
  await page.waitForFunction((t) => window.gridlab.levelText() === t, TC07);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-level')]);
  assert.match(download.suggestedFilename(), /\.txt$/);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  assert.equal(Buffer.concat(chunks).toString('utf8'), TC07);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad level text shows the line and column and keeps the level', async () => {
  const { page, context, errors } = await open();
  const msg = await assertBadTextKept(page, '3 3\n###\n#x#\n###\n', /Line 3, column 2/);
  assert.match(msg, /'x'/);
  // A good text clears the error.
  await assertLoads(page, TC07);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a shared URL shows the same board and replays the moves', async () => {
  const { page, context, errors } = await open(`#game=pengu&level=${b64url(A3)}&moves=7418`);
  assert.equal(norm(await page.evaluate(() => window.gridlab.levelText())), norm(A3));
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '7418');
  assert.equal(await page.textContent('#moves'), '7418');
  // Play on: the hash follows, and opening it elsewhere reproduces the board.
  await page.locator('#board').focus();
  await page.keyboard.press('Numpad4');
  await page.waitForFunction(() => /moves=74184(&|$)/.test(location.hash));
  await assertLinkReopens(page, open, '74184');
  // A damaged link shows an error, not a blank page.
  await assertBadLink(open, `#game=pengu&level=${b64url('2 2\n#q\n##\n')}`, /Line 2, column 2/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('compare runs several algorithms and agrees on the optimum', async () => {
  const { page, context, errors } = await open();
  await loadText(page, TC07);
  const { summary, heads: rows } = await runCompare(page);
  assert.match(summary, /agree/);
  assert.match(summary, /13 moves/);
  assert.deepEqual(rows.slice(1), ['A*', 'BFS', 'ID-DFS', 'Greedy']);
  assert.ok((await page.$$('#compare-table td.optimal')).length >= 3);
  await snap(page, 'compare.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a long solve shows progress, can be cancelled, and the page stays responsive', async () => {
  const { page, context, errors } = await open();
  await loadText(page, SLOW);
  await tab(page, 'solve');
  await page.selectOption('#algo', 'bfs');
  await page.selectOption('#goal-kind', 'all');
  await page.click('details.limits summary');
  await page.fill('#max-states', '200000000'); // far more than the search gets to before the cancel
  await page.click('#solve');
  await page.waitForSelector('#progress:not([hidden])');
  await page.waitForFunction(() => document.querySelector('#progress-expanded').textContent !== '0');
  await page.waitForFunction(() => parseFloat(document.querySelector('#progress-elapsed').textContent) > 0);
  // The main thread is free: a key press plays a move while the worker searches.
  await page.locator('#board').focus();
  await page.keyboard.press('Numpad6');
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '6');
  await page.click('#cancel');
  await page.waitForSelector('#solve:not([disabled])');
  assert.match(await page.textContent('#result'), /Cancelled/);
  // A fresh worker solves the next request.
  await loadText(page, TC07);
  const plan = await solve(page, 'greedy');
  assert.ok(plan.length > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a phone-sized touch screen: swipes move Pengu', async () => {
  const { page, context, errors } = await open('', PHONE);
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width <= 390);
  // A swipe up-right (north-east) from the middle of the board.
  await swipe(page, context, 12, -12);
  await page.waitForFunction(() => window.gridlab.moves() === '9');
  await page.waitForFunction(() => !window.gridlab.animating());
  await snap(page, 'phone.png', { fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('presentation mode and HiDPI rendering', async () => {
  const { page, context, errors } = await open('', { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  await assertBackingScale(page, 2);
  await page.locator('#board').focus();
  await page.keyboard.press('.');
  assert.ok(await page.evaluate(() => document.body.classList.contains('presenting')));
  await page.keyboard.press('?');
  assert.ok(await page.isVisible('#help'));
  await page.keyboard.press('Escape');
  assert.ok(await page.isHidden('#help'));
  await snap(page, 'presentation.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the level collection from levels/pengu/ is in the level picker', async () => {
  const { page, context, errors } = await open();
  const id = 'collection:07-shark-bay.txt';
  await page.waitForSelector(`#level-select option[value="${id}"]`, { state: 'attached' });
  await page.selectOption('#level-select', id);
  const expected = await (await fetch(`${env.server.url}levels/pengu/07-shark-bay.txt`)).text();
  assert.equal(norm(await page.evaluate(() => window.gridlab.levelText())), norm(expected));
  assert.match(await page.textContent('body'), /07\. Shark bay/);
  assert.deepEqual(errors, []);
  await context.close();
});
