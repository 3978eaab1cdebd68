// The search debugger in the lecture hall and on the phone (issue 24): a prediction's
// verdict never outlives its step, no iteration words outside ID-DFS, the pseudocode
// marks the line the step ran last, ID-DFS's counts are the iteration's, the presenter's
// keys step the debugger on screen and the board shows its step, presentation type of
// 28 px, a tapped row brings the board into view on a phone, and a link keeps "Follow
// on the board".

import test from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, loadText, b64url, startSolve, solve, tab, PHONE, present } from './harness.mjs';

const TC03 = '6 7\n#######\n#P# *0#\n#*0*U*#\n#0 S0##\n#***S*#\n#######\n';
const TC07 = '8 7\n#######\n#*#*#*#\n##***##\n#*****#\n##*P*##\n#*****#\n#*#*#*#\n#######\n';
const DUNGEON = '7 11\n###########\n##       ##\n##   A   ##\n##       ##\n###########\n#@D ### G@#\n###########\n';

const env = useBrowser();
const info = (page) => page.evaluate(() => window.gridlab.debugger());
const verdict = (page) => page.textContent('#dbg-verdict');
const nowLine = (page) => page.textContent('#dbg-code .now');

async function debugRun(page, text, algo) {
  await loadText(page, text);
  await solve(page, algo);
  await page.waitForSelector('#debugger:not([hidden])');
}

/** Predict mode on: click the open list's row `i` (in the order the search takes them). */
async function guess(page, i) {
  const d = await info(page);
  await page.click(`#dbg-open tbody tr[data-id="${d.next[i]}"]`);
  await page.waitForFunction((k) => window.gridlab.debugger().k === k, d.k + 1);
}

test("a prediction's verdict goes with its step: unticking Predict, another algorithm, a new solve, a step", async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await debugRun(page, TC07, 'bfs');
  await page.check('#dbg-predict');
  await guess(page, 0);
  assert.match(await verdict(page), /^Right: .*waited longest in the queue/);
  await page.uncheck('#dbg-predict');
  assert.equal(await verdict(page), '', 'unticking Predict');
  await page.check('#dbg-predict');
  await guess(page, 0);
  assert.match(await verdict(page), /^Right/);
  await page.click('#dbg-step');
  await page.waitForFunction(() => window.gridlab.debugger().k === 3);
  assert.equal(await verdict(page), '', 'a step');
  await guess(page, 0);
  await page.click('#dbg-back');
  assert.equal(await verdict(page), '', 'a step back');
  await guess(page, 0);
  await page.selectOption('#algo', 'iddfs');
  assert.equal(await verdict(page), '', 'another algorithm');
  await page.selectOption('#algo', 'bfs');
  await guess(page, 0);
  await page.selectOption('#algo', 'iddfs');
  await page.click('#solve');
  await page.waitForFunction(() => window.gridlab.debugger().loaded && !document.querySelector('#solve').disabled);
  assert.equal(await verdict(page), '', 'a new solve');
  assert.deepEqual(errors, []);
  await context.close();
});

