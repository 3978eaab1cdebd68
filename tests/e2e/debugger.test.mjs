// The search debugger on the Solve tab: a recorded A* run stepped one expansion at a
// time, forward and back and by tens; the open list's first row is the next node taken;
// a row's state is shown on the board.

import test from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, tab, loadText, shotPath, settle } from './harness.mjs';

const TC07 = '8 7\n#######\n#*#*#*#\n##***##\n#*****#\n##*P*##\n#*****#\n#*#*#*#\n#######\n';

const env = useBrowser();
const info = (page) => page.evaluate(() => window.gridlab.debugger());

test('step an A* run one expansion at a time; the open list names the next node', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { viewport: { width: 1280, height: 800 } });
  await loadText(page, TC07);
  await tab(page, 'solve');
  await page.selectOption('#algo', 'astar');
  await page.click('#solve');
  await page.waitForSelector('#outcome', { timeout: 60000 });
  await page.waitForSelector('#debugger:not([hidden])');
  let d = await info(page);
  assert.equal(d.k, 0);
  assert.ok(d.expansions > 5);
  assert.equal(d.open, 1, 'before the first expansion only the start is open');
  for (let k = 1; k <= 4; k++) {
    const next = d.next[0];
    assert.equal(await page.getAttribute('#dbg-open tbody tr:first-child', 'data-id'), String(next));
    await page.click('#dbg-step');
    await page.waitForFunction((want) => window.gridlab.debugger().k === want, k);
    d = await info(page);
    assert.equal(d.current, next, `expansion ${k} takes the first open node`);
    assert.equal(d.closed, k);
  }
  assert.match(await page.textContent('#dbg-node'), /^Expansion 4: state #\d+, moves [1-9]+, g \d+ \+ h \d+ = f \d+/);
  await page.click('#dbg-back');
  assert.equal((await info(page)).k, 3);
  await page.click('#dbg-jump-p10');
  assert.equal((await info(page)).k, Math.min(13, d.expansions));
  await page.click('#dbg-jump-m10');
  assert.equal((await info(page)).k, 3);
  // Follow on the board: each node taken is shown as the user steps.
  await page.check('#dbg-follow');
  await page.click('#dbg-step');
  await page.waitForFunction(() => window.gridlab.debugger().k === 4);
  const cur = await page.evaluate(() => window.gridlab.debugger());
  const shown = await page.evaluate(() => window.gridlab.moves());
  assert.match(await page.textContent('#dbg-node'), new RegExp(`state #${cur.current}, moves ${shown || '\\(start\\)'},`));
  assert.match(await page.textContent('#dbg-counts'), /last closed: /);
  await page.uncheck('#dbg-follow');
  // A row shows its state: the board plays that node's moves.
  await page.click('#dbg-open tbody tr:nth-child(2)');
  await page.waitForFunction(() => window.gridlab.moves().length > 0);
  await settle(page);
  await page.screenshot({ path: shotPath('debugger.png') });
  // The Solve controls and the debugger fit a 1280×800 screen beside the board.
  const box = await page.locator('#debugger').boundingBox();
  assert.ok(box.width > 200, JSON.stringify(box));
  assert.deepEqual(errors, []);
  await context.close();
});

test('predict mode: a right and a wrong guess, each explained; next depth; the pseudocode line', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await loadText(page, TC07);
  await tab(page, 'solve');
  await page.selectOption('#algo', 'bfs');
  await page.click('#solve');
  await page.waitForSelector('#debugger:not([hidden])');
  await page.click('#dbg-step');
  await page.click('#dbg-step');
  await page.waitForFunction(() => window.gridlab.debugger().k === 2);
  assert.equal(await page.textContent('#dbg-code .now'), '    if new: open.pushBack(it)\n');
  await page.check('#dbg-predict');
  let d = await info(page);
  assert.ok(d.next.length >= 2);
  // Right: the node the search takes next.
  await page.click(`#dbg-open tbody tr[data-id="${d.next[0]}"]`);
  await page.waitForFunction(() => window.gridlab.debugger().k === 3);
  assert.match(await page.textContent('#dbg-verdict'), /^Right: .*waited longest in the queue/);
  d = await info(page);
  // Wrong: another one; the page names the right one, and steps on all the same.
  await page.click(`#dbg-open tbody tr[data-id="${d.next[1]}"]`);
  await page.waitForFunction(() => window.gridlab.debugger().k === 4);
  assert.match(await page.textContent('#dbg-verdict'), /^Not this one/);
  assert.equal((await info(page)).current, d.next[0]);
  // Next depth: the node taken is one move deeper.
  const before = (await page.textContent('#dbg-node')).match(/depth (\d+)/);
  await page.click('#dbg-depth');
  const after = (await page.textContent('#dbg-node')).match(/depth (\d+)/);
  assert.equal(Number(after[1]), Number(before[1]) + 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the search tree of a small run: a node per state pushed, the current one marked, the plan in green at the end', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await loadText(page, '4 9\n#########\n#P  * * #\n#       #\n#########\n');
  await tab(page, 'solve');
  await page.selectOption('#algo', 'astar');
  await page.click('#solve');
  await page.waitForSelector('#debugger:not([hidden])');
  await page.click('#dbg-tree-box summary');
  await page.click('#dbg-step');
  await page.waitForFunction(() => window.gridlab.debugger().k === 1);
  const d = await info(page);
  assert.equal(await page.locator('#dbg-tree circle').count(), d.open + d.closed, 'a node per state pushed');
  assert.equal(await page.getAttribute('#dbg-tree circle.current', 'data-id'), String(d.current));
  await page.click('#dbg-end');
  await page.waitForFunction(() => document.querySelectorAll('#dbg-tree circle.path').length > 1);
  const plan = await page.evaluate(() => window.gridlab.plan());
  assert.equal(await page.locator('#dbg-tree circle.path').count(), plan.length + 1, 'the start and one node a move');
  assert.deepEqual(errors, []);
  await context.close();
});
