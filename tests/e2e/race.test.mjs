// Browser tests of the Solve tab's race (www/js/race-view.js, race.js): three
// algorithms on a Pengu course level run in the solver worker and race on one
// transport; each card's counters end at the solve tool's own counts, the finish order
// is by expansions, BFS and A* find plans of the same length, one step is one
// expansion of every entrant still running, the link sets the race up again; an
// Act-Man race; an entrant that fails says so in its card; the embed view steps the
// race with the presenter's keys and exports it as a GIF; heuristics race (A* with the
// built-in h, h = 0 and the lab's typed h) with the lab's own counts, and the lab's
// code from a link waits for the person's consent.
// Run: node --test --test-concurrency=1 tests/e2e/race.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, useBrowser, pageOpener, tab } from './harness.mjs';

const wasm = createRequire(import.meta.url)('../../pkg-node/gridlab.js');
const read = (p) => readFileSync(path.join(ROOT, p), 'utf8');
const TC04 = read('levels/pengu/course/testcase-04-7x7.txt');
// A* still searches here (its heuristic walks TC04 straight to the goal).
const TC14 = read('levels/pengu/course/testcase-14-20x20.txt');
const TIES = read('levels/actman/04-tie-breaks.txt');

const env = useBrowser();
const openPengu = pageOpener(env, 'pengu', { collectionMayBeMissing: true });
const openActman = pageOpener(env, 'actman', { collectionMayBeMissing: true });

const info = (page) => page.evaluate(() => window.gridlab.race());
const num = async (page, sel) => Number((await page.textContent(sel)).replace(/,/g, ''));

/** The page on `open`'s game with `level` loaded, the race unfolded with `algos`. */
async function ready(open, level, algos) {
  const opened = await open();
  const { page } = opened;
  assert.ok(await page.evaluate((text) => window.gridlab.loadLevel(text, ''), level));
  await tab(page, 'solve');
  await page.click('#race > summary');
  for (let i = 0; i < 4; i++) await page.selectOption(`#race-algo-${i + 1}`, algos[i] || '');
  return opened;
}

/** Start the race, wait until its solves are done, and stop its play at the start. */
async function run(page) {
  await page.click('#race-start');
  await page.waitForFunction(() => {
    const r = window.gridlab.race();
    return !r.running && r.length > 0;
  });
  await page.click('#race-first');
  await page.waitForFunction(() => window.gridlab.race().pos === 0);
}

test('Pengu: three algorithms race to the end with the solve tool’s counts; the link round-trips', async () => {
  const { page, errors } = await ready(openPengu, TC14, ['bfs', 'astar', 'greedy']);
  await run(page);
  let r = await info(page);
  const tool = Object.fromEntries(r.entrants.map((e) => [e.key, wasm.run_tool('pengu', 'solve', TC14, e.options)]));
  assert.deepEqual(Object.values(tool).map((x) => x.stats.expanded), [16241, 39, 15]);
  assert.equal(r.length, 16241, 'the race lasts as long as the most expansions');
  assert.deepEqual(r.entrants.map((e) => [e.key, e.expanded, e.frontier, e.running]), [['bfs', 0, 1, true], ['astar', 0, 1, true], ['greedy', 0, 1, true]]);
  assert.equal(await page.textContent('#race-pos'), '0 / 16,241');

  // One step: every running entrant one expansion on; greedy stops at its 15th.
  for (let k = 1; k <= 16; k++) {
    await page.click('#race-step');
    await page.waitForFunction((k) => window.gridlab.race().pos === k, k);
    r = await info(page);
    for (const e of r.entrants) assert.equal(e.expanded, Math.min(k, tool[e.key].stats.expanded), `${e.key} after ${k} steps`);
  }
  assert.deepEqual(r.entrants.map((e) => e.running), [true, true, false]);
  assert.equal(await num(page, '#race-3-expanded'), 15);
  assert.equal(await page.textContent('#race-3-place'), '1st', 'greedy has finished first');
  assert.equal(await page.textContent('#race-1-place'), '');
  assert.equal(await page.textContent('#race-order li'), '1st Greedy: 15 expansions');

  // To the end: the tool's counts, the finish order, the plans.
  await page.click('#race-end');
  await page.waitForFunction(() => window.gridlab.race().over);
  r = await info(page);
  for (const [i, e] of r.entrants.entries()) {
    assert.equal(e.expanded, tool[e.key].stats.expanded, `${e.key}: expanded`);
    assert.equal(await num(page, `#race-${i + 1}-expanded`), tool[e.key].stats.expanded);
    assert.equal(e.plan, tool[e.key].moves, `${e.key}: the tool's plan`);
    assert.ok(e.peak >= e.frontier && e.peak > 1);
  }
  assert.equal(r.entrants[0].plan.length, r.entrants[1].plan.length, 'BFS and A* find plans of the same length');
  assert.equal(await page.textContent('#race-1-plan'), `11 moves · score ${tool.bfs.score}`);
  assert.deepEqual(r.order.map((o) => [o.place, o.label, o.expanded]), [[1, 'Greedy', 15], [2, 'A*', 39], [3, 'BFS', 16241]]);
  assert.deepEqual(await page.$$eval('#race-order li', (els) => els.map((e) => e.textContent)),
    ['1st Greedy: 15 expansions', '2nd A*: 39 expansions', '3rd BFS: 16,241 expansions']);
  assert.deepEqual(await page.$$eval('.race-place', (els) => els.map((e) => e.textContent)), ['3rd', '2nd', '1st']);

  // The link: the entrants, the race run and its position.
  await page.click('#race-first');
  for (let k = 0; k < 5; k++) await page.click('#race-step');
  await page.waitForFunction(() => window.gridlab.race().pos === 5);
  await page.waitForFunction(() => /r\.pos=5/.test(decodeURIComponent(location.hash)));
  const hash = new URL(page.url()).hash;
  assert.match(decodeURIComponent(hash), /r\.algos=bfs,astar,greedy/);
  assert.match(decodeURIComponent(hash), /r\.run=1/);
  const again = await openPengu(hash);
  await again.page.waitForFunction(() => {
    const x = window.gridlab.race();
    return x && !x.running && x.length > 0 && x.pos === 5;
  });
  const back = await info(again.page);
  assert.deepEqual(back.entrants.map((e) => [e.key, e.expanded]), [['bfs', 5], ['astar', 5], ['greedy', 5]]);
  assert.ok(await again.page.$eval('#race', (d) => d.open));
  assert.deepEqual(errors, []);
  assert.deepEqual(again.errors, []);
  await again.context.close();
});

