// Browser tests of "More tools" (the end of the Solve tab, www/js/tools-panel.js): the
// registry's tools that the page's own panels do not run, each a form made from its
// options' schema, run in the solver worker, its report or its error shown.
// Run: node --test --test-concurrency=1 tests/e2e/tools_panel.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, shotPath, tab } from './harness.mjs';

// The course's A1 field: its optimal all-fish plan takes 8 moves (pengu.test.mjs).
const A1 = '7 6 \n######\n#U0 S#\n#* 0##\n#P  *#\n#0 #0#\n#*#U*#\n######\n';
// 32 fish in an open room: its exact analysis runs for minutes, long enough to cancel.
const SLOW =
  '12 14\n##############\n#* * * * * * #\n#            #\n# * * * * * *#\n#            #\n' +
  '#* * * *P* * #\n#            #\n# * * * * * *#\n#            #\n#* * * * * * #\n' +
  '#            #\n##############\n';
const MIB = 1 << 20;

// What each game's own panels run (its spec's solve, check, generate and shownTools).
const SHOWN = {
  pengu: ['solve', 'verdict', 'generate', 'judge', 'state-space'],
  actman: ['solve', 'verdict', 'generate', 'judge', 'state-space'],
  rogue: ['verdict', 'generate', 'analyze', 'value-game'],
  gpac: ['verdict'],
};

const env = useBrowser();

const open = (hash = '#game=pengu', game = 'pengu') =>
  openPage(env.browser, env.server.url + hash, { game, allowMissing: /\/levels\/\w+\/index\.json$/ });

/** The tools the section lists (none when it is absent). */
const listed = (page) => page.$$eval('#panel-solve #more-tools details.tool', (els) => els.map((e) => e.dataset.tool));

/** Open Pengu on A1, on the Solve tab, with the analyze tool unfolded. */
async function penguAnalyze() {
  const opened = await open();
  const { page } = opened;
  await page.evaluate((text) => window.gridlab.loadLevel(text, ''), A1);
  await tab(page, 'solve');
  await page.click('#tool-analyze > summary');
  await page.waitForSelector('#tool-analyze-run', { state: 'visible' });
  return opened;
}

async function runTool(page, name) {
  await page.click(`#tool-${name}-run`);
  await page.waitForFunction((n) => {
    const info = window.gridlab.moreTools();
    const r = info && info.runners.find((x) => x.name === n);
    return r && r.state !== 'running';
  }, name, { timeout: 120000 });
}

