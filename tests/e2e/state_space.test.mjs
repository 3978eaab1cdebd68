// The state-space view on the Solve tab: every state a node, every move an edge; the
// search debugger's step drawn on it (the expanded nodes and the frontier follow the
// debugger's counts), a click on a node shows that state on the board, the layout
// switch, an Act-Man dungeon, and a level too large for the view.

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useBrowser, openPage, loadText, startSolve, snap, present, ROOT } from './harness.mjs';

const course = (name) => readFileSync(path.join(ROOT, 'levels', 'pengu', 'course', `${name}.txt`), 'utf8');
const env = useBrowser();
const dbg = (page) => page.evaluate(() => window.gridlab.debugger());
const view = (page) => page.evaluate(() => ({ ...document.querySelector('#ss-canvas').dataset }));

/** Solve `text` with `algo`, then open the section and wait for the graph to follow the debugger. */
async function openView(page, text, algo) {
  await loadText(page, text);
  await startSolve(page, algo);
  await page.waitForSelector('#debugger:not([hidden])', { timeout: 60000 });
  await page.click('#state-space > summary');
  await page.waitForFunction(() => document.querySelector('#ss-canvas').dataset.following === 'true', null, { timeout: 60000 });
}

test('a Pengu field: the debugger steps on the graph, a node shows its state, the layouts', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { viewport: { width: 1400, height: 900 } });
  await openView(page, course('a1-7x6'), 'bfs');
  let v = await view(page);
  assert.equal(v.layout, 'force', 'the force layout is the default');
  const nodes = Number(v.nodes);
  assert.ok(nodes > 20 && nodes <= 2000, `${nodes} nodes`);
  assert.match(await page.textContent('#ss-message'), new RegExp(`^${nodes.toLocaleString('en')} states, [\\d,]+ moves; the optimum costs \\d+, \\d+ moves lie on optimal plans\\.$`));
  assert.equal(v.expanded, '0');
  assert.equal(v.frontier, '1', 'before the first step only the start is open');
  // Step by step, then by tens: the drawn counts are the debugger's (BFS: each state once).
  for (const press of ['#dbg-step', '#dbg-step', '#dbg-step', '#dbg-jump-p10', '#dbg-back']) {
    await page.click(press);
    const d = await dbg(page);
    await page.waitForFunction((k) => document.querySelector('#ss-canvas').dataset.step === String(k), d.k);
    v = await view(page);
    assert.equal(Number(v.expanded), d.closed, `expanded at step ${d.k}`);
    assert.equal(Number(v.frontier), d.open, `frontier at step ${d.k}`);
    assert.equal(await page.evaluate(() => document.querySelector('#ss-canvas').stateSpace.space.nodeOf(window.gridlab.debugger().current)), Number(v.current));
  }
  assert.match(await page.textContent('#ss-counts'), /^Debugger step 12: 12 states expanded, \d+ on the frontier, taken: state \d+ \(depth \d+, g \d+, h\* [\d–]+, h [\d–]+/);
  // A click on a node: the board plays a cheapest path's moves to it.
  await page.evaluate(() => document.querySelector('#ss-canvas').scrollIntoView({ block: 'center' }));
  const pick = await page.evaluate(() => {
    const view = document.querySelector('#ss-canvas').stateSpace;
    const s = view.space;
    let node = 0;
    for (let i = 0; i < s.n; i++) if (s.depth[i] === 3 && !s.goal[i]) { node = i; break; }
    return { node, moves: s.moves(node), point: view.clientPoint(node) };
  });
  assert.equal(pick.moves.length, 3);
  await page.mouse.move(pick.point.x, pick.point.y);
  await page.waitForSelector('#ss-tip:not([hidden])');
  assert.match(await page.textContent('#ss-tip'), new RegExp(`^State ${pick.node}: depth 3, g 3, h\\* [\\d–]+, h [\\d–]+; moves ${pick.moves}$`));
  await page.mouse.click(pick.point.x, pick.point.y);
  await page.waitForFunction((m) => window.gridlab.moves() === m, pick.moves);
  // Layers by depth: other places, the same graph and step; clicks still find nodes.
  const before = await page.evaluate(() => document.querySelector('#ss-canvas').stateSpace.clientPoint(5));
  await page.selectOption('#ss-layout', 'layers');
  v = await view(page);
  assert.equal(v.layout, 'layers');
  assert.equal(Number(v.nodes), nodes);
  assert.equal(Number(v.expanded), (await dbg(page)).closed);
  const after = await page.evaluate(() => document.querySelector('#ss-canvas').stateSpace.clientPoint(5));
  assert.notDeepEqual(after, before);
  const start = await page.evaluate(() => document.querySelector('#ss-canvas').stateSpace.clientPoint(0));
  await page.mouse.click(start.x, start.y);
  await page.waitForFunction(() => window.gridlab.moves() === '');
  // The start is the left-most node in layers.
  assert.ok(start.x < after.x, `${start.x} < ${after.x}`);
  await page.selectOption('#ss-layout', 'force');
  await page.locator('#state-space').scrollIntoViewIfNeeded();
  await snap(page, 'state-space.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an A* run on testcase 3: the graph follows it to the end, the goal taken last; presentation sizes', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`, { viewport: { width: 1920, height: 1080 } });
  await openView(page, course('testcase-03-6x7'), 'astar');
  await page.click('#dbg-end');
  const d = await dbg(page);
  await page.waitForFunction((k) => document.querySelector('#ss-canvas').dataset.step === String(k), d.k);
  const v = await view(page);
  assert.equal(Number(v.nodes), 1318, 'testcase 3 has 1,318 states');
  assert.equal(Number(v.expanded), d.closed);
  const goal = await page.evaluate((n) => document.querySelector('#ss-canvas').stateSpace.space.goal[n], Number(v.current));
  assert.equal(goal, 1, 'A* takes a goal last');
  // Presentation mode (a lecture hall at 1920×1080): the canvas fills the wider side
  // panel, drawn at its size; the counts are large.
  await present(page);
  await page.waitForFunction(() => document.querySelector('#ss-canvas').getBoundingClientRect().width >= 440);
  const size = await page.evaluate(() => {
    const c = document.querySelector('#ss-canvas');
    const b = c.getBoundingClientRect();
    return { w: b.width, h: b.height, backing: c.width, font: parseFloat(getComputedStyle(document.querySelector('#ss-counts')).fontSize) };
  });
  assert.ok(size.h >= 300 && size.h <= 1080, JSON.stringify(size));
  assert.equal(size.backing, Math.round(size.w), 'the canvas is drawn at its size');
  assert.ok(size.font >= 24, JSON.stringify(size));
  assert.deepEqual(errors, []);
  await context.close();
});

test('an Act-Man dungeon has its state space too', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=actman`);
  await openView(page, readFileSync(path.join(ROOT, 'levels', 'actman', '01-first-shot.txt'), 'utf8'), 'bfs');
  await page.click('#dbg-step');
  await page.waitForFunction(() => document.querySelector('#ss-canvas').dataset.step === '1');
  const v = await view(page);
  const d = await dbg(page);
  assert.ok(Number(v.nodes) > 10, v.nodes);
  assert.equal(Number(v.expanded), 1);
  assert.equal(Number(v.frontier), d.open);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a level with more states than the view draws gets the message with its count', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#game=pengu`);
  await loadText(page, course('a3-6x20'));
  await page.click('#tab-solve');
  await page.click('#state-space > summary');
  await page.waitForFunction(() => document.querySelector('#ss-message').classList.contains('bad'), null, { timeout: 60000 });
  assert.equal(await page.textContent('#ss-message'), 'the level has 4,006 states: more than 2,000, the view is for small levels');
  assert.equal(await page.getAttribute('#ss-canvas', 'data-nodes'), '0');
  assert.deepEqual(errors, []);
  await context.close();
});
