// The level generator's form, progress and time budget (issue 24): each field shows
// the module's limits (the generate tool's options schema) beside it and as the
// input's min/max, a value out of range is an error naming the field (never a silent
// clamp); progress arrives from the first candidate (candidates, the best so far,
// the elapsed time); a time limit stops the generation and offers the best level so
// far, which loads on a click.

import test from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, tab } from './harness.mjs';

const env = useBrowser();

/** Open `game`'s Edit tab with the generator unfolded. */
async function openGenerator(game) {
  const opened = await openPage(env.browser, `${env.server.url}#game=${game}`);
  await tab(opened.page, 'edit');
  await opened.page.click('#gen summary');
  return opened;
}

/** Fill the generator's form: {key: value} (booleans tick, strings pick). */
async function fill(page, fields) {
  for (const [key, v] of Object.entries(fields)) {
    const el = `#gen-${key}`;
    if (typeof v === 'boolean') await (v ? page.check(el) : page.uncheck(el));
    else if (await page.$eval(el, (e) => e.tagName === 'SELECT')) await page.selectOption(el, v);
    else await page.fill(el, String(v));
  }
}

// Each game's item field, its limits (the module's), and a value beyond them.
const CASES = [
  { game: 'pengu', key: 'fish', label: 'Fish', min: 1, max: 12, bad: 14 },
  { game: 'actman', key: 'monsters', label: 'Monsters', min: 1, max: 6, bad: 7 },
  { game: 'rogue', key: 'size', label: 'Size', min: 5, max: 24, bad: 30 },
];

for (const c of CASES) {
  test(`${c.game}: each field shows the module's limits; ${c.label} ${c.bad} is an error naming the field, not a clamp`, async () => {
    const { page, context, errors } = await openGenerator(c.game);
    const before = await page.evaluate(() => window.gridlab.levelText());
    const el = `#gen-${c.key}`;
    assert.deepEqual(await page.$eval(el, (e) => [e.min, e.max]), [String(c.min), String(c.max)]);
    const label = await page.$eval(el, (e) => e.closest('label').textContent);
    assert.match(label, new RegExp(`${c.label}.*${c.min} to ${c.max}`));
    // The time limit is a field too, with its limits.
    assert.deepEqual(await page.$eval('#gen-timeLimit', (e) => [e.min, e.max]), ['0', '3600']);
    await fill(page, { [c.key]: c.bad });
    await page.click('#gen-go');
    await page.waitForFunction(() => document.querySelector('#gen-status').classList.contains('goal-no'), null, { timeout: 20000 });
    const status = await page.textContent('#gen-status');
    assert.match(status, new RegExp(`^${c.label}: ${c.bad}\\b.*\\b${c.min}\\b.*\\b${c.max}\\b`));
    assert.equal(await page.$eval(el, (e) => e.getAttribute('aria-invalid')), 'true');
    // Nothing was generated: the board keeps its level, the field its value.
    assert.equal(await page.evaluate(() => window.gridlab.levelText()), before);
    assert.equal(await page.inputValue(el), String(c.bad));
    assert.equal((await page.evaluate(() => window.gridlab.generator())).busy, false);
    // A value in range clears the mark.
    await fill(page, { [c.key]: c.max });
    await page.waitForFunction((sel) => document.querySelector(sel).getAttribute('aria-invalid') !== 'true', el);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Settings no level can meet (the field is too small for 200 moves): the generation
// runs until the time limit, which offers the best level so far.
const ENDLESS = {
  pengu: { rows: 6, cols: 6, fish: 3, minMoves: 200, unique: false, seed: 4, timeLimit: 3 },
  actman: { rows: 5, cols: 6, monsters: 1, minTurns: 80, needsBullet: false, needsLure: false, unique: false, seed: 4, timeLimit: 3 },
  rogue: { size: 5, goal: 'monsterWins', minMoves: 200, seed: 4, timeLimit: 3 },
};

for (const [game, fields] of Object.entries(ENDLESS)) {
  test(`${game}: progress from the first candidate; the time limit offers the best level so far`, async () => {
    const { page, context, errors } = await openGenerator(game);
    await fill(page, fields);
    await page.click('#gen-go');
    // The first report follows the first candidate; the status counts candidates,
    // the best so far and the seconds.
    await page.waitForFunction(() => window.gridlab.generator().events > 0, null, { timeout: 20000 });
    const first = (await page.evaluate(() => window.gridlab.generator())).first;
    assert.equal(first.candidates, 1);
    await page.waitForFunction(() => /^Generating… [\d,]+ candidates · best so far \d+ \w+ · \d+\.\d s$/.test(document.querySelector('#gen-status').textContent), null, { timeout: 20000 });
    // The time limit stops it and offers the best so far.
    await page.waitForSelector('#gen-load-best', { state: 'visible', timeout: 30000 });
    const info = await page.evaluate(() => window.gridlab.generator());
    assert.equal(info.busy, false);
    assert.match(info.status, /^Time limit \(3 s\) reached after [\d,]+ candidates: the best so far has \d+ \w+ \(asked at least \d+\)\.$/);
    assert.ok(info.progress.bestLevel, JSON.stringify(info.progress));
    assert.ok(info.progress.best > 0 && info.progress.best < 200, JSON.stringify(info.progress));
    await page.click('#gen-load-best');
    await page.waitForFunction(() => window.gridlab.generator().generated);
    const loaded = await page.evaluate(() => window.gridlab.levelText());
    assert.equal(loaded.trim(), info.progress.bestLevel.trim());
    assert.match(await page.textContent('#gen-status'), /^Loaded the best so far: \d+ \w+ \(asked at least \d+\)/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
