// Browser tests of the Solve tab's heuristic lab (www/js/heuristic-lab.js,
// heuristic-worker.js, heuristic-help.js): a heuristic written in the page is run and
// judged, an inadmissible one lists its states and a click shows one on the board, a
// runaway h is stopped with a message and the page still works, and a link's code runs
// only after the person agrees.
// Run: node --test --test-concurrency=1 tests/e2e/heuristic_lab.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import path from 'node:path';
import { ROOT, useBrowser, pageOpener, tab, b64url, moves } from './harness.mjs';

const FIELD = readFileSync(path.join(ROOT, 'levels/pengu/course/testcase-04-7x7.txt'), 'utf8');
const env = useBrowser();
const open = pageOpener(env, 'pengu', { collectionMayBeMissing: true });

/** The page on FIELD, the lab unfolded with `code` in its box. */
async function lab(code) {
  const opened = await open(`#game=pengu&level=${b64url(FIELD)}`);
  const { page } = opened;
  await tab(page, 'solve');
  await page.click('#heuristic-lab > summary');
  if (code != null) await page.fill('#lab-code', code);
  return opened;
}

async function runAndWait(page) {
  await page.click('#lab-run');
  await page.waitForSelector('#lab-admissible, #lab-message.bad', { timeout: 60000 });
}

test('a heuristic written in the page is judged admissible, with the comparison and the debugger', async () => {
  const { page, context, errors } = await lab('function h(state, help) {\n  return state.fish.length > 0 ? 1 : 0;\n}\n');
  await runAndWait(page);
  const text = await page.textContent('#lab-admissible');
  assert.match(text, /^Admissible on all [\d,]+ stored states\.$/);
  assert.match(await page.textContent('#lab-consistent'), /^Consistent on all [\d,]+ edges between stored states\.$/);
  const rows = await page.$$eval('#lab-compare tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(rows.map((r) => r[0]), ['yours', 'built-in', 'zero']);
  assert.ok(rows.every((r) => r[2] === 'found'));
  assert.equal(rows[0][7], rows[1][7], 'the same optimal cost');
  assert.ok(Number(rows[0][3].replace(/,/g, '')) >= Number(rows[1][3].replace(/,/g, '')), 'the built-in expands no more');
  assert.match(await page.textContent('#lab-optimum'), /^The optimum costs \d+; your search's plan costs \d+\.$/);
  // The Solve panel shows the run: its outcome and the debugger's record.
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'found');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an inadmissible heuristic lists its states; a click shows one on the board', async () => {
  const { page, context, errors } = await lab('function h(state, help) {\n  return 10 * state.fish.length;\n}\n');
  await runAndWait(page);
  const over = Number(await page.getAttribute('#lab-admissible', 'data-over'));
  assert.ok(over > 0);
  assert.match(await page.textContent('#lab-admissible'), new RegExp(`^Not admissible: h > h\\* at ${over.toLocaleString('en-US')} of [\\d,]+ stored states \\(worst by \\d+\\)\\.$`));
  const items = await page.$$('#lab-over .lab-over');
  assert.equal(items.length, Math.min(over, 100));
  const label = await items[items.length - 1].textContent();
  const n = Number(/after (\d+) moves/.exec(label)[1]);
  await items[items.length - 1].click();
  await page.waitForFunction((k) => window.gridlab.moves().length === k, n);
  assert.equal((await moves(page)).length, n);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a runaway h is stopped with a message and the page still works', async () => {
  const { page, context } = await lab('function h(state, help) {\n  while (true) {}\n}\n');
  await page.click('#lab-run');
  await page.waitForSelector('#lab-message.bad', { timeout: 30000 });
  assert.match(await page.textContent('#lab-message'), /^Your h did not return for 4 s/);
  assert.equal(await page.isEnabled('#lab-run'), true);
  // A throwing h: the message names the state.
  await page.fill('#lab-code', 'function h(state) {\n  throw new Error("oops");\n}\n');
  await page.click('#lab-run');
  await page.waitForSelector('#lab-message.bad');
  assert.match(await page.textContent('#lab-message'), /^Your h failed: h failed at the state reached by moves '': oops\. State: \{"row":4,"col":3,"fish":\[/);
  // The page still plays.
  await page.click('#tab-play');
  await page.keyboard.press('8');
  await page.waitForFunction(() => window.gridlab.moves().length === 1);
  await context.close();
});

test('a link carries the code, which runs only after the person agrees', async () => {
  const code = 'function h(state, help) {\n  return 0;\n}\n// from a link\n';
  // The page's own link carries the code box.
  const first = await lab(code);
  await first.page.waitForFunction(() => location.hash.includes('hl.code='));
  const hash = await first.page.evaluate(() => location.hash);
  await first.context.close();
  const z = deflateRawSync(Buffer.from(code)).toString('base64url');
  for (const link of [hash, `#game=pengu&level=${b64url(FIELD)}&hl.code=${z}`]) {
    const { page, context, errors } = await open(link);
    await tab(page, 'solve');
    await page.waitForSelector('#lab-link-note:not([hidden])');
    assert.equal(await page.inputValue('#lab-code'), code);
    assert.match(await page.textContent('#lab-link-note'), /came from a link/);
    await page.click('#lab-run');
    assert.match(await page.textContent('#lab-message'), /^Code from a link runs only after you agree/);
    assert.equal(await page.$('#lab-admissible'), null, 'nothing ran');
    await page.click('#lab-trust');
    await page.waitForSelector('#lab-admissible', { timeout: 60000 });
    assert.match(await page.textContent('#lab-admissible'), /^Admissible/);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
