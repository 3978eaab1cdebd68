// Browser tests of the playground's Act-Man II view, through headless Debian Chromium.
// Run: node --test --test-concurrency=1 tests/e2e/

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, pageOpener, shotPath, settle, norm, b64url, tab, loadText, cellPoint, clickCell, swipe, runCompare, setRange, snap, PHONE, assertBackingScale, present } from './harness.mjs';
import { idle, moves, pickGame, assertUndoRedo, assertBadTextKept, assertLinkReopens, assertBadLink, assertLoads, openLink, assertAutosaved, assertReset } from './harness.mjs';

// The course sample (CS 5400 HW2 dungeon0) and its published output for 86E.
const DUNGEON0 = '5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########\n';
const OUTPUT_86E = '86E\n38\n###########\n# A@#  @  #\n# #     # #\n#   #     #\n###########\n';
const ALLEY =
  '7 12\n############\n#A         #\n# ## @  ## #\n#    #     #\n# ## @  ## #\n#G        D#\n############\n';

const env = useBrowser();

/**
 * A page with error collection, ready. levels/actman/index.json may not exist yet (the
 * collection is optional): its 404 is the one failed request tolerated.
 */
const open = pageOpener(env, 'actman', { collectionMayBeMissing: true });

test('the Act-Man view opens from the picker and from #game=actman', async () => {
  const { page, context, errors } = await open('');
  assert.equal(await page.evaluate(() => window.gridlab.game), 'pengu');
  await pickGame(page, 'actman');
  assert.equal(norm(await page.evaluate(() => window.gridlab.levelText())), norm(DUNGEON0));
  await page.waitForFunction(() => /(^|&)game=actman(&|$)/.test(location.hash.slice(1)));
  // Play a step, go back to Pengu and return: each game keeps its own state.
  await page.locator('#board').focus();
  await page.keyboard.press('Numpad8');
  await idle(page);
  await page.click('[data-game="pengu"]');
  await page.waitForFunction(() => window.gridlab.game === 'pengu');
  await page.locator('#board').focus();
  await page.keyboard.press('Numpad9');
  assert.equal(await moves(page), '9');
  await page.click('[data-game="actman"]');
  await page.waitForFunction(() => window.gridlab.game === 'actman');
  assert.equal(await moves(page), '8');
  assert.equal(await page.textContent('#moves'), '8');
  // A link to a Pengu level opened in this tab switches the game, and back.
  const pengu = '5 8\n########\n#P  * 0#\n#  #   #\n#*  S *#\n########\n';
  await page.evaluate((h) => (location.hash = h), `#game=pengu&level=${b64url(pengu)}&moves=3`);
  await page.waitForFunction(() => window.gridlab.game === 'pengu' && window.gridlab.moves() === '3');
  assert.equal(await page.evaluate(() => window.gridlab.levelText()), pengu);
  await page.evaluate((h) => (location.hash = h), `#game=actman&level=${b64url(ALLEY)}&moves=6`);
  await page.waitForFunction(() => window.gridlab.game === 'actman' && window.gridlab.moves() === '6');
  assert.equal(await page.evaluate(() => window.gridlab.levelText()), ALLEY);
  assert.deepEqual(errors, []);
  await context.close();
});