test("Act-Man: A*'s wrong guess is gone once ID-DFS solves", async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=actman`);
  await debugRun(page, DUNGEON, 'astar');
  await page.click('#dbg-step');
  await page.check('#dbg-predict');
  await guess(page, 1);
  assert.match(await verdict(page), /^Not this one \(g \d+ \+ h \d+ = f \d+\)/);
  await startSolve(page, 'iddfs');
  await page.waitForFunction(() => window.gridlab.debugger().loaded && !document.querySelector('#solve').disabled);
  assert.equal(await verdict(page), '');
  await page.click('#dbg-step');
  await page.click('#dbg-step');
  assert.equal(await verdict(page), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('step 0 of A*, BFS and greedy: the start on the open list, no words of iterations', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await loadText(page, TC07);
  for (const algo of ['astar', 'bfs', 'greedy']) {
    await solve(page, algo);
    await page.waitForFunction(() => window.gridlab.debugger().loaded && window.gridlab.debugger().k === 0);
    const text = await page.innerText('#debugger');
    assert.doesNotMatch(text, /iteration|depth limit/i, algo);
    assert.match(await page.textContent('#dbg-node'), /^Before the first step: the start is on the open list/, algo);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pseudocode marks the line the step ran last; Next goal test shows the goal test', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await debugRun(page, TC07, 'bfs');
  // Breadth-first search tests a successor for the goal once it is pushed: a step whose
  // last successor was new ends on the goal test, one whose last was seen before on the
  // duplicate check; never on the push.
  const seen = new Set();
  for (let k = 1; k <= 30; k++) {
    await page.click('#dbg-step');
    await page.waitForFunction((want) => window.gridlab.debugger().k === want, k);
    const role = await page.getAttribute('#dbg-code .now', 'data-role');
    assert.ok(['test', 'skip', 'expand'].includes(role), `BFS step ${k}: ${role}`);
    seen.add(role);
  }
  assert.ok(seen.has('test') && seen.has('skip'), [...seen].join());
  await page.click('#dbg-goal-test');
  assert.equal(await nowLine(page), '    if it is the goal: return its plan\n');
  // A*: every state taken is tested before it is expanded; Next goal test stops there,
  // before its successors are pushed, and Step goes on to its expansion.
  await solve(page, 'astar');
  await page.click('#dbg-step');
  let d = await info(page);
  assert.ok(['push', 'skip'].includes(await page.getAttribute('#dbg-code .now', 'data-role')));
  const next = d.next[0];
  const open = d.open;
  await page.click('#dbg-goal-test');
  d = await info(page);
  assert.equal(await nowLine(page), '  if node is the goal: return its plan\n');
  assert.equal(d.current, next);
  assert.equal(d.open, open - 1, 'taken and tested, not yet expanded');
  assert.match(await page.textContent('#dbg-node'), /goal test: not the goal/);
  await page.click('#dbg-step');
  d = await info(page);
  assert.equal(d.current, next, 'the same node, now expanded');
  assert.ok(['push', 'skip', 'expand'].includes(await page.getAttribute('#dbg-code .now', 'data-role')));
  // At the end the goal is tested and found.
  await page.click('#dbg-end');
  assert.equal(await nowLine(page), '  if node is the goal: return its plan\n');
  assert.deepEqual(errors, []);
  await context.close();
});

test("ID-DFS: every count is the iteration's", async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await debugRun(page, TC03, 'iddfs');
  await page.click('#dbg-iteration');
  const d = await info(page);
  assert.equal(d.iteration, 2);
  const counts = await page.textContent('#dbg-counts');
  assert.match(counts, /^Iteration 2 \(depth limit 2\), this iteration: open 1 · closed 0 · generated 0 · pushed 1 · duplicates 0 · pruned 0 · cut off 0/);
  await page.click('#dbg-step');
  const [, generated, pushed] = (await page.textContent('#dbg-counts')).match(/closed 1 · generated (\d+) · pushed (\d+) /);
  assert.ok(Number(generated) > 0 && Number(pushed) === Number(generated) + 1, 'the start and its successors');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the presenter keys step the debugger on screen, and the heat-map shows its step', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { viewport: { width: 1280, height: 800 } });
  await debugRun(page, TC07, 'astar');
  const expansions = (await page.textContent('#trace-info')).match(/^Expansion ([\d,]+) of ([\d,]+)/);
  assert.equal(expansions[1], expansions[2], 'the heat-map of the whole search after a solve');
  await page.locator('#debugger').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.locator('#board').focus();
  for (let k = 1; k <= 3; k++) {
    await page.keyboard.press('PageDown');
    await page.waitForFunction((want) => window.gridlab.debugger().k === want, k);
  }
  assert.match(await page.textContent('#trace-info'), /^Expansion 3 of /, 'the heat-map at the debugger\'s step');
  assert.ok(await page.evaluate(() => window.gridlab.overlay()), 'the heat-map on the board');
  await page.keyboard.press('PageUp');
  await page.waitForFunction(() => window.gridlab.debugger().k === 2);
  assert.match(await page.textContent('#trace-info'), /^Expansion 2 of /);
  assert.deepEqual(errors, []);
  await context.close();
});

test('embed: the bar steps the debugger of a link at a debugger step', async () => {
  const link = `${env.server.url}#game=pengu&level=${b64url(TC07)}&tab=solve&s.algo=astar&s.solved=1&s.dbg=2`;
  const { page, context, errors } = await openPage(env.browser, `${link}&embed=1`, { viewport: { width: 800, height: 600 } });
  await page.waitForFunction(() => window.gridlab.debugger().k === 2);
  await page.click('#embed-step');
  await page.waitForFunction(() => window.gridlab.debugger().k === 3);
  assert.match(await page.textContent('#embed-pos'), /^3 \/ \d+$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('presentation mode at 1920×1080: the node taken, the open list and the pseudocode at 28 px or more', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { viewport: { width: 1920, height: 1080 } });
  await debugRun(page, TC07, 'astar');
  await present(page);
  await page.click('#dbg-step');
  await page.click('#dbg-step');
  const px = (sel) => page.$eval(sel, (e) => parseFloat(getComputedStyle(e).fontSize));
  for (const sel of ['#dbg-node', '#dbg-code', '#dbg-code .now', '#dbg-open tbody tr:first-child td', '#dbg-open tbody tr:nth-child(3) td']) {
    assert.ok((await px(sel)) >= 28, `${sel}: ${await px(sel)} px`);
  }
  // The rows shown are at 28 px and drawn whole inside the side column.
  const rows = await page.$$eval('#dbg-open tbody tr', (trs) => trs.filter((tr) => tr.getBoundingClientRect().height > 0).map((tr) => tr.getBoundingClientRect().height));
  assert.ok(rows.length >= 3 && rows.every((hgt) => hgt >= 28), JSON.stringify(rows));
  const code = await page.$eval('#dbg-code', (e) => ({ sw: e.scrollWidth, cw: e.clientWidth }));
  assert.ok(code.sw <= code.cw + 1, `the pseudocode fits its column: ${JSON.stringify(code)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: a tapped row or a step brings the board into view', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, PHONE);
  await debugRun(page, TC07, 'astar');
  const inView = () => page.$eval('#board', (b) => {
    const r = b.getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  });
  const cdp = await context.newCDPSession(page);
  const tap = async (sel) => {
    await page.locator(sel).scrollIntoViewIfNeeded();
    const box = await page.locator(sel).boundingBox();
    const pt = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [pt] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  await tap('#dbg-step');
  await page.waitForFunction(() => window.gridlab.debugger().k === 1);
  assert.equal(await inView(), false, 'the debugger is far below the board (a step without Follow stays there)');
  await tap('#dbg-open tbody tr:nth-child(2)');
  await page.waitForFunction(() => window.gridlab.moves().length > 0);
  await page.waitForFunction(() => {
    const r = document.querySelector('#board').getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  });
  // Stepping with Follow on shows the node taken on the board, in view.
  await tap('#dbg-follow');
  assert.equal(await page.isChecked('#dbg-follow'), true);
  await page.locator('#dbg-step').scrollIntoViewIfNeeded();
  assert.equal(await inView(), false);
  await tap('#dbg-step');
  await page.waitForFunction(() => window.gridlab.debugger().k === 2);
  await page.waitForFunction(() => {
    const r = document.querySelector('#board').getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link made with "Follow on the board" reopens following, the board at the linked step', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await debugRun(page, TC07, 'astar');
  await page.check('#dbg-follow');
  for (let k = 1; k <= 6; k++) await page.click('#dbg-step');
  await page.waitForFunction(() => window.gridlab.debugger().k === 6);
  const moves = await page.evaluate(() => window.gridlab.moves());
  assert.ok(moves.length > 0);
  await page.waitForFunction((m) => new RegExp(`(^#|&)moves=${m}(&|$)`).test(location.hash) && /s\.dbg=6/.test(location.hash), moves);
  const hash = await page.evaluate(() => location.hash);
  const other = await openPage(env.browser, `${env.server.url}${hash}`);
  await other.page.waitForFunction(() => window.gridlab.debugger().k === 6);
  assert.equal(await other.page.isChecked('#dbg-follow'), true);
  await other.page.waitForFunction((m) => window.gridlab.moves() === m, moves);
  await tab(other.page, 'solve');
  await other.page.click('#dbg-step');
  await other.page.waitForFunction(() => window.gridlab.debugger().k === 7);
  await other.page.waitForFunction(() => window.gridlab.moves() === window.gridlab.debugger().path);
  assert.notEqual(await other.page.evaluate(() => window.gridlab.moves()), moves, 'the board follows the next step');
  assert.deepEqual(other.errors, []);
  await other.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});