test('Act-Man: a race of three; an entrant that fails says so in its card', async () => {
  const { page, errors } = await ready(openActman, TIES, ['bfs', 'astar', 'greedy']);
  await run(page);
  await page.click('#race-end');
  await page.waitForFunction(() => window.gridlab.race().over);
  const r = await info(page);
  // The tool run with the options the race ran each entrant with (the Solve form's).
  assert.deepEqual(r.entrants.map((e) => [e.options.solver, e.options.objective, e.options.maxTurns]), [['bfs', 'turns', 50], ['astar', 'turns', 50], ['greedy', 'turns', 50]]);
  const tool = Object.fromEntries(r.entrants.map((e) => [e.key, wasm.run_tool('actman', 'solve', TIES, e.options)]));
  for (const e of r.entrants) {
    assert.equal(e.expanded, tool[e.key].stats.expanded, `${e.key}: expanded`);
    assert.equal(e.plan, tool[e.key].actions);
  }
  assert.equal(r.entrants[0].plan.length, r.entrants[1].plan.length, 'BFS and A* (fewest turns) agree');
  const by = [...r.entrants].sort((a, b) => a.expanded - b.expanded).map((e) => e.label);
  assert.deepEqual(r.order.map((o) => o.label), by);
  assert.deepEqual(r.order.map((o) => o.place), [1, 2, 3]);

  // A run that throws: its card says why, the others race.
  await page.evaluate(() => {
    const race = window.gridlab.raceView();
    const client = race.client;
    const real = client.run.bind(client);
    client.run = (type, game, text, options, progress) =>
      options.solver === 'astar' ? Promise.reject({ message: 'planted failure' }) : real(type, game, text, options, progress);
  });
  await run(page);
  await page.click('#race-end');
  await page.waitForFunction(() => window.gridlab.race().over);
  const f = await info(page);
  assert.deepEqual(f.entrants.map((e) => e.state), ['done', 'error', 'done']);
  assert.equal(await page.textContent('#race-2-note'), 'The run failed: planted failure');
  assert.equal(await page.textContent('#race-2-state'), 'failed');
  assert.equal(await page.textContent('#race-2-place'), '–');
  assert.deepEqual(f.order.map((o) => [o.label, o.place, o.why]), [['Greedy', 1, null], ['BFS', 2, null], ['A*', null, 'failed: planted failure']]);
  assert.deepEqual(errors, []);
});

// 18 × 24, 86 fish in an open room: BFS for all fish runs for many seconds.
const SLOW = read('tests/data/pengu/open-room-18x24.txt');

