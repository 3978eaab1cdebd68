// The shared playground on Pengu and Act-Man: the Solve panel never shows a stale plan
// or heat-map, Compare's "Show" opens the result it names, the heat-map sits on the
// level's start, and a copied link opens the same view in a fresh browser.

import test from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, pageOpener, norm, tab, loadText, setRange, solve } from './harness.mjs';

const TC07 = '8 7\n#######\n#*#*#*#\n##***##\n#*****#\n##*P*##\n#*****#\n#*#*#*#\n#######\n';
// 32 fish in an open room: an all-fish BFS runs long enough to be cancelled.
const SLOW =
  '12 14\n##############\n#* * * * * * #\n#            #\n# * * * * * *#\n#            #\n' +
  '#* * * *P* * #\n#            #\n# * * * * * *#\n#            #\n#* * * * * * #\n' +
  '#            #\n##############\n';
// One move east slides Pengu into the shark.
const SHARK = '4 6\n######\n#P  S#\n#*####\n######\n';

const env = useBrowser();
const open = pageOpener(env);
const g = (page, expr) => page.evaluate(expr);

test('Pengu: a new solve and a cancel drop the previous plan and heat-map', async () => {
  const { page, context, errors } = await open('#game=pengu');
  await loadText(page, TC07);
  await solve(page, 'astar');
  assert.ok((await page.textContent('#plan-moves')).trim().length > 0);
  assert.equal(await g(page, () => window.gridlab.overlay()), true, 'the heat-map is on the board');
  await loadText(page, SLOW);
  await solve(page, 'greedy');
  const before = (await page.textContent('#plan-moves')).trim();
  assert.ok(before.length > 0);
  await page.selectOption('#algo', 'bfs');
  await page.click('details.limits summary');
  await page.fill('#max-states', '200000000');
  await page.click('#solve');
  await page.waitForSelector('#progress:not([hidden])');
  // While it runs, nothing of the previous result is shown.
  assert.equal(await page.isHidden('#plan'), true, 'no old plan while solving');
  assert.equal(await page.isHidden('#trace'), true, 'no old search replay while solving');
  assert.equal(await g(page, () => window.gridlab.overlay()), false, 'no old heat-map while solving');
  await page.waitForFunction(() => document.querySelector('#progress-expanded').textContent !== '0');
  await page.click('#cancel');
  await page.waitForSelector('#solve:not([disabled])');
  assert.match(await page.textContent('#result'), /Cancelled/);
  assert.equal(await page.isHidden('#plan'), true, 'no plan after a cancel');
  assert.equal(await g(page, () => window.gridlab.plan()), '');
  assert.equal(await g(page, () => window.gridlab.overlay()), false, 'no heat-map after a cancel');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: Compare "Show" sets the algorithm it shows and says why there is no trace', async () => {
  const { page, context, errors } = await open('#game=pengu');
  await loadText(page, TC07);
  await tab(page, 'solve');
  await page.selectOption('#algo', 'astar');
  await tab(page, 'compare');
  await page.click('#compare-run');
  await page.waitForSelector('#compare-run:not([disabled])', { timeout: 120000 });
  const heads = await page.$$eval('#compare-table thead th', (ths) => ths.map((t) => t.textContent.trim()));
  const bfsColumn = heads.indexOf('BFS');
  assert.ok(bfsColumn > 0, `a BFS column in ${heads}`);
  await page.locator('#compare-table tbody tr:last-child td').nth(bfsColumn - 1).locator('button').click();
  await page.waitForSelector('#panel-solve:not([hidden])');
  assert.equal(await page.inputValue('#algo'), 'bfs', 'the Algorithm box names the shown result');
  assert.match(await page.textContent('#result'), /Breadth-first|BFS/);
  const info = await page.textContent('#trace-info');
  assert.doesNotMatch(info, /tick "Record the search"/);
  assert.match(info, /Compare/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: the heat-map is drawn on the level\'s start, only on the Solve tab', async () => {
  const { page, context, errors } = await open('#game=pengu');
  await loadText(page, TC07);
  await solve(page, 'bfs');
  assert.equal(await g(page, () => window.gridlab.moves()), '', 'the board shows the start');
  assert.equal(await g(page, () => window.gridlab.overlay()), true);
  await page.click('#plan-end');
  await page.waitForFunction(() => !window.gridlab.animating());
  assert.ok((await g(page, () => window.gridlab.moves())).length > 0);
  assert.equal(await g(page, () => window.gridlab.overlay()), false, 'not over the end of the plan');
  await page.click('#plan-first');
  assert.equal(await g(page, () => window.gridlab.overlay()), true, 'back at the start, back on the board');
  await tab(page, 'compare');
  assert.equal(await g(page, () => window.gridlab.overlay()), false, 'not on the Compare tab');
  await tab(page, 'play');
  assert.equal(await g(page, () => window.gridlab.overlay()), false, 'not on the Play tab');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: the end-of-game banner counts one move in the singular', async () => {
  const { page, context, errors } = await open('#game=pengu');
  await loadText(page, SHARK);
  await tab(page, 'play');
  await page.locator('#board').focus();
  await page.keyboard.press('Numpad6');
  await page.waitForSelector('#banner:not([hidden])');
  const text = await page.textContent('#banner');
  assert.match(text, /after 1 move\./);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Read the hash the page settles on (the link is refreshed after a short debounce). */
async function settledLink(page) {
  await page.click('#copy-link');
  await page.waitForTimeout(300);
  return page.evaluate(() => location.href);
}

test('Pengu: a copied link opens the same view in a fresh browser', async () => {
  const { page, context, errors } = await open('#game=pengu');
  await loadText(page, TC07);
  await tab(page, 'solve');
  await page.selectOption('#goal-kind', 'atleast');
  await page.fill('#goal-n', '5');
  await page.dispatchEvent('#goal-n', 'change');
  await solve(page, 'bfs');
  await page.click('#plan-step');
  await page.waitForFunction(() => !window.gridlab.animating());
  await page.click('#plan-first');
  await setRange(page, '#trace-scrub', 2);
  await page.click('#heatmap-toggle');
  await page.keyboard.press('.');
  const want = {
    level: norm(await g(page, () => window.gridlab.levelText())),
    algo: await page.inputValue('#algo'),
    kind: await page.inputValue('#goal-kind'),
    n: await page.inputValue('#goal-n'),
    plan: await g(page, () => window.gridlab.plan()),
    trace: await page.textContent('#trace-info'),
    heat: await page.isChecked('#heatmap-toggle'),
    presenting: await g(page, () => document.body.classList.contains('presenting')),
    tab: await g(page, () => document.body.dataset.tab),
  };
  assert.equal(want.presenting, true);
  const url = await settledLink(page);
  await context.close();

  const fresh = await open(url.slice(url.indexOf('#')), {});
  const p2 = fresh.page;
  await p2.waitForSelector('#outcome', { timeout: 60000 });
  await p2.waitForFunction(() => document.querySelector('#trace-info').textContent.startsWith('Expansion 2 '));
  await p2.waitForFunction((heat) => document.querySelector('#heatmap-toggle').checked === heat, want.heat);
  const got = {
    level: norm(await p2.evaluate(() => window.gridlab.levelText())),
    algo: await p2.inputValue('#algo'),
    kind: await p2.inputValue('#goal-kind'),
    n: await p2.inputValue('#goal-n'),
    plan: await p2.evaluate(() => window.gridlab.plan()),
    trace: await p2.textContent('#trace-info'),
    heat: await p2.isChecked('#heatmap-toggle'),
    presenting: await p2.evaluate(() => document.body.classList.contains('presenting')),
    tab: await p2.evaluate(() => document.body.dataset.tab),
  };
  assert.deepEqual(got, want);
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
});

test('Act-Man: a copied link keeps the tab, the algorithm and the objective', async () => {
  const { page, context, errors } = await open('#game=actman', { game: 'actman' });
  await tab(page, 'solve');
  await page.selectOption('#algo', 'greedy');
  await page.selectOption('#objective', 'score');
  await tab(page, 'compare');
  const url = await settledLink(page);
  await context.close();
  const fresh = await open(url.slice(url.indexOf('#')), { game: 'actman' });
  const p2 = fresh.page;
  assert.equal(await p2.evaluate(() => document.body.dataset.tab), 'compare');
  assert.equal(await p2.inputValue('#algo'), 'greedy');
  assert.equal(await p2.inputValue('#objective'), 'score');
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
});
