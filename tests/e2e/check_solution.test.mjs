// Browser tests of "Check a solution" (www/js/check-solution.js, check-verdict.js,
// check-boards.js): a solver's output pasted, opened or linked, checked by the `judge`
// tool in the solver worker for the level on the board, its verdict shown where the
// problem is, the student's plan played beside an optimal one on one transport.
// Run: node --test --test-concurrency=1 tests/e2e/check_solution.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, useBrowser, pageOpener, tab, snap } from './harness.mjs';

const read = (p) => readFileSync(path.join(ROOT, p), 'utf8');
const A2 = read('levels/pengu/course/a2-6x7.txt');
const A2_OUT = read('tests/data/pengu/a2-6x7.course-sample.out');
const T14 = read('levels/pengu/course/testcase-14-20x20.txt');
const T14_OUT = read('tests/data/pengu/testcase-14-20x20.rajasekhar02-iddfs.out');
const DUNGEON = read('tests/data/actman/instructor/set2-sampledungeon0.txt');
const DUNGEON_OUT = read('tests/data/actman/instructor/set2-sampleoutput0.txt');
// 18 × 24, 86 fish in an open room: proving its all-fish optimum (A*) takes many seconds.
const SLOW = read('tests/data/pengu/open-room-18x24.txt');

const env = useBrowser();
const openPengu = pageOpener(env, 'pengu', { collectionMayBeMissing: true });
const openActman = pageOpener(env, 'actman', { collectionMayBeMissing: true });

/** The page on `game` with `level` loaded, the check panel unfolded on `where`'s tab. */
async function ready(open, level, where = 'play') {
  const opened = await open();
  const { page } = opened;
  assert.ok(await page.evaluate((text) => window.gridlab.loadLevel(text, ''), level));
  await tab(page, where);
  assert.equal(await page.$eval('#check-solution', (el) => el.parentElement.id), `panel-${where}`);
  await page.click('#check-solution > summary');
  await page.waitForSelector('#sol-text', { state: 'visible' });
  return opened;
}

/** Wait until the check under way is over; resolves to the panel's info. */
async function settled(page) {
  await page.waitForFunction(() => {
    const info = window.gridlab.checkSolution();
    return info && !['running', 'idle'].includes(info.state);
  }, null, { timeout: 60000 });
  return page.evaluate(() => window.gridlab.checkSolution());
}

/** Paste `text`, pick `algo`, press Check; resolves to the panel's info. */
async function check(page, text, algo) {
  await page.selectOption('#sol-algo', algo);
  await page.fill('#sol-text', text);
  await page.click('#sol-load');
  return settled(page);
}

const textOf = (page, sel) => page.$eval(sel, (el) => el.textContent.trim());