test('Cancel stops the solves: the cards say so, nothing races; a link’s bad entrants are named', async () => {
  const { page, errors } = await ready(openPengu, SLOW, ['bfs', 'iddfs']);
  await page.click('#race-start');
  await page.waitForFunction(() => /Running BFS/.test(document.querySelector('#race-status').textContent));
  await page.click('#race-cancel');
  await page.waitForFunction(() => !window.gridlab.race().running);
  const r = await info(page);
  assert.deepEqual(r.entrants.map((e) => e.state), ['cancelled', 'cancelled']);
  assert.equal(r.length, 0);
  assert.equal(await page.textContent('#race-status'), 'Cancelled: the entrants that ran are shown.');
  assert.equal(await page.textContent('#race-1-state'), 'cancelled');
  assert.ok(await page.isDisabled('#race-step'));
  assert.ok(await page.isEnabled('#race-start'));

  const bad = await openPengu(`#game=pengu&tab=solve&r.algos=${encodeURIComponent('bfs,bfs,nope,random')}&r.run=1&r.pos=99999`);
  await bad.page.waitForFunction(() => document.querySelector('#race-status').textContent !== '');
  assert.equal(await bad.page.textContent('#race-status'),
    'The link’s race: BFS is in the race once; “nope” is not an algorithm a race can run; “random” is not an algorithm a race can run.');
  assert.deepEqual(await bad.page.$$eval('.race-algo', (els) => els.map((e) => e.value)), ['bfs', '', '', '']);
  assert.equal((await info(bad.page)).length, 0, 'one entrant: no race');
  assert.deepEqual(errors, []);
  assert.deepEqual(bad.errors, []);
  await bad.context.close();
});

/** The frames of a GIF: its graphic control extensions. */
const gifFrames = (bytes) => bytes.toString('latin1').split('\x21\xf9\x04').length - 1;

test('the race exports as a GIF of its boards; in the embed view it takes the board’s place and the presenter’s keys step it', async () => {
  const { page, errors } = await ready(openPengu, TC04, ['bfs', 'astar']);
  await run(page);
  await page.locator('#race-stage').scrollIntoViewIfNeeded();
  for (let k = 0; k < 3; k++) await page.click('#race-step');
  await page.waitForFunction(() => window.gridlab.race().pos === 3 && window.gridlab.race().onScreen);
  const frame = await page.evaluate(() => {
    const race = window.gridlab.raceView();
    const c = race.recordFrame();
    return { w: c.width, h: c.height, board: race.cards[0].view.canvas.width, side: race.gifSide };
  });
  assert.ok(frame.w > 2 * frame.board, `the two boards side by side in one frame: ${JSON.stringify(frame)}`);
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60000 }), page.click('#save-gif')]);
  assert.match(download.suggestedFilename(), /\.gif$/);
  const gif = readFileSync(await download.path());
  assert.equal(gif.subarray(0, 6).toString('latin1'), 'GIF89a');
  const k = Math.min(1, frame.side / Math.max(frame.w, frame.h));
  assert.equal(gif.readUInt16LE(6), Math.max(1, Math.round(frame.w * k)), 'the GIF is the race’s frame, not the board');
  assert.equal(gif.readUInt16LE(8), Math.max(1, Math.round(frame.h * k)));
  const frames = gifFrames(gif);
  assert.ok(frames > 100 && frames <= 120, `at most 120 frames over the 1,230 steps: ${frames}`);
  assert.equal((await info(page)).pos, 3, 'the position is kept after the export');

  await page.waitForFunction(() => /r\.pos=3/.test(decodeURIComponent(location.hash)));
  const hash = new URL(page.url()).hash;
  const embedded = await openPengu(`${hash}&embed=1`, { viewport: { width: 960, height: 540 } });
  const p = embedded.page;
  await p.waitForFunction(() => {
    const x = window.gridlab.race();
    return x && !x.running && x.pos === 3 && x.onScreen;
  });
  assert.ok(await p.isVisible('#race-1-canvas'));
  assert.ok(await p.isVisible('#race-2-canvas'));
  assert.equal(await p.$eval('#race-stage', (el) => el.parentElement.className), 'board-frame');
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('PageDown');
  await p.waitForFunction(() => window.gridlab.race().pos === 5);
  assert.equal(await p.textContent('#embed-pos'), '5 / 1230');
  assert.deepEqual((await info(p)).entrants.map((e) => e.expanded), [5, 5]);
  await p.keyboard.press('ArrowLeft');
  await p.waitForFunction(() => window.gridlab.race().pos === 4);
  assert.deepEqual(errors, []);
  assert.deepEqual(embedded.errors, []);
  await embedded.context.close();
});

