// The search debugger on the Solve tab: a recorded A* run stepped one state at a time,
// forward and back and by tens; the open list's first row is the next node taken; a
// row's state is shown on the board; an ID-DFS run's iterations and set-aside states.

import test from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, loadText, b64url, startSolve, snap } from './harness.mjs';

/** The course's test case 3: an 8-move plan, an ID-DFS run of a few thousand steps. */
const TC03 = '6 7\n#######\n#P# *0#\n#*0*U*#\n#0 S0##\n#***S*#\n#######\n';
const TC07 = '8 7\n#######\n#*#*#*#\n##***##\n#*****#\n##*P*##\n#*****#\n#*#*#*#\n#######\n';

const env = useBrowser();
const info = (page) => page.evaluate(() => window.gridlab.debugger());

/** Load `text`, solve it with `algo` and wait for the debugger. */
async function debugRun(page, text, algo) {
  await loadText(page, text);
  await startSolve(page, algo);
  await page.waitForSelector('#debugger:not([hidden])');
}

test('step an A* run one expansion at a time; the open list names the next node', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { viewport: { width: 1280, height: 800 } });
  await debugRun(page, TC07, 'astar');
  await page.waitForSelector('#outcome', { timeout: 60000 });
  let d = await info(page);
  assert.equal(d.k, 0);
  assert.ok(d.steps > 5);
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
  assert.match(await page.textContent('#dbg-node'), /^Step 4: state #\d+, moves [1-9]+, g \d+ \+ h \d+ = f \d+/);
  await page.click('#dbg-back');
  assert.equal((await info(page)).k, 3);
  await page.click('#dbg-jump-p10');
  assert.equal((await info(page)).k, Math.min(13, d.steps));
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
  await snap(page, 'debugger.png');
  // The Solve controls and the debugger fit a 1280×800 screen beside the board: with
  // the debugger's bar and open list scrolled to, the board is still in view.
  const box = await page.locator('#debugger').boundingBox();
  assert.ok(box.width > 200, JSON.stringify(box));
  // (The debugger's top scrolled to the panel's top: "More tools" follows it, so
  // centring the open list could scroll its bar away.)
  await page.locator('#debugger').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  for (const sel of ['#board', '#dbg-open', '#dbg-step']) {
    const b = await page.locator(sel).boundingBox();
    assert.ok(b && b.y >= 0 && b.y + Math.min(b.height, 120) <= 800 && b.x + b.width <= 1280, `${sel} in view: ${JSON.stringify(b)}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('predict mode: a right and a wrong guess, each explained; next depth; the pseudocode line', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await debugRun(page, TC07, 'bfs');
  await page.click('#dbg-step');
  await page.click('#dbg-step');
  await page.waitForFunction(() => window.gridlab.debugger().k === 2);
  // Its last successor was new: pushed, then tested for the goal.
  assert.equal(await page.textContent('#dbg-code .now'), '    if it is the goal: return its plan\n');
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
  await debugRun(page, '4 9\n#########\n#P  * * #\n#       #\n#########\n', 'astar');
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

test('ID-DFS: iterations as chapters, a stack, states cut off at the depth limit, the goal test', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { viewport: { width: 1280, height: 800 } });
  await debugRun(page, TC03, 'iddfs');
  assert.equal(await page.isVisible('#dbg-iteration'), true);
  assert.equal(await page.isVisible('#dbg-depth'), false);
  // The iterations are chapters: a tick on the scrub slider at each one's start.
  const ticks = await page.$$eval('#dbg-chapters option', (os) => os.map((o) => Number(o.value)));
  assert.equal(await page.getAttribute('#dbg-scrub', 'list'), 'dbg-chapters');
  assert.equal(ticks[0], 0);
  assert.ok(ticks.length >= 2 && ticks.every((t, i) => i === 0 || t > ticks[i - 1]), JSON.stringify(ticks));
  await page.click('#dbg-step');
  await page.waitForFunction(() => window.gridlab.debugger().k === 1);
  assert.match(await page.textContent('#dbg-counts'), /^Iteration 1 \(depth limit 1\)/);
  assert.match(await page.textContent('#dbg-open caption'), /stack \(last in, first out\)/);
  // The first child on the stack is taken first: at the limit, it is cut off.
  const first = (await info(page)).next[0];
  await page.click('#dbg-step');
  let d = await info(page);
  assert.equal(d.current, first);
  assert.equal(d.currentAs, 'cut off');
  assert.equal(await page.textContent('#dbg-code .now'), '    if depth = limit: cut off, continue\n');
  assert.match(await page.textContent('#dbg-node'), /at the depth limit: tested, not expanded/);
  // Next iteration: the start alone on the stack, the limit one deeper.
  await page.click('#dbg-iteration');
  d = await info(page);
  assert.equal(d.iteration, 2);
  assert.equal(d.k, ticks[1], 'the second chapter');
  assert.equal(d.open, 1);
  assert.equal(d.closed, 0);
  assert.match(await page.textContent('#dbg-code .now'), /^for limit|^ {2}open ← stack/);
  // The tree is this iteration's: the start alone, then its children.
  await page.click('#dbg-tree-box summary');
  await page.waitForSelector('#dbg-tree circle');
  assert.equal(await page.locator('#dbg-tree circle').count(), 1);
  await page.click('#dbg-step');
  d = await info(page);
  assert.equal(await page.locator('#dbg-tree circle').count(), 1 + d.open);
  // Next goal test: a state taken and tested (not a skipped duplicate).
  await page.click('#dbg-goal-test');
  const k = (await info(page)).k;
  await page.click('#dbg-goal-test');
  d = await info(page);
  assert.ok(d.k > k);
  assert.ok(['expanded', 'cut off', 'goal'].includes(d.currentAs), d.currentAs);
  // At the end: the goal, in the last iteration, its depth the plan's length.
  await page.click('#dbg-end');
  d = await info(page);
  assert.equal(d.currentAs, 'goal');
  const plan = await page.evaluate(() => window.gridlab.plan());
  assert.equal(d.iteration, plan.length);
  assert.match(await page.textContent('#dbg-node'), new RegExp(`moves ${plan}, depth ${plan.length}: the goal`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('presentation mode at 1920×1080: the debugger is large enough for a lecture hall, beside the board', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { viewport: { width: 1920, height: 1080 } });
  await debugRun(page, TC07, 'astar');
  await page.evaluate(() => document.querySelector('#present').click());
  await page.click('#dbg-step');
  await page.click('#dbg-step');
  await page.locator('#dbg-open').scrollIntoViewIfNeeded();
  const px = (sel) => page.$eval(sel, (e) => parseFloat(getComputedStyle(e).fontSize));
  for (const sel of ['#dbg-node', '#dbg-counts', '#dbg-code', '#dbg-open td']) assert.ok((await px(sel)) >= 18, `${sel}: ${await px(sel)} px`);
  // The board stays in view while the debugger is scrolled to.
  const inView = async (sel) => {
    const b = await page.locator(sel).boundingBox();
    return b && b.y >= 0 && b.y + Math.min(b.height, 200) <= 1080 && b.x >= 0 && b.x + b.width <= 1920;
  };
  assert.ok(await inView('#board'), 'the board');
  assert.ok(await inView('#dbg-open'), 'the open list');
  await snap(page, 'debugger-presenting.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the link holds the debugger: its step and its speed come back in a new page', async () => {
  const link = `${env.server.url}#game=pengu&level=${b64url(TC03)}&tab=solve&s.algo=iddfs&s.solved=1&s.dbg=9&s.dbgspeed=6`;
  const { page, context, errors } = await openPage(env.browser, link);
  await page.waitForFunction(() => window.gridlab.debugger().k === 9);
  const d = await info(page);
  assert.equal(d.speed, 6);
  assert.match(await page.textContent('#dbg-node'), /^Iteration \d+, step 9: /);
  // Stepping on updates the link.
  await page.click('#dbg-step');
  await page.waitForFunction(() => /(^#|&)s\.dbg=10(&|$)/.test(location.hash));
  assert.deepEqual(errors, []);
  await context.close();
});
