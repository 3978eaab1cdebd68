// Browser tests of Rogue's "Check a recorded game" (Solve tab): a transcript pasted in
// is read back and valued by the engine's `value-game` tool in the worker; the table
// shows every move with its verdict, a mistake marked; a row click shows its position,
// the Play tab's Step follows the recorded moves; the link carries the transcript.
// Run: node --test --test-concurrency=1 tests/e2e/rogue_check.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, useBrowser, pageOpener, b64url, tab, idle, moves, view } from './harness.mjs';

const env = useBrowser();
const open = pageOpener(env, 'rogue', { collectionMayBeMissing: true });

/** A 3 × 3 room: the monster wins in 2. */
const ROOM = '3\nA . .\n. . .\n. . @\n';
/** The monster stays once (a mistake of one move), then the capture: moves 55353. */
const WAITS = [
  'A . . \n. . . \n. . @ \n',
  'Move 1\n', 'A . . \n. . . \n. . @ \n', 'A . . \n. . . \n. . @ \n',
  'Move 2\n', '. . . \n. A . \n. . @ \n', '. . . \n. A . \n. . @ \n',
  'Move 3\n', '. . . \n. . . \n. . * \n',
].join('\n') + '\nCaught by monster\n';

/** Paste `text` into the panel and load it; wait for the table or the error. */
async function check(page, text) {
  await tab(page, 'solve');
  await page.fill('#rogue-check-text', text);
  await page.click('#rogue-check-load');
  await page.waitForSelector('#rogue-check-table, #rogue-check-error:not([hidden])');
}

/** The table's rows: move, who, from → to, value, best, verdict. */
const rows = (page) => page.$$eval('#rogue-check-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));

test('the stock referee’s recording of a game on dungeonA is read back and valued', async () => {
  const level = readFileSync(path.join(ROOT, 'levels/rogue/course/dungeonA.txt'), 'utf8');
  const stock = readFileSync(path.join(ROOT, 'tests/data/rogue/capture-dungeonA.stdout'), 'utf8');
  const { page, context, errors } = await open(`#game=rogue&level=${b64url(level)}`);
  await check(page, stock);
  const table = await rows(page);
  assert.equal(table.length, 15);
  assert.deepEqual(table[0].slice(0, 3), ['1a', 'Monster', '1,9 → 2,8']);
  assert.deepEqual(table[1].slice(0, 3), ['1b', 'Rogue', '5,5 → 4,4']);
  assert.match(await page.textContent('#rogue-check-status'), /^15 half-moves read and valued\. .*Caught by monster in turn 8\.$/);
  // The game's line is on the board, at its start.
  assert.equal(await page.evaluate(() => window.gridlab.line()), '171747777545454');
  assert.equal(await moves(page), '');
  // The tool is the panel's: "More tools" does not list it.
  assert.equal(await page.$$eval('#more-tools details.tool[data-tool="value-game"]', (d) => d.length), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a waiting monster is a mistake; a row click and Step show the recorded game; the link carries it', async () => {
  const { page, context, errors } = await open(`#game=rogue&level=${b64url(ROOM)}`);
  await check(page, WAITS);
  assert.deepEqual(await rows(page), [
    ['1a', 'Monster', '1,1 → 1,1', '2 → 2', '1', 'mistake, costs 1 move'],
    ['1b', 'Rogue', '3,3 → 3,3', '2 → 2', '2', 'optimal'],
    ['2a', 'Monster', '1,1 → 2,2', '2 → 1', '1', 'optimal'],
    ['2b', 'Rogue', '3,3 → 3,3', '1 → 1', '1', 'optimal'],
    ['3a', 'Monster', '2,2 → 3,3', '1 → 0', '0', 'optimal'],
  ]);
  const marked = await page.$eval('#rogue-check-table tbody tr', (tr) => [tr.dataset.verdict, tr.classList.contains('warn'), getComputedStyle(tr.cells[5]).backgroundColor]);
  assert.deepEqual(marked.slice(0, 2), ['mistake', true]);
  assert.notEqual(marked[2], await page.$eval('#rogue-check-table tbody tr:nth-child(2) td:last-child', (td) => getComputedStyle(td).backgroundColor), 'the mistake is coloured apart');
  assert.equal(await page.textContent('#rogue-check-monster'), 'Monster: 3 moves, 2 optimal, 1 mistake (costing 1 monster move), 0 blunders');
  // A row click shows the position after that move.
  await page.click('#rogue-check-table tbody tr:nth-child(3)');
  await idle(page);
  assert.equal(await moves(page), '553');
  let v = await view(page);
  assert.deepEqual([v.monster, v.rogue, v.toMove], [{ row: 1, col: 1 }, { row: 2, col: 2 }, 'rogue']);
  assert.equal(await page.getAttribute('#rogue-check-table tbody tr:nth-child(3)', 'aria-current'), 'step');
  // The transport's Step follows the recorded game (not the strategies).
  await tab(page, 'play');
  await page.click('#step');
  await idle(page);
  assert.equal(await moves(page), '5535');
  await page.click('#step');
  await idle(page);
  assert.equal(await moves(page), '55353');
  v = await view(page);
  assert.equal(v.status, 'caught');
  // The link carries the transcript: a new page shows the same table.
  await page.waitForFunction(() => /(^|&)transcript=/.test(location.hash.slice(1)));
  const url = page.url();
  const other = await open(url.slice(url.indexOf('#')));
  await tab(other.page, 'solve');
  await other.page.waitForSelector('#rogue-check-table');
  assert.deepEqual(await rows(other.page), await rows(page));
  assert.equal(await other.page.inputValue('#rogue-check-text'), WAITS);
  assert.equal(await moves(other.page), '55353', 'the position in the game stays');
  assert.equal(await other.page.getAttribute('#rogue-check-table tbody tr:nth-child(5)', 'aria-current'), 'step');
  assert.deepEqual(other.errors, []);
  await other.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a malformed transcript is refused at its line and column', async () => {
  const { page, context, errors } = await open(`#game=rogue&level=${b64url(ROOM)}`);
  await check(page, 'A . . \n. . . \n. . @ \n\nMove 2\n');
  assert.equal(await page.textContent('#rogue-check-error'), 'Cannot open this transcript. Line 5, column 6: expected \'Move 1\', found \'Move 2\'');
  assert.equal(await page.$('#rogue-check-table'), null);
  assert.equal(await page.evaluate(() => {
    const t = /** @type {HTMLTextAreaElement} */ (document.querySelector('#rogue-check-text'));
    return t.value.slice(t.selectionStart, t.selectionEnd);
  }), 'Move 2', 'the line is selected');
  assert.deepEqual(errors, []);
  await context.close();
});