test('heuristics race: A* with the built-in h, h = 0 and the lab’s code, with the lab’s own counts; a link’s code waits for consent', async () => {
  const code = 'function h(state, help) {\n  return state.fish.length > 0 ? 1 : 0;\n}\n';
  const { page, errors } = await openPengu();
  assert.ok(await page.evaluate((text) => window.gridlab.loadLevel(text, ''), TC04));
  await tab(page, 'solve');
  // The lab's own run of the typed h, with its comparison.
  await page.click('#heuristic-lab > summary');
  await page.fill('#lab-code', code);
  await page.click('#lab-run');
  await page.waitForSelector('#lab-admissible', { timeout: 60000 });
  const rows = await page.$$eval('#lab-compare tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const lab = Object.fromEntries(rows.map((r) => [r[0], Number(r[3].replace(/,/g, ''))]));
  assert.deepEqual(Object.keys(lab), ['yours', 'built-in', 'zero']);

  await page.click('#race > summary');
  const keys = ['astar:builtin', 'astar:zero', 'astar:code'];
  for (let i = 0; i < 4; i++) await page.selectOption(`#race-algo-${i + 1}`, keys[i] || '');
  await run(page);
  await page.click('#race-end');
  await page.waitForFunction(() => window.gridlab.race().over);
  const r = await info(page);
  assert.deepEqual(r.entrants.map((e) => [e.kind, e.key, e.label, e.state]), [
    ['lab', 'astar:builtin', 'A* · built-in h', 'done'], ['lab', 'astar:zero', 'A* · h = 0', 'done'], ['lab', 'astar:code', 'A* · lab’s h', 'done']]);
  assert.deepEqual(r.entrants.map((e) => e.expansions), [lab['built-in'], lab.zero, lab.yours], 'the lab’s own counts');
  assert.deepEqual(r.entrants.map((e) => e.expanded), r.entrants.map((e) => e.expansions), 'replayed to the end');
  assert.equal(r.length, Math.max(lab['built-in'], lab.zero, lab.yours));
  assert.ok(r.entrants.every((e) => e.plan.length === 12), 'admissible: the optimal plan');
  const place = Object.fromEntries(r.order.map((o) => [o.label, o.place]));
  assert.ok(place['A* · built-in h'] < place['A* · h = 0'], `the built-in h before h = 0: ${JSON.stringify(r.order)}`);
  assert.equal(await page.textContent('#race-1-plan'), '12 moves · cost 12');

  // A runaway h in the race: Cancel ends the lab's worker, the cards say so.
  await page.fill('#lab-code', 'function h() {\n  while (true) {}\n}\n');
  await page.selectOption('#race-algo-1', 'astar:code');
  await page.selectOption('#race-algo-3', '');
  await page.click('#race-start');
  await page.waitForFunction(() => /^Running A\* · lab’s h/.test(document.querySelector('#race-status').textContent));
  await page.click('#race-cancel');
  await page.waitForFunction(() => !window.gridlab.race().running);
  assert.deepEqual((await info(page)).entrants.map((e) => [e.key, e.state]), [['astar:code', 'cancelled'], ['astar:zero', 'cancelled']]);
  await page.fill('#lab-code', code);
  for (let i = 0; i < 3; i++) await page.selectOption(`#race-algo-${i + 1}`, keys[i]);
  await run(page);

  // The link carries the lab's entrants and its code; reopened, the code waits.
  await page.waitForFunction(() => /r\.algos=astar:builtin,astar:zero,astar:code/.test(decodeURIComponent(location.hash)) && /hl\.code=/.test(location.hash) && /r\.run=1/.test(location.hash));
  const again = await openPengu(new URL(page.url()).hash);
  const p = again.page;
  await p.waitForFunction(() => {
    const x = window.gridlab.race();
    return x && !x.running && x.length > 0;
  });
  let back = await info(p);
  assert.deepEqual(back.entrants.map((e) => [e.key, e.state, e.expansions]), [['astar:builtin', 'done', lab['built-in']], ['astar:zero', 'done', lab.zero], ['astar:code', 'held', 0]]);
  assert.equal(await p.textContent('#race-3-state'), 'run the lab’s code first');
  assert.deepEqual(back.order.map((o) => [o.label, o.place]), [['A* · built-in h', 1], ['A* · h = 0', 2], ['A* · lab’s h', null]]);
  assert.equal(await p.inputValue('#lab-code'), code);
  // Agreed to in the lab: the race runs it.
  await p.click('#lab-trust');
  await p.waitForSelector('#lab-admissible', { timeout: 60000 });
  await p.click('#race-start');
  await p.waitForFunction(() => {
    const x = window.gridlab.race();
    return !x.running && x.length > 0 && x.entrants[2].state === 'done';
  });
  back = await info(p);
  assert.equal(back.entrants[2].expansions, lab.yours);
  assert.deepEqual(errors, []);
  assert.deepEqual(again.errors, []);
  await again.context.close();
});