test('Pengu: the course’s a2-6x7 sample output passes BFS: "optimal: 6 moves", its plan beside the proved one', async () => {
  const { page, context, errors } = await ready(openPengu, A2);
  const info = await check(page, A2_OUT, 'bfs');
  assert.equal(info.state, 'done');
  assert.equal(info.report.pass, true);
  assert.equal(await textOf(page, '#sol-message'), 'optimal: 6 moves');
  assert.equal(await textOf(page, '#sol-verdict .outcome'), 'Pass');
  assert.equal(await textOf(page, '#sol-distance'), 'optimal');
  assert.equal(await page.$('#sol-lines'), null, 'nothing to mark');
  assert.equal(await page.$('#sol-warnings'), null);
  assert.deepEqual(info.pair.yours, { pos: 0, length: 6, plan: '229314', moves: '' });
  assert.equal(info.pair.optimal.length, 6);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: a student’s ID-DFS output 4 moves too long: "11 moves; optimal is 7 moves", both boards step on one transport', async () => {
  const { page, context, errors } = await ready(openPengu, T14, 'solve');
  const info = await check(page, T14_OUT, 'iddfs');
  assert.equal(info.report.pass, false);
  assert.equal(await textOf(page, '#sol-message'), '11 moves; optimal is 7 moves');
  assert.equal(await textOf(page, '#sol-verdict .outcome'), 'Fail');
  assert.equal(await textOf(page, '#sol-distance'), '4 moves longer than optimal');
  assert.ok(await page.isVisible('#sol-yours-canvas'));
  assert.ok(await page.isVisible('#sol-optimal-canvas'));
  assert.equal(await textOf(page, '#sol-yours-pos'), '0 / 11');
  assert.equal(await textOf(page, '#sol-optimal-pos'), '0 / 7');
  await page.click('#sol-step');
  await page.click('#sol-step');
  assert.equal(await textOf(page, '#sol-yours-pos'), '2 / 11');
  assert.equal(await textOf(page, '#sol-optimal-pos'), '2 / 7');
  let pair = (await page.evaluate(() => window.gridlab.checkSolution())).pair;
  assert.equal(pair.yours.moves, '98');
  assert.equal(pair.optimal.moves, '92');
  assert.equal(await textOf(page, '#sol-yours-plan .done'), '98');
  // To the end: the optimal side stops at its 7 moves, the student's plays all 11.
  await page.click('#sol-end');
  assert.equal(await textOf(page, '#sol-yours-pos'), '11 / 11');
  assert.equal(await textOf(page, '#sol-optimal-pos'), '7 / 7');
  pair = (await page.evaluate(() => window.gridlab.checkSolution())).pair;
  assert.equal(pair.yours.moves, '98276463416');
  assert.equal(pair.optimal.moves, '9274346');
  assert.equal(await textOf(page, '#sol-pos'), '11 / 11');
  await page.click('#sol-back');
  assert.equal(await textOf(page, '#sol-yours-pos'), '10 / 11');
  assert.equal(await textOf(page, '#sol-optimal-pos'), '7 / 7');
  // The main board and its moves are untouched.
  assert.equal(await page.evaluate(() => window.gridlab.moves()), '');
  await snap(page, 'check-solution-pair.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: a wrong score line: line 2 marked, with what the output has and what replaying gives', async () => {
  const { page, context, errors } = await ready(openPengu, A2);
  const bad = A2_OUT.replace(/^(\d+)\n8\n/, '$1\n9\n');
  assert.notEqual(bad, A2_OUT);
  const info = await check(page, bad, 'bfs');
  assert.deepEqual(info.report.problem, { kind: 'mismatch', line: 2, expected: '8', got: '9' });
  assert.equal(await textOf(page, '#sol-message'), 'line 2: the output has `9`, replaying the moves gives `8`');
  assert.equal(await page.$eval('#sol-lines .cs-line.bad', (el) => el.dataset.line), '2');
  assert.equal(await textOf(page, '#sol-lines .cs-line.bad code'), '9');
  assert.equal(await textOf(page, '#sol-lines .cs-line.bad .cs-tag'), 'yours');
  assert.equal(await textOf(page, '#sol-lines .cs-line.expected code'), '8');
  assert.equal(await textOf(page, '#sol-lines .cs-line.expected .cs-tag'), 'replaying gives');
  // The rows in order: line 1, the bad line 2, what replaying gives, then line 3.
  const rows = await page.$$eval('#sol-lines .cs-line', (els) => els.slice(0, 4).map((e) => `${e.dataset.line}:${e.querySelector('code').textContent}`));
  assert.deepEqual(rows, ['1:229314', '2:9', ':8', '3:#######']);
  await snap(page, 'check-solution-mismatch.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: an illegal move, or a move after Pengu died, is marked in the plan, and the moves after it are not played', async () => {
  const { page, context, errors } = await ready(openPengu, A2);
  const info = await check(page, '2213\n', 'bfs');
  assert.deepEqual(info.report.problem, { kind: 'illegal_move', index: 3, symbol: '1', message: 'a wall is in the way' });
  assert.equal(await textOf(page, '#sol-message'), "move 3 ('1') is illegal: a wall is in the way");
  assert.equal(await page.$eval('#sol-bad-plan', (el) => el.dataset.index), '3');
  assert.equal(await textOf(page, '#sol-bad-plan mark.bad'), '1');
  assert.equal(await textOf(page, '#sol-bad-plan .done'), '22');
  assert.equal(await textOf(page, '#sol-bad-plan .cut'), '3');
  assert.equal(await textOf(page, '#sol-yours-pos'), '0 / 2', 'the student’s board plays the 2 moves before it');
  await page.click('#sol-end');
  const pair = (await page.evaluate(() => window.gridlab.checkSolution())).pair;
  assert.equal(pair.yours.moves, '22');
  assert.equal(pair.optimal.moves, '229314');
  // A move after Pengu died: named as such, marked, not played.
  const after = await check(page, '261', 'bfs');
  assert.deepEqual(after.report.problem, { kind: 'move_after_end', index: 3, symbol: '1', ended: 'Pengu is dead' });
  assert.equal(await textOf(page, '#sol-where'), "Move 3 ('1') of the plan comes after the game is over (Pengu is dead); the moves after it are not played.");
  assert.equal(await textOf(page, '#sol-bad-plan mark.bad'), '1');
  await page.click('#sol-end');
  assert.equal(await textOf(page, '#sol-yours-pos'), '2 / 2');
  assert.match(await textOf(page, '#sol-yours-state'), / · dead$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: a plan alone passes with its warning; a CR LF output is read with one', async () => {
  const { page, context, errors } = await ready(openPengu, A2);
  let info = await check(page, '229314', 'bfs');
  assert.equal(info.report.pass, true);
  assert.equal(await textOf(page, '#sol-message'), 'optimal: 6 moves');
  assert.deepEqual(await page.$$eval('#sol-warnings li', (els) => els.map((e) => e.textContent)), ['a plan alone: its score and final grid were not checked']);
  // A text box keeps LF only: a file brings its CR LF.
  await page.setInputFiles('#sol-file', { name: 'crlf.out', mimeType: 'text/plain', buffer: Buffer.from(A2_OUT.replace(/\n/g, '\r\n')) });
  await page.waitForFunction(() => window.gridlab.checkSolution().report?.warnings.length === 1);
  info = await settled(page);
  assert.equal(info.report.pass, true);
  assert.deepEqual(await page.$$eval('#sol-warnings li', (els) => els.map((e) => e.textContent)), ["the output's lines end in CR LF (Windows); read as LF"]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: bad input is a visible message: another level’s output, an empty box, a dropped file over 16 MiB', async () => {
  const { page, context, errors } = await ready(openPengu, A2);
  let info = await check(page, T14_OUT, 'bfs');
  assert.equal(info.report.pass, false);
  assert.equal(await textOf(page, '#sol-other-level'), 'Is this the output for another level? Its grid is 20 × 20; the level on the board is 6 × 7.');
  info = await check(page, '  \n', 'bfs');
  assert.equal(info.state, 'error');
  assert.match(await textOf(page, '#sol-status'), /^Nothing to check/);
  // Dropped on the section (made in the page: no 16 MiB through the test's pipe).
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array((16 << 20) + 1).fill(0x32)], 'huge.out', { type: 'text/plain' }));
    document.querySelector('#check-solution').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await page.waitForSelector('#sol-error:not([hidden])');
  assert.equal(await textOf(page, '#sol-error'), 'Cannot open this solution. huge.out has 16,777,217 bytes, more than the 16 MiB a solution may have.');
  // A file that fits is opened and checked at once.
  await page.setInputFiles('#sol-file', { name: 'a2.out', mimeType: 'text/plain', buffer: Buffer.from(A2_OUT) });
  info = await settled(page);
  assert.equal(info.report.message, 'optimal: 6 moves');
  assert.ok(await page.isHidden('#sol-error'));
  assert.equal(await page.inputValue('#sol-text'), A2_OUT);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Act-Man: the instructor’s sample output for sampledungeon0 passes ID-DFS', async () => {
  const { page, context, errors } = await ready(openActman, DUNGEON);
  const info = await check(page, DUNGEON_OUT, 'iddfs');
  assert.equal(info.report.pass, true);
  assert.equal(await textOf(page, '#sol-message'), 'optimal: victory with 3 turns');
  assert.equal(await textOf(page, '#sol-distance'), 'optimal');
  await page.click('#sol-end');
  const pair = (await page.evaluate(() => window.gridlab.checkSolution())).pair;
  assert.equal(pair.yours.moves, '86E');
  assert.equal(pair.optimal.length, 3);
  // A turn limit below the victory's: the goal is not met.
  await page.selectOption('#sol-limit', 'n');
  await page.fill('#sol-limit-n', '2');
  await page.click('#sol-load');
  const limited = await settled(page);
  assert.equal(limited.report.pass, false);
  assert.equal(limited.report.problem.kind, 'goal_not_met');
  assert.equal(await textOf(page, '#sol-message'), 'victory in 3 turns, over the limit of 2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: the link carries what was checked and reopens the panel with the verdict', async () => {
  const { page, context, errors } = await ready(openPengu, T14);
  await page.selectOption('#sol-limit', 'n');
  await page.fill('#sol-limit-n', '3');
  await check(page, T14_OUT, 'iddfs');
  await page.waitForFunction(() => /j\.sol=/.test(location.hash));
  const url = page.url();
  assert.match(url, /j\.algo=iddfs/);
  assert.match(url, /j\.goal=3/);
  const other = await openPengu(url.slice(url.indexOf('#')));
  const info = await settled(other.page);
  assert.equal(info.open, true);
  assert.equal(info.report.message, (await page.evaluate(() => window.gridlab.checkSolution())).report.message);
  assert.equal(await other.page.inputValue('#sol-algo'), 'iddfs');
  assert.equal(await other.page.inputValue('#sol-limit'), 'n');
  assert.equal(await other.page.inputValue('#sol-limit-n'), '3');
  assert.equal(await other.page.inputValue('#sol-text'), T14_OUT);
  assert.equal(await textOf(other.page, '#sol-yours-pos'), '0 / 11');
  assert.deepEqual(other.errors, []);
  await other.context.close();
  // A solution longer than a link holds is left out of it, with a message.
  const long = `${'2'.repeat(40_000)}\n`;
  await check(page, long, 'bfs');
  assert.match(await textOf(page, '#sol-link-note'), /^This solution has 40,001 bytes, more than the 30,000 a link carries/);
  await page.waitForFunction(() => /j\.algo=bfs/.test(location.hash));
  assert.doesNotMatch(page.url(), /j\.sol=/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: a long proof shows its state, the page stays live, Cancel stops it and the next check answers', async () => {
  const { page, context, errors } = await ready(openPengu, SLOW, 'solve');
  await page.selectOption('#sol-algo', 'astar');
  await page.fill('#sol-text', '6');
  await page.click('#sol-load');
  await page.waitForFunction(() => /proving the optimum… [1-9]\d* s$/.test(document.querySelector('#sol-status').textContent));
  assert.match(await textOf(page, '#sol-status'), /^Checking against A\*: replaying the plan and proving the optimum… \d+ s$/);
  assert.ok(await page.isDisabled('#sol-load'));
  // The page answers meanwhile: the tabs switch, the panel follows.
  await tab(page, 'play');
  assert.equal(await page.$eval('#check-solution', (el) => el.parentElement.id), 'panel-play');
  await page.click('#sol-cancel');
  const info = await settled(page);
  assert.equal(info.state, 'cancelled');
  assert.equal(await textOf(page, '#sol-status'), 'Cancelled.');
  assert.ok(await page.isEnabled('#sol-load'));
  assert.ok(await page.evaluate((text) => window.gridlab.loadLevel(text, ''), A2));
  const next = await check(page, A2_OUT, 'bfs');
  assert.equal(next.report.message, 'optimal: 6 moves');
  assert.deepEqual(errors, []);
  await context.close();
});
