// The searches beyond the course on the page (issue 26): IDA*'s f-limits are the
// debugger's iterations, with its pseudocode and its f-limit in the counts; beam search
// of width 1 fails on testcase-11 and says how many states it cut; UCS with the cost "cells slid"
// shows the cells; weighted A*'s weight field shows only for it; Compare lists every
// search and bounds weighted A*'s cost by w × the optimum; bidirectional BFS on Act-Man
// says why it cannot run; Check a solution offers only the course's algorithms.

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, useBrowser, openPage, loadText, solve, tab } from './harness.mjs';

const TC03 = '6 7\n#######\n#P# *0#\n#*0*U*#\n#0 S0##\n#***S*#\n#######\n';
const TC07 = '8 7\n#######\n#*#*#*#\n##***##\n#*****#\n##*P*##\n#*****#\n#*#*#*#\n#######\n';
// A beam of one loses every plan on the course's hardest field.
const TC11 = readFileSync(path.join(ROOT, 'levels/pengu/course/testcase-11-8x17.txt'), 'utf8');
const DUNGEON = '7 11\n###########\n##       ##\n##   A   ##\n##       ##\n###########\n#@D ### G@#\n###########\n';

const env = useBrowser();
const info = (page) => page.evaluate(() => window.gridlab.debugger());

test("IDA*'s f-limits are iterations; a narrow beam fails and says why; cells slid", async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await loadText(page, TC03);
  await tab(page, 'solve');
  await page.selectOption('#algo', 'wastar');
  assert.equal(await page.isVisible('#weight'), true, 'the weight for weighted A*');
  assert.equal(await page.isVisible('#beam-width'), false);
  await solve(page, 'idastar');
  await page.waitForSelector('#debugger:not([hidden])');
  assert.equal(await page.isVisible('#dbg-iteration'), true, 'IDA* has iterations');
  assert.match(await page.textContent('#dbg-code'), /if g \+ h > limit/);
  await page.click('#dbg-iteration');
  await page.click('#dbg-iteration');
  const d = await info(page);
  assert.equal(d.iteration, 2);
  assert.match(await page.textContent('#dbg-counts'), /^Iteration 2 \(f-limit \d+\)/);
  await loadText(page, TC11);
  await tab(page, 'solve');
  await page.selectOption('#algo', 'beam');
  await page.fill('#beam-width', '1');
  await solve(page, 'beam');
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'limit_reached');
  assert.match(await page.textContent('#solve-note'), /^the beam \(width 1\) dropped every path to a goal: \d+ states? cut$/);
  await loadText(page, TC07);
  await tab(page, 'solve');
  await page.selectOption('#algo', 'ucs');
  await page.selectOption('#cost', 'cells');
  await solve(page, 'ucs');
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'found');
  assert.match(await page.textContent('#result .stats'), /Cells slid\d+/);
  // Check a solution grades the course's assignments only.
  const options = await page.$$eval('#sol-algo option', (os) => os.map((o) => o.value));
  assert.deepEqual(options.sort(), ['astar', 'bfs', 'greedy', 'iddfs', 'random']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Compare lists every search; weighted A* against w × the optimum; Act-Man refuses bidirectional BFS', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await loadText(page, TC03);
  await tab(page, 'compare');
  for (const id of ['ucs', 'wastar', 'idastar', 'beam', 'bibfs']) {
    assert.equal(await page.isChecked(`#cmp-${id}`), false, `${id} is not ticked at first`);
    await page.check(`#cmp-${id}`);
  }
  await page.click('#compare-run');
  await page.waitForSelector('#compare-run:not([disabled])', { timeout: 120000 });
  const summary = await page.textContent('#compare-summary');
  assert.match(summary, /agree/);
  assert.match(summary, /Weighted A\*: cost \d+ ≤ 2 × \d+ = \d+\./);
  const heads = await page.$$eval('#compare-table thead th', (ths) => ths.map((t) => t.textContent));
  assert.deepEqual(heads.slice(1), ['A*', 'BFS', 'ID-DFS', 'Greedy', 'UCS', 'wA*', 'IDA*', 'Beam', 'Bi-BFS']);
  assert.deepEqual(errors, []);
  await context.close();
  const act = await openPage(env.browser, `${env.server.url}#game=actman`);
  await loadText(act.page, DUNGEON);
  await solve(act.page, 'bibfs');
  assert.match(await act.page.textContent('#solve-note'), /monsters' chase moves are not invertible/);
  assert.deepEqual(act.errors, []);
  await act.context.close();
});