test('load the course dungeon from text, solve it with A* and play the plan to victory', async () => {
  const { page, context, errors } = await open();
  await assertLoads(page, DUNGEON0);
  await tab(page, 'solve');
  await page.selectOption('#algo', 'astar');
  await page.selectOption('#objective', 'turns');
  await page.click('#solve');
  await page.waitForSelector('#outcome');
  await page.waitForSelector('#solve:not([disabled])');
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'found');
  const plan = (await page.textContent('#plan-moves')).trim();
  assert.equal(plan.length, 3);
  assert.match(await page.textContent('#result'), /victory/);
  await page.waitForSelector('#trace:not([hidden])');
  assert.match(await page.textContent('#trace-info'), /^Expansion [\d,]+ of [\d,]+ \(event [\d,]+ of [\d,]+\)/);
  await setRange(page, '#plan-speed', 4);
  await page.click('#plan-play');
  await page.waitForSelector('#banner:not([hidden])', { timeout: 60000 });
  assert.match(await page.textContent('#banner'), /Victory/);
  assert.match(await page.textContent('#banner-verdict'), /\*\*\* VICTORY \*\*\*/);
  assert.equal(await page.textContent('#banner-moves'), plan);
  assert.equal(await page.evaluate(() => window.gridlab.status()), 'victory');
  assert.equal(await moves(page), plan);
  // The best-score objective and the course preset with its note.
  await page.selectOption('#objective', 'score');
  await page.click('#solve');
  await page.waitForFunction(() => /best score/.test(document.querySelector('#result').textContent) && !document.querySelector('#solve').disabled);
  assert.match(await page.textContent('#result'), /Score\s*50/);
  assert.equal((await page.textContent('#plan-moves')).trim().length, 10);
  await page.selectOption('#preset', 'bfs');
  assert.equal(await page.inputValue('#algo'), 'bfs');
  assert.equal(await page.inputValue('#max-turns'), '7');
  await page.fill('#max-turns', '2');
  await page.click('#solve');
  await page.waitForSelector('#solve-note');
  assert.match(await page.textContent('#solve-note'), /no victory within 2 turns: the best-scoring surviving plan is shown/);
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'no_plan');
  // A larger dungeon for the heat-map of Act-Man's cells: the keep, A* for the best
  // score, the search replay scrubbed part-way.
  await page.selectOption('#level-select', 'keep');
  await page.selectOption('#algo', 'astar');
  await page.selectOption('#objective', 'score');
  await page.fill('#max-turns', '50');
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelector('#outcome') && !document.querySelector('#solve').disabled &&
    /12 turns/.test(document.querySelector('#result').textContent));
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'found');
  await page.$eval('#trace-scrub', (el) => {
    el.value = String(Math.round(Number(el.max) * 0.6));
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.click('#plan-step');
  await idle(page);
  await settle(page);
  assert.match(await page.textContent('#trace-info'), /^Expansion [\d,]+ of [\d,]+ \(event [\d,]+ of [\d,]+\)/);
  await page.screenshot({ path: shotPath('actman-solve.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard play: steps, Shift+direction fires, F aims, the course output', async () => {
  const { page, context, errors } = await open();
  await page.locator('#board').focus();
  await page.keyboard.press('Numpad8');
  await page.keyboard.press('d'); // east
  assert.equal(await moves(page), '86');
  assert.equal(await page.textContent('#bullet .value'), 'ready');
  await page.keyboard.press('Shift+D'); // fire east
  await idle(page);
  assert.equal(await moves(page), '86E');
  assert.equal(await page.textContent('#output'), OUTPUT_86E);
  assert.equal(await page.textContent('#score .value'), '38');
  assert.equal(await page.textContent('#bullet .value'), 'spent');
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.textContent('#banner'), /Victory/);
  assert.match(await page.textContent('#verdict'), /\*\*\* VICTORY \*\*\*/);
  // Undo, then fire with F and a direction; Shift+8 fires north.
  await page.keyboard.press('Control+z');
  assert.equal(await moves(page), '86');
  assert.ok(await page.isHidden('#banner'));
  await page.keyboard.press('f');
  assert.equal(await page.evaluate(() => window.gridlab.aiming()), true);
  await page.keyboard.press('Numpad6');
  await idle(page);
  assert.equal(await moves(page), '86E');
  await page.keyboard.press('r');
  assert.equal(await moves(page), '');
  await page.keyboard.press('Shift+Digit8');
  await idle(page);
  assert.equal(await moves(page), 'N');
  // A second shot is refused, with a message; nothing changes.
  await page.keyboard.press('Shift+ArrowDown');
  assert.equal(await moves(page), 'N');
  await page.waitForSelector('#toast.show');
  assert.match(await page.textContent('#toast'), /bullet/);
  // Death: 866 walks into the demon.
  await page.keyboard.press('r');
  for (const k of ['Numpad8', 'Numpad6', 'Numpad6']) await page.keyboard.press(k);
  await page.waitForSelector('#banner:not([hidden])');
  assert.equal(await page.evaluate(() => window.gridlab.status()), 'dead');
  assert.match(await page.textContent('#banner'), /Act-Man died/);
  assert.match(await page.textContent('#banner'), /walked into a demon/);
  assert.doesNotMatch(await page.textContent('#banner'), /Victory/);
  assert.equal(await page.textContent('#score .value'), '0');
  assert.deepEqual(errors, []);
  await context.close();
});

test('pointer: click a neighbour to step, Shift+click in line or the fire pad to shoot', async () => {
  const { page, context, errors } = await open();
  await clickCell(page, 1, 1); // north of Act-Man at (2,1)
  await idle(page);
  await clickCell(page, 1, 2); // east
  await idle(page);
  assert.equal(await moves(page), '86');
  await clickCell(page, 1, 3, { shift: true }); // in line east: fire
  await idle(page);
  assert.equal(await moves(page), '86E');
  assert.equal(await page.evaluate(() => window.gridlab.status()), 'victory');
  await page.click('#banner-restart');
  assert.equal(await moves(page), '');
  await page.click('#dpad [data-dir="8"]');
  await idle(page);
  await page.click('#firepad [data-dir="E"]');
  await idle(page);
  assert.equal(await moves(page), '8E');
  assert.ok(await page.isDisabled('#firepad [data-dir="N"]'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the monsters\' arrows: on by default, hover previews, toggle', async () => {
  const { page, context, errors } = await open();
  const arrows = () => page.evaluate(() => window.gridlab.scene().top.filter((m) => m.kind === 'arrow'));
  assert.equal(await page.evaluate(() => window.gridlab.arrows()), true);
  assert.ok(await page.isChecked('#arrows-toggle'));
  const now = await arrows();
  assert.deepEqual(now.map((a) => [a.monster, a.row, a.col, a.to.row, a.to.col]), [['ogre', 1, 9, 1, 8], ['demon', 3, 5, 2, 4]]);
  // Step north, then hover the cell back south: the arrows preview the monsters'
  // answer to that step (they differ from where they go if Act-Man stays).
  await clickCell(page, 1, 1);
  await idle(page);
  const stay = await arrows();
  assert.deepEqual(stay.map((a) => [a.monster, a.row, a.col, a.to.row, a.to.col]), [['ogre', 1, 8, 1, 7], ['demon', 2, 4, 1, 3]]);
  const p = await cellPoint(page, 2, 1);
  await page.mouse.move(p.x, p.y);
  await page.waitForFunction(() => window.gridlab.scene().top.some((m) => m.kind === 'arrow' && m.preview));
  const preview = await arrows();
  assert.deepEqual(preview.map((a) => [a.monster, a.to.row, a.to.col]), [['ogre', 2, 7], ['demon', 2, 3]]);
  assert.ok(preview.every((a) => a.preview));
  assert.deepEqual((await page.evaluate(() => window.gridlab.scene().marks)).map((m) => [m.kind, m.row, m.col]), [['target', 2, 1]]);
  await snap(page, 'actman-play.png');
  // Taking that step, the monsters do what the preview showed.
  await page.mouse.click(p.x, p.y);
  await idle(page);
  await page.mouse.move(5, 5);
  assert.equal(await moves(page), '82');
  const v = await page.evaluate(() => window.gridlab.view());
  const where = v.monsters.map(([c, kind]) => `${kind} ${c.row},${c.col}`).sort();
  assert.deepEqual(where, ['demon 2,3', 'ogre 2,7']);
  // Toggle with the switch and with M.
  await page.click('#arrows-toggle');
  assert.equal(await page.evaluate(() => window.gridlab.arrows()), false);
  assert.deepEqual(await arrows(), []);
  await page.locator('#board').focus();
  await page.keyboard.press('m');
  assert.equal(await page.evaluate(() => window.gridlab.arrows()), true);
  assert.ok(await page.isChecked('#arrows-toggle'));
  assert.equal((await arrows()).length, 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the editor paints ogres, demons and corpses, undoes and redoes, and autosaves', async () => {
  const { page, context, errors } = await open();
  await tab(page, 'edit');
  const before = await page.evaluate(() => window.gridlab.levelText());
  assert.deepEqual(await page.$$eval('#palette .swatch', (els) => els.map((e) => e.dataset.sym)), ['#', ' ', 'G', 'D', '@', 'A']);
  await page.click('.swatch[data-sym="G"]');
  await clickCell(page, 3, 1);
  const painted = await page.evaluate(() => window.gridlab.levelText());
  assert.equal(painted.split('\n')[4], '#G  #D    #');
  assert.equal(await page.inputValue('#level-text'), painted);
  await assertUndoRedo(page, before, painted);
  // A drag paints demons then a corpse; painting over Act-Man is refused.
  await page.click('.swatch[data-sym="D"]');
  const a = await cellPoint(page, 3, 2);
  const b = await cellPoint(page, 3, 3);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  assert.equal((await page.evaluate(() => window.gridlab.levelText())).split('\n')[4], '#GDD#D    #');
  await page.click('.swatch[data-sym="@"]');
  await clickCell(page, 2, 1);
  await page.waitForSelector('#toast.show');
  assert.match(await page.textContent('#toast'), /Act-Man/);
  await clickCell(page, 1, 2);
  const edited = await page.evaluate(() => window.gridlab.levelText());
  assert.equal(edited.split('\n')[2], '# @ #  @ G#');
  await page.fill('#rows', '6');
  await page.click('#resize');
  assert.equal((await page.evaluate(() => window.gridlab.view())).rows, 6);
  await page.click('#edit-undo');
  assert.equal(await page.evaluate(() => window.gridlab.levelText()), edited);
  await page.mouse.move(5, 5);
  await snap(page, 'actman-edit.png');
  await assertAutosaved(page, 'actman', edited);
  await assertReset(page, before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad dungeon text shows the line and column and keeps the dungeon', async () => {
  const { page, context, errors } = await open();
  const msg = await assertBadTextKept(page, '3 5\n#####\n#AX #\n#####\n', /Line 3, column 3/);
  assert.match(msg, /'X'/);
  await assertLoads(page, ALLEY);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a shared URL shows the same dungeon and replays the actions', async () => {
  const { page, context, errors } = await openLink(open, 'actman', ALLEY, '64');
  assert.equal(await page.textContent('#moves'), '64');
  await page.locator('#board').focus();
  await page.keyboard.press('Numpad6');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.waitForFunction(() => /moves=646W(&|$)/.test(location.hash));
  await assertLinkReopens(page, open, '646W', { level: ALLEY });
  // A damaged dungeon in a link: an error naming the place, not a blank page.
  await assertBadLink(open, `#game=actman&level=${b64url('3 5\n#####\n#A?##\n#####\n')}`, /Line 3, column 3/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('compare runs several algorithms on a dungeon', async () => {
  const { page, context, errors } = await open();
  await loadText(page, ALLEY);
  const { summary, heads } = await runCompare(page);
  assert.match(summary, /agree/);
  assert.match(summary, /5 turns/);
  assert.deepEqual(heads.slice(1), ['A*', 'BFS', 'ID-DFS', 'Greedy']);
  assert.ok((await page.$$('#compare-table td.optimal')).length >= 3);
  // Best score: A* leads both monsters onto corpses (53 points), BFS still 5 turns.
  await page.selectOption('#cmp-objective', 'score');
  await page.click('#compare-run');
  await page.waitForSelector('#compare-run:not([disabled])', { timeout: 120000 });
  assert.match(await page.textContent('#compare-summary'), /A\* \(best score\): 53 points in 7 turns/);
  await snap(page, 'actman-compare.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('touch: a swipe steps, presentation mode and HiDPI', async () => {
  const { page, context, errors } = await open('#game=actman', PHONE);
  await swipe(page, context, 0, -12);
  await page.waitForFunction(() => window.gridlab.moves() === '8');
  await assertBackingScale(page, 3);
  await present(page);
  await idle(page);
  await snap(page, 'actman-phone.png', { fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the course's sampledungeon2 loads from a link: its stray line after the grid read as notes, with a warning", async () => {
  const text = readFileSync(new URL('../data/actman/instructor/set2-sampledungeon2.txt', import.meta.url), 'utf8');
  const { page, context, errors } = await open(`#game=actman&level=${b64url(text)}`);
  await page.waitForFunction(() => window.gridlab.view().rows === 8);
  await page.waitForFunction(() => {
    const t = document.querySelector('#toast');
    return t && t.textContent.includes('line 11: text after the grid, read as notes: `64W41714`');
  });
  assert.deepEqual(await page.evaluate(() => window.gridlab.view().warnings), ['line 11: text after the grid, read as notes: `64W41714`']);
  assert.ok(!(await page.evaluate(() => window.gridlab.levelText())).includes('64W41714'), 'the notes are not cells');
  assert.deepEqual(errors, []);
  await context.close();
});