test('Pengu: "More tools" lists the registry tools its panels do not run, with the schema’s fields and defaults', async () => {
  const { page, context, errors } = await penguAnalyze();
  assert.equal((await page.textContent('#more-tools h3')).trim(), 'More tools');
  assert.equal(await page.$eval('#panel-solve', (p) => p.lastElementChild && p.lastElementChild.id), 'more-tools', 'the section ends the Solve tab');
  const registry = await page.evaluate(() => window.gridlab.registryTools());
  const names = registry.map((t) => t.name);
  for (const shown of SHOWN.pengu) assert.ok(names.includes(shown), `the registry has ${shown}`);
  assert.deepEqual(await listed(page), names.filter((n) => !SHOWN.pengu.includes(n)));
  assert.ok((await listed(page)).includes('analyze'));
  assert.match(await page.textContent('#tool-analyze > summary'), /^analyze — Prove a field/);

  // One field a schema property, its default in it (a byte count in MiB).
  const analyze = registry.find((t) => t.name === 'analyze');
  const keys = Object.keys(analyze.schema.properties).sort();
  assert.deepEqual(await page.$$eval('#tool-analyze-form input, #tool-analyze-form select', (els) => els.map((e) => e.id)), keys.map((k) => `tool-analyze-${k}`));
  assert.equal(await page.inputValue('#tool-analyze-maxStates'), '20000000');
  assert.equal(await page.inputValue('#tool-analyze-planCap'), '1000000');
  assert.equal(await page.inputValue('#tool-analyze-maxMemory'), String(analyze.defaults.maxMemory / MIB));
  assert.equal(await page.inputValue('#tool-analyze-maxMemory'), '1024');
  // Labelled controls, described by the options' documentation.
  const tool = page.locator('#tool-analyze');
  assert.equal(await tool.getByLabel('Max states', { exact: true }).getAttribute('id'), 'tool-analyze-maxStates');
  assert.equal(await tool.getByLabel('Plan cap', { exact: true }).getAttribute('id'), 'tool-analyze-planCap');
  assert.equal(await tool.getByLabel('Max memory (MiB)', { exact: true }).getAttribute('id'), 'tool-analyze-maxMemory');
  const hint = await page.getAttribute('#tool-analyze-maxStates', 'aria-describedby');
  assert.equal((await page.textContent(`#${hint}`)).trim(), analyze.schema.properties.maxStates.description.replace(/\s*\n\s*/g, ' '));
  assert.equal(await page.textContent('#tool-analyze-cli'), 'gridlab pengu analyze LEVEL.txt --json');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: analyze reports the optimal plan length the Solve panel finds', async () => {
  const { page, context, errors } = await penguAnalyze();
  await runTool(page, 'analyze');
  assert.match(await page.textContent('#tool-analyze-status'), /^Done in [\d.]+ s/);
  // The buttons, the report, the (hidden) stale note: nothing else.
  assert.deepEqual(await page.$eval('#tool-analyze-output', (o) => [...o.childNodes].map((n) => n.nodeName)), ['DIV', 'PRE', 'P']);
  const report = JSON.parse(await page.textContent('#tool-analyze-report'));
  assert.deepEqual(report, await page.evaluate(() => window.gridlab.moreTools().runners.find((r) => r.name === 'analyze').report));
  assert.equal(report.count.outcome, 'found');
  assert.equal(report.count.moves, 8);
  assert.equal(report.count.plan.length, report.count.moves);
  assert.equal(report.features.optimal_moves, 8);
  await page.locator('#more-tools').screenshot({ path: shotPath('tools-panel-analyze.png') });

  // The Solve panel's BFS (optimal) plan is as long.
  await page.selectOption('#algo', 'bfs');
  await page.selectOption('#goal-kind', 'all');
  await page.click('#solve');
  await page.waitForSelector('#outcome', { timeout: 60000 });
  await page.waitForSelector('#solve:not([disabled])', { timeout: 60000 });
  const plan = (await page.textContent('#plan-moves')).trim();
  assert.equal(plan.length, report.count.moves);

  // An edit makes the report stale, and says so.
  assert.equal(await page.isVisible('#tool-analyze-stale'), false);
  await page.evaluate(() => window.gridlab.loadLevel('5 8\n########\n#P  * 0#\n#  #   #\n#*  S *#\n########\n', ''));
  await page.waitForSelector('#tool-analyze-stale', { state: 'visible' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Pengu: a bad option shows the error naming its field, and the form goes in the link', async () => {
  const { page, context, errors } = await penguAnalyze();
  // Refused by the engine: the field is named and marked.
  await page.fill('#tool-analyze-maxStates', '0');
  assert.equal(await page.textContent('#tool-analyze-cli'), 'gridlab pengu analyze LEVEL.txt --max-states 0 --json');
  await runTool(page, 'analyze');
  const status = await page.textContent('#tool-analyze-status');
  assert.match(status, /^Max states: /);
  assert.match(status, /max_states: 0 is not between 1 and 20000000/);
  assert.equal(await page.getAttribute('#tool-analyze-status', 'role'), 'alert');
  assert.equal(await page.getAttribute('#tool-analyze-maxStates', 'aria-invalid'), 'true');
  assert.equal(await page.$('#tool-analyze-report'), null, 'no report with an error');
  const info = await page.evaluate(() => window.gridlab.moreTools().runners.find((r) => r.name === 'analyze'));
  assert.equal(info.state, 'error');
  assert.equal(info.error.field, 'max_states');

  // Empty: the page says so before running.
  await page.fill('#tool-analyze-maxStates', '');
  await page.click('#tool-analyze-run');
  assert.equal(await page.textContent('#tool-analyze-status'), 'Max states: enter a number');

  // A good value runs again; a changed field is in the link and comes back from it.
  await page.fill('#tool-analyze-maxStates', '5000');
  await page.fill('#tool-analyze-planCap', '7');
  await page.dispatchEvent('#tool-analyze-planCap', 'change');
  await runTool(page, 'analyze');
  assert.equal(await page.getAttribute('#tool-analyze-maxStates', 'aria-invalid'), null);
  assert.equal(JSON.parse(await page.textContent('#tool-analyze-report')).count.moves, 8);
  await page.waitForFunction(() => /(^|&)t\.tool-analyze-planCap=7(&|$)/.test(location.hash.slice(1)));
  const hash = await page.evaluate(() => location.hash);
  await context.close();
  const again = await open(hash);
  assert.equal(await again.page.inputValue('#tool-analyze-planCap'), '7');
  assert.equal(await again.page.inputValue('#tool-analyze-maxStates'), '5000');
  assert.deepEqual(errors, []);
  assert.deepEqual(again.errors, []);
  await again.context.close();
});

test('Pengu: a long analysis can be cancelled, and the next run answers', async () => {
  const { page, context, errors } = await penguAnalyze();
  await page.evaluate((text) => window.gridlab.loadLevel(text, ''), SLOW);
  await page.click('#tool-analyze-run');
  await page.waitForSelector('#tool-analyze-cancel:not([disabled])');
  assert.match(await page.textContent('#tool-analyze-status'), /^Running analyze…/);
  assert.equal(await page.isDisabled('#tool-analyze-run'), true);
  await page.click('#tool-analyze-cancel');
  await page.waitForSelector('#tool-analyze-run:not([disabled])');
  assert.equal(await page.textContent('#tool-analyze-status'), 'Cancelled.');
  assert.equal(await page.isDisabled('#tool-analyze-cancel'), true);

  await page.evaluate((text) => window.gridlab.loadLevel(text, ''), A1);
  await runTool(page, 'analyze');
  assert.equal(JSON.parse(await page.textContent('#tool-analyze-report')).count.moves, 8, 'the worker answers after a cancel');
  assert.deepEqual(errors, []);
  await context.close();
});

test('every game lists the registry’s tools but those its panels run, and nothing when none is left', async () => {
  const { page, context, errors } = await open();
  for (const id of ['pengu', 'actman', 'rogue', 'gpac']) {
    await page.evaluate((g) => window.gridlab.switchGame(g), id);
    await page.waitForFunction((g) => window.gridlab.game === g, id);
    const names = (await page.evaluate(() => window.gridlab.registryTools())).map((t) => t.name);
    const expected = names.filter((n) => !SHOWN[id].includes(n));
    assert.deepEqual(await listed(page), expected, id);
    assert.equal(!!(await page.$('#panel-solve #more-tools')), expected.length > 0, `${id}: the section shows only with tools in it`);
    if (expected.length) assert.equal(await page.$eval('#panel-solve', (p) => p.lastElementChild.id), 'more-tools', `${id}: at the end`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
